import { type BerthRow, byCabin, detailText, flag, personCells, unseated } from "./berths.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";

/**
 * The manifest (DOMAIN.md section 8, Passengers): every sold berth by cabin with its passenger's
 * name, identification, nationality, sex, birthday and age on the day of departure, reservation,
 * space type, diet and medical notes; a berth without a passenger shows as such and is listed as
 * incomplete.
 */
export const passengersDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  if (list === null) return null;
  const { departure, t, berths, column } = list;
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
  return departureList("passengers", list, now, {
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
  });
};
