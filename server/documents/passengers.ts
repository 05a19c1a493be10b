import type { CruiseDocument, DocumentLanguage } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { type DocumentDeparture, findDocumentDeparture } from "./departure.ts";
import { type BerthRow, byCabin, detailText, flag, personCells, soldBerths, unseated } from "./berths.ts";
import { columnOf, documentTexts } from "./texts.ts";

/**
 * The manifest (DOMAIN.md section 8, Passengers): every sold berth by cabin with its passenger's
 * name, identification, nationality, sex, birthday and age on the day of departure, reservation,
 * space type, diet and medical notes; a berth without a passenger shows as such and is listed as
 * incomplete.
 */
export const passengersDocument = async (
  db: Queryable,
  cruiseId: CruiseId,
  language: DocumentLanguage,
  now: Date,
): Promise<CruiseDocument | null> => {
  const departure: DocumentDeparture | null = await findDocumentDeparture(db, cruiseId);
  if (departure === null) return null;
  const t = documentTexts(language);
  const berths = await soldBerths(db, cruiseId);
  let number = 0;
  const row = (berth: BerthRow): ReadonlyArray<string> => {
    number += 1;
    if (berth.passenger_id === null) return [String(number), t("documents.noPassenger"), "", "", "", "", berth.reservation_code, berth.space_type, "", ""];
    const diet = [flag(berth.details, "vegetarian") ? t("documents.vegetarian") : null, flag(berth.details, "glutenFree") ? t("documents.glutenFree") : null];
    const person = personCells(berth, language, departure.startDate);
    return [
      String(number),
      person.name,
      person.identification,
      person.nationality,
      person.sex,
      person.birthday,
      berth.reservation_code,
      berth.space_type,
      diet.filter((entry) => entry !== null).join(", "),
      detailText(berth.details, "medical"),
    ];
  };
  const seated = berths.filter((berth) => berth.passenger_id !== null).length;
  const column = (name: string, width: number) => columnOf(t, name, width);
  return {
    document: "passengers",
    language,
    title: t("documents.titles.passengers"),
    departure,
    code: departure.code,
    columns: [
      column("number", 4),
      column("passenger", 15),
      column("identification", 14),
      column("nationality", 10),
      column("sex", 9),
      column("birthday", 12),
      column("reservation", 10),
      column("spaceType", 9),
      column("diet", 8),
      column("medical", 9),
    ],
    sections: byCabin(berths).map(([cabin, cabinBerths]) => ({ title: t("documents.cabin", { name: cabin }), rows: cabinBerths.map(row) })),
    totals: [
      { label: t("documents.passengerCount"), value: String(seated) },
      { label: t("documents.berthCount"), value: String(berths.length - seated) },
    ],
    incomplete: unseated(berths),
    generatedAt: now.toISOString(),
  };
};
