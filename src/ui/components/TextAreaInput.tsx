import { useId } from "react";

/** A labelled multi-line field, for texts longer than a line (a destination's description). */
export function TextAreaInput({
  name,
  label,
  defaultValue,
  maxLength,
  problem = null,
}: {
  readonly name: string;
  readonly label: string;
  readonly defaultValue?: string;
  /** The contract's limit for this field, so the browser stops where the server would refuse. */
  readonly maxLength?: number;
  readonly problem?: string | null;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={problem === null ? undefined : true}
        aria-describedby={problem === null ? undefined : hintId}
      />
      {problem !== null && <small id={hintId}>{problem}</small>}
    </>
  );
}
