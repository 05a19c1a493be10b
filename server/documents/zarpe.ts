import { isSeated, personCells, unseated } from "./berths.ts";
import { departureDates } from "./departure.ts";
import { type DepartureListOf, departureList, openDepartureList } from "./opening.ts";
import { findDepartureService, programSection } from "./service.ts";

/**
 * The zarpe (DOMAIN.md section 8): the departure permit's list for the port captaincy: the yacht,
 * its captain, the crew on board (the yacht's crew page), the guides, the itinerary day by day, and
 * every passenger aboard with identification, nationality, sex and age; the persons aboard in all.
 * A berth without a passenger is incomplete: the permit lists people, not berths.
 */
export const zarpeDocument: DepartureListOf = async (db, cruiseId, language, now) => {
  const list = await openDepartureList(db, cruiseId, language);
  const service = await findDepartureService(db, cruiseId, language);
  if (list === null || service === null) return null;
  const { departure, t, berths, column } = list;
  const seated = berths.filter(isSeated);
  const none = t("documents.none");
  const numbered = <Row,>(rows: ReadonlyArray<Row>, cells: (row: Row) => ReadonlyArray<string>) => rows.map((row, index) => [String(index + 1), ...cells(row)]);
  const route = [service.from, service.to].filter((place) => place !== "").join(" → ");
  return departureList("zarpe", list, now, {
    columns: [column("number", 4), column("passenger", 26), column("identification", 22), column("nationality", 16), column("sex", 12), column("birthday", 20)],
    sections: [
      {
        title: t("documents.vessel"),
        columns: [column("item", 25), column("detail", 75)],
        rows: [
          [t("documents.columns.yacht"), departure.yachtName],
          [t("documents.columns.captain"), service.captain === "" ? none : service.captain],
          [t("documents.columns.itinerary"), route === "" ? departure.itineraryName : `${departure.itineraryName} (${route})`],
          [t("documents.columns.dates"), departureDates(departure)],
          ...(service.route === "" ? [] : [[t("documents.columns.route"), service.route]]),
        ],
      },
      {
        title: t("documents.crew"),
        columns: [column("number", 4), column("name", 40), column("role", 30), column("nationality", 26)],
        rows: numbered(service.crew, (member) => [member.name, member.role, member.nationality]),
      },
      {
        title: t("documents.columns.guides"),
        columns: [column("number", 4), column("name", 36), column("identificationCard", 20), column("level", 10), column("languages", 30)],
        rows: numbered(service.guides, (guide) => [guide.name, guide.identificationCard, guide.level, guide.languages]),
      },
      programSection(list, service),
      {
        title: t("documents.aboard"),
        rows: numbered(seated, (berth) => {
          const person = personCells(berth, language, departure.startDate);
          return [person.name, person.identification, person.nationality, person.sex, person.birthday];
        }),
      },
    ],
    totals: [
      { label: t("documents.passengerCount"), value: String(seated.length) },
      { label: t("documents.crew"), value: String(service.crew.length) },
      { label: t("documents.columns.guides"), value: String(service.guides.length) },
      { label: t("documents.personsAboard"), value: String(seated.length + service.crew.length + service.guides.length) },
    ],
    incomplete: unseated(berths),
  });
};
