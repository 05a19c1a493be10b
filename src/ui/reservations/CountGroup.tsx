import { OptionGroup, type OptionGroupProps } from "../shared/CheckboxGroup.tsx";

/** How many of each option a count group's inputs hold, read from the form: each option's value repeated that often. */
export const formCounts = (form: FormData, name: string): string[] =>
  [...form.entries()].flatMap(([key, typed]) => {
    if (!key.startsWith(`${name}:`) || typeof typed !== "string") return [];
    const count = Number(typed.trim() === "" ? "0" : typed);
    return Number.isInteger(count) && count >= 0 && count <= MAX_COUNT ? Array<string>(count).fill(key.slice(name.length + 1)) : [];
  });

/** More of one berth type than any cabin holds. */
const MAX_COUNT = 9;

interface CountGroupProps extends OptionGroupProps {
  /** The label of one option's count ('Cantidad de Litera'). */
  readonly countLabel: (option: string) => string;
  readonly empty: string;
}

/**
 * A fieldset with a count per option (a cabin's berths: two single beds and a bunk), for a list of
 * references where an item may be chosen more than once.
 */
export function CountGroup({ name, options, defaultValues, countLabel, ...group }: CountGroupProps) {
  return (
    <OptionGroup className="count-group" options={options} {...group}>
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
    </OptionGroup>
  );
}
