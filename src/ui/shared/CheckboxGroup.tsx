import { useId } from "react";

/** The values checked in a group (a field that repeats: checkboxes sharing one name). */
export const formTexts = (form: FormData, name: string): string[] =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

interface CheckboxGroupProps {
  readonly name: string;
  readonly legend: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  /** The values checked when the form opens. */
  readonly defaultValues: ReadonlyArray<string>;
  readonly problem: string | null;
  /** Shown instead of the boxes when there is nothing to choose from. */
  readonly empty?: string;
}

/** A fieldset of checkboxes sharing one name (read with FormData.getAll) and one problem message. */
export function CheckboxGroup({ name, legend, options, defaultValues, problem, empty }: CheckboxGroupProps) {
  const hintId = `${useId()}-hint`;
  return (
    <fieldset
      className="checkbox-group"
      aria-invalid={problem === null ? undefined : true}
      aria-describedby={problem === null ? undefined : hintId}
    >
      <legend>{legend}</legend>
      {options.length === 0 && empty !== undefined && <p className="checkbox-group-empty">{empty}</p>}
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="checkbox"
            name={name}
            value={option.value}
            defaultChecked={defaultValues.includes(option.value)}
          />
          {option.label}
        </label>
      ))}
      {problem !== null && <small id={hintId}>{problem}</small>}
    </fieldset>
  );
}
