import { Field } from "./Field.tsx";

/** A labelled multi-line field, for texts longer than a line (a destination's description, a message). */
export function TextAreaInput({
  label,
  problem = null,
  rows = 3,
  ...textarea
}: {
  readonly name: string;
  readonly label: string;
  readonly defaultValue?: string;
  /** The contract's limit for this field, so the browser stops where the server would refuse. */
  readonly maxLength?: number;
  readonly problem?: string | null;
  readonly rows?: number;
}) {
  return (
    <Field label={label} problem={problem}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </Field>
  );
}
