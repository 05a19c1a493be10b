import "./priceBreakdown.css";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCents, formatPercent } from "../../api/amounts.ts";
import type { ItemizedLine, ItemizedSums } from "../../api/quote.ts";

/** An amount taken off, written with a true minus sign in either language. */
const minus = (cents: number, language: string): string => (cents === 0 ? formatCents(0, language) : `− ${formatCents(cents, language)}`);

/** What a line sells: a cabin's space of a type, a family room, the whole yacht or a flight leg's passengers. */
const lineLabel = (line: ItemizedLine, t: TFunction, cabinName: (id: number) => string, spaceTypeName: (id: number) => string): string => {
  const cabin = line.cabinId === null ? "" : cabinName(line.cabinId);
  if (line.kind === "charter") return t("quote.charter");
  if (line.kind === "familyRoom") return t("quote.familyRoom", { cabin });
  if (line.kind === "flight") return t(line.passenger === "child" ? "quote.flightChildren" : "quote.flightAdults", { rate: line.rate.name, count: line.quantity });
  return t("quote.space", { cabin, type: line.genderId === null ? "" : spaceTypeName(line.genderId) });
};

/** Which rate priced a line, and in which season. */
const rateLabel = (line: ItemizedLine, t: TFunction): string =>
  [t(`quote.rateKinds.${line.rate.kind}`), line.rate.name, line.season === null ? null : t(`quote.seasons.${line.season}`)]
    .filter((part) => part !== null)
    .join(" · ");

/** One row of the price: what it is (the row's head) and its amount; `kind` is the row's class. */
const PriceRow = ({ kind, concept, amount }: { readonly kind: string; readonly concept: ReactNode; readonly amount: string }) => (
  <tr className={kind}>
    <th scope="row">{concept}</th>
    <td>{amount}</td>
  </tr>
);

/**
 * The commission's percentage when every line that earns one earns the same (the agency's), else
 * none: an Ikarus rate's own commission can sit beside the agency's.
 */
const commonPercent = (lines: ReadonlyArray<ItemizedLine>): number | null => {
  const percents = new Set(lines.filter((line) => line.canceled !== true && line.commissionPercent > 0).map((line) => line.commissionPercent));
  return percents.size === 1 ? ([...percents][0] ?? null) : null;
};

/**
 * A price part by part (issue 37, item 3), the quote beside the hold form and a reservation's
 * price lines alike: each line at the rack price, each discount and then the commission on a
 * line of its own, the subtotal, total and net due. Every amount comes in whole cents from the
 * server, which itemized the lines with the arithmetic that priced them; nothing is reckoned here.
 */
export function PriceBreakdown({
  lines,
  sums,
  cabinName,
  spaceTypeName,
  label,
}: {
  readonly lines: ReadonlyArray<ItemizedLine>;
  readonly sums: ItemizedSums;
  readonly cabinName: (id: number) => string;
  readonly spaceTypeName: (id: number) => string;
  /** The table's accessible name. */
  readonly label: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const percent = commonPercent(lines);
  return (
    <table className="price-breakdown" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t("quote.concept")}</th>
          <th scope="col">{t("quote.amount")}</th>
        </tr>
      </thead>
      {lines.map((line, index) => (
        // a line has no id of its own: its place in the price is what it is
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
        <tbody key={index} className={line.canceled === true ? "line-canceled" : undefined}>
          <PriceRow
            kind="price-line"
            concept={
              <>
                {lineLabel(line, t, cabinName, spaceTypeName)}
                {line.quantity > 1 && line.kind !== "flight" && ` × ${line.quantity}`}
                {line.canceled === true && <small> · {t("reservations.lineCanceled")}</small>}
                <small className="price-rate">{rateLabel(line, t)}</small>
              </>
            }
            amount={formatCents(line.listCents, language)}
          />
          {line.discounts.map((discount) => (
            <PriceRow
              key={discount.kind}
              kind="price-discount"
              concept={t(`quote.discounts.${discount.kind}`, { percent: formatPercent(discount.percent, language) })}
              amount={minus(discount.amountCents, language)}
            />
          ))}
        </tbody>
      ))}
      <tfoot>
        <PriceRow kind="price-subtotal" concept={t("quote.subtotal")} amount={formatCents(sums.subtotalCents, language)} />
        <PriceRow kind="price-total" concept={t("quote.total")} amount={formatCents(sums.totalCents, language)} />
        <PriceRow
          kind="price-commission"
          concept={percent === null ? t("quote.commission") : t("quote.commissionPercent", { percent: formatPercent(percent, language) })}
          amount={minus(sums.commissionCents, language)}
        />
        <PriceRow kind="price-net" concept={t("quote.net")} amount={formatCents(sums.netCents, language)} />
      </tfoot>
    </table>
  );
}
