import { Field } from "./Field.tsx";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** Options under a heading (a yacht's decks under the yacht's name). */
export interface OptionGroup {
  readonly label: string;
  readonly options: ReadonlyArray<SelectOption>;
}

const renderOption = (option: SelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

interface SelectInputProps {
  readonly name: string;
  readonly label: string;
  /** The first, empty choice ('Seleccione un rol'). */
  readonly placeholder: string;
  readonly options: ReadonlyArray<SelectOption | OptionGroup>;
  readonly problem: string | null;
  readonly defaultValue?: string;
  /** Told the chosen value, for a form that shows a field only for some choices. */
  readonly onChange?: (value: string) => void;
}

/** A labelled select whose problem message is tied to it for screen readers. */
export function SelectInput({ name, label, placeholder, options, problem, defaultValue, onChange }: SelectInputProps) {
  return (
    <Field label={label} problem={problem}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue ?? ""} onChange={(event) => onChange?.(event.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((option) =>
            "options" in option ? (
              <optgroup key={option.label} label={option.label}>
                {option.options.map(renderOption)}
              </optgroup>
            ) : (
              renderOption(option)
            ),
          )}
        </select>
      )}
    </Field>
  );
}
