import { Schema } from "effect";
import { formatCents } from "../../src/api/amounts.ts";
import { TRANSIT_CARD_FEE } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import { SpaceId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { personCells, unseated } from "./berths.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";

/** Who pays which park entrance fee: Ecuadorians the national one, the Andean Community's visitors theirs, the rest the foreign one. */
const taxClasses = ["national", "andean", "foreign"] as const;
type TaxClass = (typeof taxClasses)[number];

/**
 * A seated berth's space type fees, in cents (as the catalogue keeps them, decision 088), and its
 * passenger's country, as the class is judged from them.
 */
const FeeRow = Schema.Struct({
  space_id: SpaceId,
  country_code: Schema.NullOr(Schema.String),
  andean_pact: Schema.Boolean,
  national: Schema.Int,
  andean: Schema.Int,
  foreign: Schema.Int,
});

const feesOf = (db: Queryable, cruiseId: CruiseId) =>
  queryRows(
    db,
    FeeRow,
    `select s.id as space_id, co.details->>'code' as country_code, coalesce((co.details->>'andeanPact')::boolean, false) as andean_pact,
            coalesce((g.details->>'gpsTaxNationalCents')::bigint, 0)::int as national,
            coalesce((g.details->>'gpsTaxAndeanCents')::bigint, 0)::int as andean,
            coalesce((g.details->>'gpsTaxForeignCents')::bigint, 0)::int as foreign
       from spaces s join genders g on g.id = s.gender_id join passengers p on p.id = s.passenger_id
       left join countries co on co.id = p.country_id
      where s.cruise_id = $1 and s.status in ('reserved', 'confirmed')`,
    [cruiseId],
  );

const classOf = (row: typeof FeeRow.Type): TaxClass => (row.country_code === "EC" ? "national" : row.andean_pact ? "andean" : "foreign");

/**
 * The GPS tax list (DOMAIN.md section 8): each passenger aboard with the Galápagos National Park
 * entrance fee their space type sets for their class (national, Andean Community, foreign: the
 * fees are data, kept on the space types), the count and sum per class, the migratory cards
 * (US$20 each, SPEC.md section 9) and what is due in all. A berth without a passenger is incomplete.
 */
export const gpsTaxDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  if (list === null) return null;
  const { departure, t, berths, column } = list;
  const fees = new Map((await feesOf(db, cruiseId)).map((row) => [row.space_id, row]));
  const money = (cents: number) => formatCents(cents, language);
  const perClass = new Map<TaxClass, { count: number; total: number }>(taxClasses.map((taxClass) => [taxClass, { count: 0, total: 0 }]));
  const rows = berths.flatMap((berth) => {
    const fee = fees.get(berth.space_id);
    if (berth.passenger_id === null || fee === undefined) return [];
    const taxClass = classOf(fee);
    const amount = fee[taxClass];
    const sum = perClass.get(taxClass);
    if (sum !== undefined) {
      sum.count += 1;
      sum.total += amount;
    }
    const person = personCells(berth, language, departure.startDate);
    return [[person.name, person.identification, person.nationality, berth.space_type, t(`documents.taxClasses.${taxClass}`), money(amount)]];
  });
  const taxes = [...perClass.values()].reduce((sum, entry) => sum + entry.total, 0);
  const cardCents = TRANSIT_CARD_FEE * 100;
  const cards = rows.length * cardCents;
  return departureList("gpsTax", list, now, {
    columns: [
      column("number", 4),
      column("passenger", 20),
      column("identification", 18),
      column("nationality", 14),
      column("spaceType", 12),
      column("taxClass", 16),
      column("fee", 12),
    ],
    sections: [{ title: t("documents.aboard"), rows: rows.map((row, index) => [String(index + 1), ...row]) }],
    totals: [
      ...taxClasses.map((taxClass) => {
        const { count, total } = perClass.get(taxClass) ?? { count: 0, total: 0 };
        return { label: t("documents.classTotal", { taxClass: t(`documents.taxClasses.${taxClass}`), count }), value: money(total) };
      }),
      { label: t("documents.parkTotal"), value: money(taxes) },
      { label: t("documents.migratoryCards", { count: rows.length, fee: money(cardCents) }), value: money(cards) },
      { label: t("documents.total"), value: money(taxes + cards) },
    ],
    incomplete: unseated(berths),
  });
};
