import { Field } from "./Field.tsx";

interface TextInputProps {
  readonly name: string;
  readonly label: string;
  readonly type: "color" | "date" | "email" | "tel" | "text" | "time";
  readonly problem: string | null;
  readonly autoComplete?: string;
  /** The saved value when a form edits an existing record. */
  readonly defaultValue?: string;
  /** The phone keyboard to offer, e.g. digits and a decimal separator for prices, or one for addresses. */
  readonly inputMode?: "decimal" | "url";
  /** The contract's limit for this field (its `TextField.maxLength`), so the browser stops where the server would refuse. */
  readonly maxLength?: number;
  /** The language of what is typed, when it is not the page's (an English text). */
  readonly lang?: string;
  /** Shown under the input while there is no problem. */
  readonly hint?: string;
}

/** A labelled field whose problem message is tied to it for screen readers. */
export function TextInput({ label, problem, hint, ...input }: TextInputProps) {
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
