import { type CSSProperties, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Cell, RowValue } from "../../api/details.ts";
import type { RowTexts } from "../../machines/catalogues/catalogues.ts";
import { optionKey } from "./options.ts";

/** The rows of a list of rows as the form holds them, in order: `<name>.<row>.<cell>` inputs grouped by row. */
export const formRows = (form: FormData, name: string, cells: ReadonlyArray<Cell>): RowTexts[] => {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const match = new RegExp(`^${name}\\.(\\d+)\\.(\\w+)$`).exec(key);
    if (match === null || typeof value !== "string") continue;
    const [, row = "0", cell = ""] = match;
    if (!cells.some((declared) => declared.name === cell)) continue;
    rows.set(Number(row), { ...rows.get(Number(row)), [cell]: value });
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
};

/** The row's columns: a number or a choice narrow, the texts sharing the rest, the remove button last. */
const columnsOf = (cells: ReadonlyArray<Cell>): string =>
  [...cells.map(({ rule }) => (rule.kind === "text" || rule.kind === "reference" ? "minmax(0, 1fr)" : "minmax(5rem, 7rem)")), "auto"].join(" ");

/** A cell's saved value as its input's starting text. */
const cellText = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/**
 * A list of rows with the same cells (a cruise itinerary's day-by-day program): a line of inputs
 * per row, a button to add one (up to `maxRows`) and one to remove each. The inputs are the form's
 * own (read with `formRows`); only which rows exist is kept here.
 */
export function RowsInput({
  name,
  legend,
  cells,
  maxRows,
  rows,
  problem,
  references = [],
  addLabel,
}: {
  readonly name: string;
  readonly legend: string;
  readonly cells: ReadonlyArray<Cell>;
  readonly maxRows: number;
  readonly rows: ReadonlyArray<RowValue>;
  readonly problem: string | null;
  /** What a reference cell offers (a crew member's nationality: the countries). */
  readonly references?: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  /** The add button's text ('Agregar día'). */
  readonly addLabel: string;
}) {
  const { t } = useTranslation();
  const hintId = `${useId()}-hint`;
  // each row keeps its key while rows above it are removed, so its inputs keep what was typed
  const [shown, setShown] = useState(() => rows.map((row, index) => ({ key: index, row })));
  const [nextKey, setNextKey] = useState(rows.length);
  const add = () => {
    setShown([...shown, { key: nextKey, row: {} }]);
    setNextKey(nextKey + 1);
  };
  return (
    <fieldset className="rows-input" aria-invalid={problem === null ? undefined : true} aria-describedby={problem === null ? undefined : hintId}>
      <legend>{legend}</legend>
      {shown.length === 0 && <p className="checkbox-group-empty">{t("form.noRows")}</p>}
      {shown.map(({ key, row }, index) => (
        <div key={key} className="rows-input-row" style={{ "--row-columns": columnsOf(cells) } as CSSProperties}>
          {cells.map((cell) => {
            const inputName = `${name}.${index}.${cell.name}`;
            const label = `${t(cell.label)} (${t("form.rowNumber", { number: index + 1 })})`;
            const text = cellText(row[cell.name]);
            return (
              // each input is named by its aria-label; the visible label over the first row is for the eye
              <div key={cell.name}>
                <span aria-hidden="true" className={index === 0 ? "rows-input-label" : "rows-input-label rows-input-label-later"}>
                  {t(cell.label)}
                </span>
                {cell.rule.kind === "reference" ? (
                  <select name={inputName} aria-label={label} defaultValue={text} className="rows-input-cell">
                    <option value="">{t("form.choose")}</option>
                    {references.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : cell.rule.kind === "choice" ? (
                  <select name={inputName} aria-label={label} defaultValue={text} className="rows-input-cell">
                    <option value="">{t("form.choose")}</option>
                    {cell.rule.options.map((option) => (
                      <option key={option} value={option}>
                        {t(optionKey(option))}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    className="rows-input-cell"
                    name={inputName}
                    aria-label={label}
                    defaultValue={text}
                    autoComplete="off"
                    inputMode={cell.rule.kind === "number" ? "numeric" : undefined}
                    maxLength={cell.rule.kind === "text" ? cell.rule.text.maxLength : 6}
                  />
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="secondary outline rows-input-remove"
            aria-label={t("form.removeRow", { number: index + 1 })}
            onClick={() => setShown(shown.filter((entry) => entry.key !== key))}
          >
            ×
          </button>
        </div>
      ))}
      {shown.length < maxRows && (
        <button type="button" className="secondary outline" onClick={add}>
          {addLabel}
        </button>
      )}
      {problem !== null && <small id={hintId}>{problem}</small>}
    </fieldset>
  );
}
