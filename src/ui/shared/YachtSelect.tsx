import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSelect } from "./ChoiceSelect.tsx";

/** A yacht as a filter offers it. */
export interface YachtChoice {
  readonly id: number;
  readonly name: string;
}

/**
 * The yacht a list or a report is narrowed to: all yachts (the empty value) or one of `yachts`.
 * The select's other attributes are the screen's: a form field (`name`, `defaultValue`) or a
 * control that acts at once (`value`, `onChange`, `disabled`).
 */
export function YachtSelect({ yachts, ...select }: { readonly yachts: ReadonlyArray<YachtChoice> } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation();
  return (
    <ChoiceSelect
      label={t("detail.yacht")}
      empty={t("cruises.allYachts")}
      choices={yachts.map((yacht) => ({ value: String(yacht.id), text: yacht.name }))}
      {...select}
    />
  );
}
