import type { ReactNode, SelectHTMLAttributes } from "react";

/** One option of a select: the value sent and the text shown. */
export interface Choice {
  readonly value: string;
  readonly text: string;
}

/**
 * A labelled select of `choices`, first the empty value when `empty` names it (all records, none);
 * `children` follow the select inside the label (a help text). The select's other attributes are the
 * screen's: a form field (`name`, `defaultValue`) or a control that acts at once (`value`, `onChange`).
 */
export function ChoiceSelect({
  label,
  choices,
  empty,
  children,
  ...select
}: { readonly label: string; readonly choices: ReadonlyArray<Choice>; readonly empty?: string; readonly children?: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "children"
>) {
  return (
    <label>
      {label}
      <select {...select}>
        {empty !== undefined && <option value="">{empty}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
      {children}
    </label>
  );
}
