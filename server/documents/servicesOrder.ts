import { wetsuitSizes } from "../../src/api/passengers.ts";
import { legKey, legsOf, legText } from "./legs.ts";
import { type BerthRow, byCabin, detailText, flag, isSeated, lackingPassengers, unseated } from "./berths.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";
import { findDepartureService } from "./service.ts";

/**
 * The services' order (DOMAIN.md section 8), for the yacht's crew and its hotelier: who serves the
 * departure and in which languages it is guided, then every sold berth by cabin with its
 * passenger's diet, wetsuit size, medical notes, requirements, transfers and arrival flight, and
 * the counts the galley and the dive locker prepare for. A berth without a passenger, or a
 * passenger without an arrival flight (the transfer waits for it), is incomplete.
 */
export const servicesOrderDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  const service = await findDepartureService(db, cruiseId, language);
  if (list === null || service === null) return null;
  const { t, berths, column } = list;
  const legs = await legsOf(db, cruiseId);
  const seated = berths.filter(isSeated);
  const diet = (berth: BerthRow) =>
    [flag(berth.details, "vegetarian") ? t("documents.vegetarian") : null, flag(berth.details, "glutenFree") ? t("documents.glutenFree") : null]
      .filter((entry) => entry !== null)
      .join(", ");
  let number = 0;
  const row = (berth: BerthRow): ReadonlyArray<string> => {
    number += 1;
    if (berth.passenger_id === null) return [String(number), t("documents.noPassenger"), berth.space_type, "", "", "", "", "", ""];
    return [
      String(number),
      `${berth.last_name ?? ""}, ${berth.first_name ?? ""}`,
      berth.space_type,
      diet(berth),
      detailText(berth.details, "wetsuitSize"),
      detailText(berth.details, "medical"),
      detailText(berth.details, "requirements"),
      detailText(berth.details, "transfers"),
      legText(legs.get(legKey(berth.passenger_id, "outbound"))),
    ];
  };
  const wetsuits = wetsuitSizes.flatMap((size) => {
    const count = seated.filter((berth) => detailText(berth.details, "wetsuitSize") === size).length;
    return count === 0 ? [] : [`${size} × ${count}`];
  });
  const none = t("documents.none");
  const listed = (names: ReadonlyArray<string>) => (names.length === 0 ? none : names.join(", "));
  return departureList("servicesOrder", list, now, {
    columns: [
      column("number", 3),
      column("passenger", 14),
      column("spaceType", 8),
      column("diet", 9),
      column("wetsuit", 6),
      column("medical", 12),
      column("requirements", 14),
      column("transfers", 14),
      column("outboundFlight", 14),
    ],
    sections: [
      {
        title: t("documents.service"),
        columns: [column("item", 25), column("detail", 75)],
        rows: [
          [t("documents.columns.hotelier"), service.hotelier === "" ? none : service.hotelier],
          [t("documents.columns.captain"), service.captain === "" ? none : service.captain],
          [t("documents.guideLanguages"), listed(service.languages)],
          [t("documents.columns.guides"), listed(service.guides.map((guide) => (guide.languages === "" ? guide.name : `${guide.name} (${guide.languages})`)))],
        ],
      },
      ...byCabin(berths).map(([cabin, cabinBerths]) => ({ title: t("documents.cabin", { name: cabin }), rows: cabinBerths.map(row) })),
    ],
    totals: [
      { label: t("documents.passengerCount"), value: String(seated.length) },
      { label: t("documents.vegetarian"), value: String(seated.filter((berth) => flag(berth.details, "vegetarian")).length) },
      { label: t("documents.glutenFree"), value: String(seated.filter((berth) => flag(berth.details, "glutenFree")).length) },
      {
        label: t("documents.columns.wetsuit"),
        value: wetsuits.length === 0 ? none : wetsuits.join(" · "),
      },
    ],
    incomplete: [
      ...unseated(berths),
      ...lackingPassengers(seated, (berth) => (legs.has(legKey(berth.passenger_id, "outbound")) ? [] : ["outboundFlight"])),
    ],
  });
};
