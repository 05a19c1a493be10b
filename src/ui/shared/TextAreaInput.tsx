import { Field } from "./Field.tsx";

/** A labelled multi-line field, for texts longer than a line (a destination's description, a message). */
export function TextAreaInput({
  label,
  problem = null,
  hint,
  rows = 3,
  ...textarea
}: {
  readonly name: string;
  readonly label: string;
  readonly defaultValue?: string;
  /** The contract's limit for this field, so the browser stops where the server would refuse. */
  readonly maxLength?: number;
  /** The language of what is typed, when it is not the page's (an English text). */
  readonly lang?: string;
  readonly problem?: string | null;
  /** Shown under the field while there is no problem. */
  readonly hint?: string;
  readonly rows?: number;
}) {
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </Field>
  );
}
