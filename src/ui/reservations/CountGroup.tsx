import { useId } from "react";

/** How many of each option a count group's inputs hold, read from the form: each option's value repeated that often. */
export const formCounts = (form: FormData, name: string): string[] =>
  [...form.entries()].flatMap(([key, typed]) => {
    if (!key.startsWith(`${name}:`) || typeof typed !== "string") return [];
    const count = Number(typed.trim() === "" ? "0" : typed);
    return Number.isInteger(count) && count >= 0 && count <= MAX_COUNT ? Array<string>(count).fill(key.slice(name.length + 1)) : [];
  });

/** More of one berth type than any cabin holds. */
const MAX_COUNT = 9;

interface CountGroupProps {
  readonly name: string;
  readonly legend: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  /** The options chosen when the form opens, each as often as it is chosen. */
  readonly defaultValues: ReadonlyArray<string>;
  readonly problem: string | null;
  /** The label of one option's count ('Cantidad de Litera'). */
  readonly countLabel: (option: string) => string;
  readonly empty: string;
}

/**
 * A fieldset with a count per option (a cabin's berths: two single beds and a bunk), for a list of
 * references where an item may be chosen more than once.
 */
export function CountGroup({ name, legend, options, defaultValues, problem, countLabel, empty }: CountGroupProps) {
  const hintId = `${useId()}-hint`;
  return (
    <fieldset
      className="count-group"
      aria-invalid={problem === null ? undefined : true}
      aria-describedby={problem === null ? undefined : hintId}
    >
      <legend>{legend}</legend>
      {options.length === 0 && <p className="checkbox-group-empty">{empty}</p>}
      {options.map((option) => (
        <label key={option.value} className="count-option">
          <input
            type="number"
            name={`${name}:${option.value}`}
            min={0}
            max={MAX_COUNT}
            step={1}
            inputMode="numeric"
            aria-label={countLabel(option.label)}
            defaultValue={defaultValues.filter((value) => value === option.value).length}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {problem !== null && <small id={hintId}>{problem}</small>}
    </fieldset>
  );
}
