import { type LegRow, legKey, legsOf } from "./legs.ts";
import { isSeated, lackingPassengers, unseated } from "./berths.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";
import { documentDate } from "./texts.ts";

/** Earlier legs first; a passenger without one last. */
const byTime = (leg: LegRow | undefined): string => (leg === undefined ? "9999" : `${leg.date} ${leg.time}`);

/** A flight on a day and at a time, as the counts per flight name it. */
const flightOf = (leg: LegRow): string => `${leg.flight} · ${leg.route} · ${documentDate(leg.date)} ${leg.time}`.trim();

/**
 * The flights report (DOMAIN.md section 8): every passenger aboard with their outbound and return
 * legs (flight, route, day and time), by arrival, and how many travel on each flight. Its file is
 * drawn only when no leg is missing (the flightsReport machine's rule); the screen shows the
 * report as far as it goes, with the berths and passengers that lack a leg.
 */
export const flightsDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  if (list === null) return null;
  const { t, berths, column } = list;
  const legs = await legsOf(db, cruiseId);
  const seated = [...berths.filter(isSeated)].sort((a, b) =>
    byTime(legs.get(legKey(a.passenger_id, "outbound"))).localeCompare(byTime(legs.get(legKey(b.passenger_id, "outbound")))),
  );
  const lacking = lackingPassengers(seated, (berth) => [
    ...(legs.has(legKey(berth.passenger_id, "outbound")) ? [] : (["outboundFlight"] as const)),
    ...(legs.has(legKey(berth.passenger_id, "return")) ? [] : (["returnFlight"] as const)),
  ]);
  const onFlight = new Map<string, number>();
  for (const berth of seated) {
    for (const direction of ["outbound", "return"] as const) {
      const leg = legs.get(legKey(berth.passenger_id, direction));
      if (leg !== undefined) onFlight.set(flightOf(leg), (onFlight.get(flightOf(leg)) ?? 0) + 1);
    }
  }
  const cells = (leg: LegRow | undefined): ReadonlyArray<string> =>
    leg === undefined ? ["", ""] : [`${leg.flight} · ${leg.route}`, `${documentDate(leg.date)} ${leg.time}`.trim()];
  return departureList("flights", list, now, {
    columns: [
      column("number", 4),
      column("passenger", 18),
      column("cabin", 7),
      column("reservation", 10),
      column("outboundFlight", 18),
      column("outboundAt", 12),
      column("returnFlight", 18),
      column("returnAt", 12),
    ],
    sections: [
      {
        title: t("documents.aboard"),
        rows: seated.map((berth, index) => [
          String(index + 1),
          `${berth.last_name ?? ""}, ${berth.first_name ?? ""}`,
          berth.cabin_name,
          berth.reservation_code,
          ...cells(legs.get(legKey(berth.passenger_id, "outbound"))),
          ...cells(legs.get(legKey(berth.passenger_id, "return"))),
        ]),
      },
    ],
    totals: [...onFlight].sort(([a], [b]) => a.localeCompare(b)).map(([flight, count]) => ({ label: flight, value: t("documents.passengersOn", { count }) })),
    incomplete: [...unseated(berths), ...lacking],
  });
};
