import { useTranslation } from "react-i18next";
import { englishName } from "../../api/english.ts";
import type { TextField } from "../../api/fields.ts";
import type { FormProblems } from "../../machines/shared/recordForm.machine.ts";
import type { FieldDeclaration } from "../../records/record.ts";
import { fieldText } from "./forms.ts";
import { CheckboxInput } from "./CheckboxInput.tsx";
import { TextAreaInput } from "./TextAreaInput.tsx";
import { TextInput } from "./TextInput.tsx";

/**
 * A text field as the panel draws it: what src/records' `FieldDeclaration` says of one, plus how
 * its input differs from a one-line text where it does.
 */
export interface TextFormField<Item> {
  readonly kind: "text";
  readonly name: string;
  /** A text key of src/i18n. */
  readonly label: string;
  /** The contract's rule: the input's `maxLength`, and an email or URL input for those kinds. */
  readonly rule: TextField;
  /** The saved record's value; a form that only creates (the contact form) has none. */
  readonly value?: (item: Item) => string | undefined;
  /** A text of several lines: a textarea of this many rows. */
  readonly rows?: number;
  readonly type?: "tel";
  readonly inputMode?: "decimal";
  /** What the browser may fill in; "off" unless given. */
  readonly autoComplete?: string;
  /** A text key of src/i18n shown under the input while it has no problem. */
  readonly hint?: string;
  /** The English version of a Spanish field (decision 041): labelled "<label> (inglés)", `lang="en"`. */
  readonly english?: boolean;
}

/**
 * Declares a form's text fields from the contract's rules: `field(name, value)` is the field
 * `name`, labelled `<section>.<name>`, with the rule the contract gives it.
 */
export const textFieldsOf =
  <Item, Rules extends Readonly<Record<string, TextField>>>(section: string, rules: Rules) =>
  (
    name: keyof Rules & string,
    value: (item: Item) => string | undefined,
    options: Pick<TextFormField<Item>, "rows" | "inputMode" | "hint" | "autoComplete"> = {},
  ): TextFormField<Item> => ({ kind: "text", name, label: `${section}.${name}`, rule: rules[name] as TextField, value, ...options });

/**
 * The English version of a declared Spanish text (decision 041): named `<name>En`, with its length
 * limit, never required (left blank, English readers see the Spanish text), its value `value`.
 */
export const englishField = <Item,>(
  field: TextFormField<Item>,
  value: (item: Item) => string,
): TextFormField<Item> => ({
  ...field,
  name: englishName(field.name),
  rule: { ...field.rule, required: false },
  value,
  english: true,
});

/**
 * A form's field: a record's declaration (every `FieldDeclaration` is one) or, for records not
 * yet declared in src/records, a declaration beside their form's view.
 */
export type FormField<Item> = TextFormField<Item> | Extract<FieldDeclaration<Item>, { readonly kind: "checkbox" }>;

/**
 * One declared field filled with the saved record's value: a text input carries the contract's
 * `maxLength` and its problem; a checkbox starts as declared for a new record.
 */
export function DeclaredField<Item>({
  field,
  item,
  problems,
}: {
  readonly field: FormField<Item>;
  readonly item: Item | null;
  readonly problems: FormProblems;
}) {
  const { t } = useTranslation();
  if (field.kind === "checkbox") {
    return (
      <CheckboxInput
        name={field.name}
        label={t(field.label)}
        defaultChecked={item === null ? field.initial : field.value(item)}
      />
    );
  }
  const { name, rule, rows } = field;
  const text = {
    name,
    label: field.english === true ? t("form.inEnglish", { label: t(field.label) }) : t(field.label),
    ...(field.english === true ? { lang: "en" } : {}),
    ...(field.hint === undefined ? {} : { hint: t(field.hint) }),
    maxLength: rule.maxLength,
    defaultValue: item === null ? undefined : field.value?.(item),
    problem: fieldText(t, problems[name]),
  };
  return rows === undefined ? (
    <TextInput
      {...text}
      type={field.type ?? (rule.kind === "email" ? "email" : "text")}
      inputMode={field.inputMode ?? (rule.kind === "url" ? "url" : undefined)}
      autoComplete={field.autoComplete ?? "off"}
    />
  ) : (
    <TextAreaInput {...text} rows={rows} />
  );
}

/**
 * A record's declared fields, in order; with `columns`, side by side (Pico's grid), one column
 * each, stacked again on a phone.
 */
export function DeclaredFields<Item>({
  fields,
  item,
  problems,
  columns = false,
}: {
  readonly fields: ReadonlyArray<FormField<Item>>;
  readonly item: Item | null;
  readonly problems: FormProblems;
  readonly columns?: boolean;
}) {
  const fieldsDrawn = fields.map((field) => (
    <DeclaredField key={field.name} field={field} item={item} problems={problems} />
  ));
  return columns ? (
    <div className="grid">
      {fieldsDrawn.map((drawn) => (
        <div key={drawn.key}>{drawn}</div>
      ))}
    </div>
  ) : (
    fieldsDrawn
  );
}

/**
 * A form's English texts, in a section of their own that opens by itself when one is written or
 * refused: the Spanish fields stay the form's short path, as most records are written in Spanish.
 */
export function EnglishFields<Item>({
  fields,
  item,
  problems,
}: {
  readonly fields: ReadonlyArray<TextFormField<Item>>;
  readonly item: Item | null;
  readonly problems: FormProblems;
}) {
  const { t } = useTranslation();
  const written = item !== null && fields.some((field) => (field.value?.(item) ?? "") !== "");
  const refused = fields.some((field) => problems[field.name] !== undefined);
  return (
    <details className="english-fields" open={written || refused}>
      <summary>{t("form.englishTexts")}</summary>
      <p>
        <small>{t("form.englishHint")}</small>
      </p>
      <DeclaredFields fields={fields} item={item} problems={problems} />
    </details>
  );
}
