import type { CruiseDocument, DocumentLanguage } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { findDocumentDeparture } from "./departure.ts";
import { isSeated, personCells, soldBerths, unseated } from "./berths.ts";
import { findDepartureService } from "./service.ts";
import { columnOf, documentDate, documentTexts } from "./texts.ts";

/**
 * The zarpe (DOMAIN.md section 8): the departure permit's list for the port captaincy: the yacht,
 * its captain, the crew on board (the yacht's crew page), the guides, the itinerary day by day, and
 * every passenger aboard with identification, nationality, sex and age; the persons aboard in all.
 * A berth without a passenger is incomplete: the permit lists people, not berths.
 */
export const zarpeDocument = async (
  db: Queryable,
  cruiseId: CruiseId,
  language: DocumentLanguage,
  now: Date,
): Promise<CruiseDocument | null> => {
  const departure = await findDocumentDeparture(db, cruiseId);
  const service = await findDepartureService(db, cruiseId, language);
  if (departure === null || service === null) return null;
  const t = documentTexts(language);
  const berths = await soldBerths(db, cruiseId);
  const seated = berths.filter(isSeated);
  const column = (name: string, width: number) => columnOf(t, name, width);
  const none = t("documents.none");
  const numbered = <Row,>(rows: ReadonlyArray<Row>, cells: (row: Row) => ReadonlyArray<string>) => rows.map((row, index) => [String(index + 1), ...cells(row)]);
  const route = [service.from, service.to].filter((place) => place !== "").join(" → ");
  return {
    document: "zarpe",
    language,
    title: t("documents.titles.zarpe"),
    departure,
    code: departure.code,
    columns: [column("number", 4), column("passenger", 26), column("identification", 22), column("nationality", 16), column("sex", 12), column("birthday", 20)],
    sections: [
      {
        title: t("documents.vessel"),
        columns: [column("item", 25), column("detail", 75)],
        rows: [
          [t("documents.columns.yacht"), departure.yachtName],
          [t("documents.columns.captain"), service.captain === "" ? none : service.captain],
          [t("documents.columns.itinerary"), route === "" ? departure.itineraryName : `${departure.itineraryName} (${route})`],
          [t("documents.columns.dates"), `${documentDate(departure.startDate)} – ${documentDate(departure.endDate)}`],
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
      {
        title: t("documents.columns.itinerary"),
        columns: [column("day", 10), column("period", 10), column("visit", 80)],
        rows: service.program.map((stop) => [stop.day, stop.period, stop.visit]),
      },
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
    generatedAt: now.toISOString(),
  };
};
