/**
 * The sold berths of a departure as every list reads them (DOMAIN.md section 8): each with its
 * passenger or none, the cells a passenger's line shows, and which berths leave a list incomplete.
 */
import { Schema } from "effect";
import type { DocumentLanguage, IncompleteBerth, MissingField } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import { PassengerId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import { ageOn } from "../../src/api/passengers.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { documentDate, documentTexts } from "./texts.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";

/** A sold berth (a live space, held or confirmed) with its passenger when one is seated. */
const BerthRow = Schema.Struct({
  space_id: SpaceId,
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  cabin_name: Schema.String,
  space_type: Schema.String,
  passenger_id: Schema.NullOr(PassengerId),
  first_name: Schema.NullOr(Schema.String),
  last_name: Schema.NullOr(Schema.String),
  identification_type: Schema.NullOr(Schema.String),
  identification: Schema.NullOr(Schema.String),
  birthday: Schema.NullOr(Schema.String),
  country_es: Schema.NullOr(Schema.String),
  country_en: Schema.NullOr(Schema.String),
  gender: Schema.NullOr(Schema.String),
  details: Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown)),
});
export type BerthRow = typeof BerthRow.Type;

/**
 * The departure's sold berths by cabin (the yacht's cabin order), each with its passenger or none,
 * space types and identification documents named in the document's language.
 */
export const soldBerths = (db: Queryable, cruiseId: CruiseId, language: ReaderLanguage): Promise<ReadonlyArray<BerthRow>> =>
  queryRows(
    db,
    BerthRow,
    `select s.id as space_id, s.reservation_id, r.code as reservation_code, cb.name as cabin_name, ${nameSql("g", language)} as space_type,
            p.id as passenger_id, p.first_name, p.last_name, ${nameSql("t", language)} as identification_type, p.identification,
            to_char(p.birthday, 'YYYY-MM-DD') as birthday, co.name as country_es,
            coalesce(co.details->>'englishName', co.name) as country_en, p.gender, p.details
       from spaces s join reservations r on r.id = s.reservation_id join cabins cb on cb.id = s.cabin_id
       join genders g on g.id = s.gender_id left join passengers p on p.id = s.passenger_id
       left join identification_types t on t.id = p.identification_type_id left join countries co on co.id = p.country_id
      where s.cruise_id = $1 and s.status in ('reserved', 'confirmed')
      order by cb.id, s.id`,
    [cruiseId],
  );

export const flag = (details: Readonly<Record<string, unknown>> | null, name: string): boolean => details?.[name] === true;
export const detailText = (details: Readonly<Record<string, unknown>> | null, name: string): string => {
  const value = details?.[name];
  return typeof value === "string" ? value : "";
};

/**
 * What every passenger list says of a seated passenger: "last, first", identification type and
 * number, nationality and sex in the document's language, birthday with the age on the day of
 * departure.
 */
export const personCells = (berth: BerthRow, language: DocumentLanguage, startDate: string) => {
  const t = documentTexts(language);
  const birthday = berth.birthday ?? "";
  return {
    name: `${berth.last_name ?? ""}, ${berth.first_name ?? ""}`,
    identification: `${berth.identification_type ?? ""} ${berth.identification ?? ""}`.trim(),
    nationality: (language === "en" ? berth.country_en : berth.country_es) ?? "",
    sex: berth.gender === null ? "" : t(`options.${berth.gender}`),
    birthday: birthday === "" ? "" : `${documentDate(birthday)} (${t("documents.age", { age: ageOn(birthday, startDate) })})`,
  };
};

/** The cabins in the order their first berth comes, each with its berths. */
export const byCabin = (berths: ReadonlyArray<BerthRow>): ReadonlyArray<readonly [string, ReadonlyArray<BerthRow>]> => {
  const cabins = new Map<string, BerthRow[]>();
  for (const berth of berths) cabins.set(berth.cabin_name, [...(cabins.get(berth.cabin_name) ?? []), berth]);
  return [...cabins.entries()];
};

/** A sold space without a passenger, as a document that cannot list it names it (fixed on the reservation's page). */
export const missingPassenger = (space: Pick<IncompleteBerth, "reservationId" | "reservationCode" | "spaceId" | "cabinName">): IncompleteBerth => ({
  ...space,
  passengerId: null,
  passengerName: null,
  missing: ["passenger"],
});

/** A sold berth without a passenger: the manifest cannot list it (fixed on the reservation's page). */
export const unseated = (berths: ReadonlyArray<BerthRow>): ReadonlyArray<IncompleteBerth> =>
  berths
    .filter((berth) => berth.passenger_id === null)
    .map((berth) =>
      missingPassenger({ reservationId: berth.reservation_id, reservationCode: berth.reservation_code, spaceId: berth.space_id, cabinName: berth.cabin_name }),
    );

/** A sold berth with its passenger seated. */
export type SeatedBerth = BerthRow & { readonly passenger_id: NonNullable<BerthRow["passenger_id"]> };

export const isSeated = (berth: BerthRow): berth is SeatedBerth => berth.passenger_id !== null;

/** The seated passengers lacking what a list needs (`missingOf` names it; none: complete), fixed on their page. */
export const lackingPassengers = (
  seated: ReadonlyArray<SeatedBerth>,
  missingOf: (berth: SeatedBerth) => ReadonlyArray<MissingField>,
): ReadonlyArray<IncompleteBerth> =>
  seated.flatMap((berth) => {
    const missing = missingOf(berth);
    return missing.length === 0
      ? []
      : [
          {
            reservationId: berth.reservation_id,
            reservationCode: berth.reservation_code,
            spaceId: berth.space_id,
            cabinName: berth.cabin_name,
            passengerId: berth.passenger_id,
            passengerName: `${berth.first_name ?? ""} ${berth.last_name ?? ""}`.trim(),
            missing,
          },
        ];
  });
