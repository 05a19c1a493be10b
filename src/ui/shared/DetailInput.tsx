import { useTranslation } from "react-i18next";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { formatAmount, formatCentsAmount, plainAmount } from "../../api/amounts.ts";
import { type DetailValue, emptyValue, type RowValue } from "../../api/details.ts";
import { type CatalogueChoices, type FieldValues, itemLabel } from "../../machines/catalogues/catalogues.ts";
import type { FormProblems } from "../../machines/shared/recordForm.machine.ts";
import type { FieldDeclaration } from "../../records/record.ts";
import { fieldText, formText } from "./forms.ts";
import { CheckboxGroup, formTexts } from "./CheckboxGroup.tsx";
import { CheckboxInput, formFlag } from "./CheckboxInput.tsx";
import { CountGroup, formCounts } from "../reservations/CountGroup.tsx";
import { optionKey } from "./options.ts";
import { formRows, RowsInput } from "./RowsInput.tsx";
import { type OptionGroup, type SelectOption, SelectInput } from "./SelectInput.tsx";
import { TextAreaInput } from "./TextAreaInput.tsx";
import { TextInput } from "./TextInput.tsx";

/** A declared detail's field, of a catalogue item or of another record with details (a yacht page). */
export type DetailField<Row = CatalogueItem> = Extract<FieldDeclaration<Row>, { readonly kind: "detail" }>;


/** A detail's value as the form holds it: a number in its plain form, the ids ticked. */
export const detailFormValue = <Row,>(field: DetailField<Row>, form: FormData, language: string): FieldValues[string] => {
  switch (field.rule.kind) {
    case "number":
    case "money":
      return plainAmount(formText(form, field.name), language);
    case "flag":
      return formFlag(form, field.name);
    case "references":
      return field.rule.repeats ? formCounts(form, field.name) : formTexts(form, field.name);
    case "rows":
      return formRows(form, field.name, field.rule.cells);
    default:
      return formText(form, field.name);
  }
};

/** Texts longer than this get a textarea: an address, billing information. */
const LONG_TEXT = 200;

/** Texts longer than this are read as paragraphs (a yacht's accommodation): a taller textarea. */
const LONG_DESCRIPTION = 1_000;

/** A number as the language writes it: whole, or an amount with two decimals. */
export const numberText = (value: number, whole: boolean, language: string): string =>
  whole ? String(value) : formatAmount(value, language);

const idText = (value: DetailValue): string => (typeof value === "number" ? String(value) : "");

/** The live items a reference offers, and an inactive one the item already chose (it keeps it). */
const offered = (items: ReadonlyArray<CatalogueItem>, kept: ReadonlyArray<number>, language: string) =>
  items.filter((item) => item.active || kept.includes(item.id)).map((item) => ({ value: String(item.id), label: itemLabel(item, language) }));

/**
 * A reference `within` another detail offers its items grouped by that detail's item (a cabin's
 * decks under their yacht's name), so that items of one name on several yachts tell apart.
 */
const offeredWithin = (
  items: ReadonlyArray<CatalogueItem>,
  kept: ReadonlyArray<number>,
  within: string,
  groups: ReadonlyArray<CatalogueItem>,
  language: string,
): ReadonlyArray<OptionGroup> =>
  groups.flatMap((group) => {
    const options = offered(
      items.filter((item) => item[within] === group.id),
      kept,
      language,
    );
    return options.length === 0 ? [] : [{ label: itemLabel(group, language), options }];
  });

/**
 * One declared detail's input, as its rule says: a text or a textarea, a number (amounts typed as
 * the language writes them), a choice or a reference as a select, a flag as a checkbox, a list of
 * references as checkboxes.
 */
export function DetailInput<Row = CatalogueItem>({
  field,
  item,
  choices,
  problems,
}: {
  readonly field: DetailField<Row>;
  readonly item: Row | null;
  readonly choices: CatalogueChoices | null;
  readonly problems: FormProblems;
}) {
  const { t, i18n } = useTranslation();
  const { name, rule } = field;
  const value = item === null ? null : field.value(item);
  const label = t(field.label);
  // an amount the rules refuse says what one is: dollars, up to its maximum, two decimals at most
  const problem =
    rule.kind === "money" && problems[name] === "invalid" ? t("fields.invalidAmount", { max: formatCentsAmount(rule.maximumCents, i18n.language) }) : fieldText(t, problems[name]);
  const select = (options: ReadonlyArray<SelectOption | OptionGroup>, chosen: string | undefined) => (
    <SelectInput name={name} label={label} problem={problem} placeholder={t("form.choose")} options={options} defaultValue={chosen} />
  );
  switch (rule.kind) {
    case "text": {
      const text = { name, label, problem, maxLength: rule.text.maxLength, defaultValue: typeof value === "string" ? value : undefined };
      return rule.text.kind === "text" && rule.text.maxLength > LONG_TEXT ? (
        <TextAreaInput {...text} rows={rule.text.maxLength > LONG_DESCRIPTION ? 8 : 3} />
      ) : (
        <TextInput {...text} type={rule.text.kind === "email" ? "email" : "text"} autoComplete="off" />
      );
    }
    case "number":
    case "money":
      return (
        <TextInput
          name={name}
          label={label}
          problem={problem}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          defaultValue={typeof value === "number" ? numberText(value, rule.kind === "number" && rule.whole, i18n.language) : undefined}
        />
      );
    case "choice":
      return select(
        rule.options.map((option) => ({ value: option, label: t(optionKey(option)) })),
        typeof value === "string" ? value : undefined,
      );
    case "colour":
      return (
        <TextInput name={name} label={label} problem={problem} type="color" defaultValue={typeof value === "string" ? value : String(emptyValue(rule))} />
      );
    case "time":
    case "date":
      return (
        <TextInput name={name} label={label} problem={problem} type={rule.kind} defaultValue={typeof value === "string" ? value : undefined} />
      );
    case "flag":
      return <CheckboxInput name={name} label={label} defaultChecked={value === true} />;
    case "reference": {
      const kept = typeof value === "number" ? [value] : [];
      const items = choices?.[name] ?? [];
      const { within } = rule;
      return select(
        within === undefined ? offered(items, kept, i18n.language) : offeredWithin(items, kept, within, choices?.[within] ?? [], i18n.language),
        idText(value),
      );
    }
    case "rows":
      return (
        <RowsInput
          name={name}
          legend={label}
          cells={rule.cells}
          maxRows={rule.maxRows}
          rows={(Array.isArray(value) ? value : []) as ReadonlyArray<RowValue>}
          problem={problem}
          references={offered(choices?.[name] ?? [], [], i18n.language)}
          addLabel={t(field.addRow ?? "form.addRow")}
        />
      );
    case "references": {
      const kept = (Array.isArray(value) ? value : []) as ReadonlyArray<number>;
      const group = {
        name,
        legend: label,
        problem,
        options: offered(choices?.[name] ?? [], kept, i18n.language),
        defaultValues: kept.map(String),
        empty: t("form.nothingToChoose"),
      };
      return rule.repeats ? (
        <CountGroup {...group} countLabel={(option) => t("detail.berthCount", { name: option })} />
      ) : (
        <CheckboxGroup {...group} />
      );
    }
  }
}
