import { type ReactNode, useId } from "react";

/** The values checked in a group (a field that repeats: checkboxes sharing one name). */
export const formTexts = (form: FormData, name: string): string[] =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

/** What a group of options asks: its field's name, its legend, its options, the chosen ones and its problem. */
export interface OptionGroupProps {
  readonly name: string;
  readonly legend: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  /** The values chosen when the form opens (a count group's each as often as it is chosen). */
  readonly defaultValues: ReadonlyArray<string>;
  readonly problem: string | null;
  /** Shown instead of the options when there is nothing to choose from. */
  readonly empty?: string;
}

/**
 * The fieldset around a group's options (checkboxes, counts): its legend, the empty text when there
 * are no options, and one problem message that describes the whole group.
 */
export function OptionGroup({
  className,
  legend,
  options,
  problem,
  empty,
  children,
}: Pick<OptionGroupProps, "legend" | "options" | "problem" | "empty"> & { readonly className: string; readonly children: ReactNode }) {
  const hintId = `${useId()}-hint`;
  return (
    <fieldset
      className={className}
      aria-invalid={problem === null ? undefined : true}
      aria-describedby={problem === null ? undefined : hintId}
    >
      <legend>{legend}</legend>
      {options.length === 0 && empty !== undefined && <p className="checkbox-group-empty">{empty}</p>}
      {children}
      {problem !== null && <small id={hintId}>{problem}</small>}
    </fieldset>
  );
}

/** A fieldset of checkboxes sharing one name (read with FormData.getAll) and one problem message. */
export function CheckboxGroup({ name, options, defaultValues, ...group }: OptionGroupProps) {
  return (
    <OptionGroup className="checkbox-group" options={options} {...group}>
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
    </OptionGroup>
  );
}
