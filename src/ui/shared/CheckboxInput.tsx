/** Whether a checkbox of the form is checked. */
export const formFlag = (form: FormData, name: string): boolean => form.get(name) === "on";

/** A checkbox with its label beside it (Pico's layout), e.g. the forms' 'Activo'. */
export function CheckboxInput({
  name,
  label,
  defaultChecked,
}: {
  readonly name: string;
  readonly label: string;
  readonly defaultChecked: boolean;
}) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}
