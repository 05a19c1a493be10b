import { useId } from "react";

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
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={problem === null ? undefined : true}
        aria-describedby={problem === null ? undefined : hintId}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {problem !== null && <small id={hintId}>{problem}</small>}
    </>
  );
}
