import { formatMoney } from "../../src/api/amounts.ts";
import { TRANSIT_CARD_FEE } from "../../src/api/documents.ts";
import { legKey, legsOf, legText } from "./legs.ts";
import { type BerthRow, detailText, isSeated, lackingPassengers, personCells, unseated } from "./berths.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";

/**
 * The Ingala list (DOMAIN.md section 8): the Transit Control Card of every passenger aboard, with
 * names, identification, nationality, marital status, sex, birthday, the flights in and out of
 * the islands with their dates, and the lodging (the yacht, for the dates in the header); US$20 a card (SPEC.md
 * section 9). A berth without a passenger, or a passenger without a marital status or a flight,
 * is incomplete.
 */
export const ingalaDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  if (list === null) return null;
  const { departure, t, berths, column } = list;
  const legs = await legsOf(db, cruiseId);
  const seated = berths.filter(isSeated);
  // the lodging is the yacht for the departure's dates, which the document's header gives
  const lodging = departure.yachtName;
  const lacking = lackingPassengers(seated, (berth) => [
    ...(detailText(berth.details, "maritalStatus") === "" ? (["maritalStatus"] as const) : []),
    ...(legs.has(legKey(berth.passenger_id, "outbound")) ? [] : (["outboundFlight"] as const)),
    ...(legs.has(legKey(berth.passenger_id, "return")) ? [] : (["returnFlight"] as const)),
  ]);
  const maritalStatus = (berth: BerthRow) => {
    const status = detailText(berth.details, "maritalStatus");
    return status === "" ? "" : t(`options.${status}`);
  };
  return departureList("ingala", list, now, {
    columns: [
      column("number", 3),
      column("passenger", 13),
      column("identification", 12),
      column("nationality", 9),
      column("maritalStatus", 8),
      column("sex", 7),
      column("birthday", 11),
      column("outboundFlight", 12),
      column("returnFlight", 12),
      column("lodging", 10),
    ],
    sections: [
      {
        title: t("documents.aboard"),
        rows: seated.map((berth, index) => {
          const person = personCells(berth, language, departure.startDate);
          return [
            String(index + 1),
            person.name,
            person.identification,
            person.nationality,
            maritalStatus(berth),
            person.sex,
            person.birthday,
            legText(legs.get(legKey(berth.passenger_id, "outbound"))),
            legText(legs.get(legKey(berth.passenger_id, "return"))),
            lodging,
          ];
        }),
      },
    ],
    totals: [
      { label: t("documents.transitCards"), value: String(seated.length) },
      { label: t("documents.cardFee"), value: formatMoney(TRANSIT_CARD_FEE, language) },
      { label: t("documents.total"), value: formatMoney(seated.length * TRANSIT_CARD_FEE, language) },
    ],
    incomplete: [...unseated(berths), ...lacking],
  });
};
