import { useId } from "react";

/** A labelled multi-line field, for texts longer than a line (a destination's description). */
export function TextAreaInput({
  name,
  label,
  defaultValue,
}: {
  readonly name: string;
  readonly label: string;
  readonly defaultValue?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={3} defaultValue={defaultValue} />
    </>
  );
}
