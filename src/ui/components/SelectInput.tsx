import { Field } from "./Field.tsx";

interface SelectInputProps {
  readonly name: string;
  readonly label: string;
  /** The first, empty choice ('Seleccione un rol'). */
  readonly placeholder: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly problem: string | null;
  readonly defaultValue?: string;
}

/** A labelled select whose problem message is tied to it for screen readers. */
export function SelectInput({ name, label, placeholder, options, problem, defaultValue }: SelectInputProps) {
  return (
    <Field label={label} problem={problem}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue ?? ""}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
