import { useTranslation } from "react-i18next";
import type { FieldProblems } from "../../api/fields.ts";
import type { FieldValues } from "../../machines/catalogues.ts";
import type { FieldDeclaration } from "../../records/record.ts";
import { fieldText, formFlag, formText } from "../forms.ts";
import { CheckboxInput } from "./CheckboxInput.tsx";
import { TextInput } from "./TextInput.tsx";

/** A declared form's values as the form holds them: the text of each text field, each checkbox's state. */
export const declaredValues = <Item,>(
  fields: ReadonlyArray<FieldDeclaration<Item>>,
  form: FormData,
): FieldValues =>
  Object.fromEntries(
    fields.map((field) => [field.name, field.kind === "text" ? formText(form, field.name) : formFlag(form, field.name)]),
  );

/**
 * A record's declared fields, in order, filled with the saved record's values: a text input
 * carries the contract's `maxLength` and its problem; a checkbox starts as declared for a new record.
 */
export function DeclaredFields<Item>({
  fields,
  item,
  problems,
}: {
  readonly fields: ReadonlyArray<FieldDeclaration<Item>>;
  readonly item: Item | null;
  readonly problems: FieldProblems;
}) {
  const { t } = useTranslation();
  return fields.map((field) =>
    field.kind === "text" ? (
      <TextInput
        key={field.name}
        name={field.name}
        type={field.rule.kind === "email" ? "email" : "text"}
        inputMode={field.rule.kind === "url" ? "url" : undefined}
        label={t(field.label)}
        autoComplete="off"
        maxLength={field.rule.maxLength}
        defaultValue={item === null ? undefined : field.value(item)}
        problem={fieldText(t, problems[field.name])}
      />
    ) : (
      <CheckboxInput
        key={field.name}
        name={field.name}
        label={t(field.label)}
        defaultChecked={item === null ? field.initial : field.value(item)}
      />
    ),
  );
}
