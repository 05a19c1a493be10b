import { useId } from "react";

interface TextInputProps {
  readonly name: string;
  readonly label: string;
  readonly type: "email" | "text";
  readonly problem: string | null;
  readonly autoComplete?: string;
}

/** A labelled field whose problem message is tied to it for screen readers. */
export function TextInput({ name, label, type, problem, autoComplete }: TextInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={problem === null ? undefined : true}
        aria-describedby={problem === null ? undefined : hintId}
      />
      {problem !== null && <small id={hintId}>{problem}</small>}
    </>
  );
}
