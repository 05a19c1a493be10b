import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

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
    <label>
      {t("detail.yacht")}
      <select {...select}>
        <option value="">{t("cruises.allYachts")}</option>
        {yachts.map((yacht) => (
          <option key={yacht.id} value={String(yacht.id)}>
            {yacht.name}
          </option>
        ))}
      </select>
    </label>
  );
}
