import { Schema } from "effect";
import type { DocumentLanguage, DocumentSection } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { nameSql } from "../catalogues/names.ts";
import type { DocumentOpening } from "./opening.ts";

/** Who sails a departure besides its passengers, and where it goes: what the zarpe and the services' order name. */
export interface DepartureService {
  readonly captain: string;
  readonly hotelier: string;
  /** The languages the departure is guided in (its `languageIds`). */
  readonly languages: ReadonlyArray<string>;
  readonly guides: ReadonlyArray<{ readonly name: string; readonly identificationCard: string; readonly level: string; readonly languages: string }>;
  readonly crew: ReadonlyArray<{ readonly name: string; readonly role: string; readonly nationality: string }>;
  readonly from: string;
  readonly to: string;
  readonly route: string;
  readonly days: string;
  readonly nights: string;
  readonly program: ReadonlyArray<{ readonly day: string; readonly period: string; readonly visit: string }>;
}

const CruiseRow = Schema.Struct({
  yacht_id: Schema.Int,
  captain: Schema.NullOr(Schema.String),
  hotelier: Schema.NullOr(Schema.String),
  guide_ids: Schema.Array(Schema.Int),
  languages: Schema.Array(Schema.String),
  itinerary: Schema.Record(Schema.String, Schema.Unknown),
});

const GuideRow = Schema.Struct({ name: Schema.String, identification_card: Schema.String, level: Schema.String, languages: Schema.String });
const CrewRow = Schema.Struct({ name: Schema.String, role: Schema.String, country_es: Schema.NullOr(Schema.String), country_en: Schema.NullOr(Schema.String) });
const ProgramRow = Schema.Struct({ day: Schema.Unknown, period: Schema.Unknown, visit: Schema.Unknown });

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * The departure's captain (its own, else the one on its yacht's crew page), hotelier, guides with
 * the languages they guide in, the yacht's crew on board and the itinerary's route and program;
 * null when the departure does not exist.
 */
export const findDepartureService = async (db: Queryable, cruiseId: CruiseId, language: DocumentLanguage): Promise<DepartureService | null> => {
  const cruise = await queryOne(
    db,
    CruiseRow,
    `select c.yacht_id,
            coalesce(cap.name || ' ' || coalesce(cap.details->>'lastName', ''), pcap.name || ' ' || coalesce(pcap.details->>'lastName', '')) as captain,
            h.name as hotelier, c.guide_ids,
            array(select ${nameSql("l", language)} from languages l where l.id = any(c.language_ids) order by 1) as languages,
            i.details as itinerary
       from cruises c join cruise_itineraries i on i.id = c.cruise_itinerary_id
       left join captains cap on cap.id = c.captain_id left join hoteliers h on h.id = c.hotelier_id
       left join yacht_pages yp on yp.yacht_id = c.yacht_id and yp.page = 'crews_on_board'
       left join captains pcap on pcap.id = (yp.content->>'captain')::int
      where c.id = $1`,
    [cruiseId],
  );
  if (cruise === null) return null;
  const guides = await queryRows(
    db,
    GuideRow,
    `select g.name || ' ' || coalesce(g.details->>'lastName', '') as name, coalesce(g.details->>'identificationCard', '') as identification_card,
            coalesce(g.details->>'level', '') as level,
            coalesce((select string_agg(${nameSql("l", language)}, ', ' order by ${nameSql("l", language)}) from languages l
                       where l.id in (select (jsonb_array_elements_text(case when jsonb_typeof(g.details->'languages') = 'array' then g.details->'languages' else '[]'::jsonb end))::int)), '') as languages
       from guides g where g.id = any($1::int[]) order by g.name, g.id`,
    [cruise.guide_ids],
  );
  const crew = await queryRows(
    db,
    CrewRow,
    `select coalesce(member->>'name', '') as name, coalesce(member->>'role', '') as role, co.name as country_es,
            coalesce(co.details->>'englishName', co.name) as country_en
       from yacht_pages yp cross join lateral jsonb_array_elements(case when jsonb_typeof(yp.content->'crew') = 'array' then yp.content->'crew' else '[]'::jsonb end)
            with ordinality as crew(member, position)
       left join countries co on co.id = (member->>'nationality')::int
      where yp.yacht_id = $1 and yp.page = 'crews_on_board' order by position`,
    [cruise.yacht_id],
  );
  const program = Schema.decodeUnknownSync(Schema.Array(ProgramRow))(Array.isArray(cruise.itinerary.program) ? cruise.itinerary.program : []);
  return {
    captain: cruise.captain?.trim() ?? "",
    hotelier: cruise.hotelier ?? "",
    languages: cruise.languages,
    guides: guides.map((guide) => ({ name: guide.name.trim(), identificationCard: guide.identification_card, level: guide.level, languages: guide.languages })),
    crew: crew.map((member) => ({ name: member.name, role: member.role, nationality: (language === "en" ? member.country_en : member.country_es) ?? "" })),
    from: text(cruise.itinerary.from),
    to: text(cruise.itinerary.to),
    route: text(cruise.itinerary.route),
    days: text(cruise.itinerary.days),
    nights: text(cruise.itinerary.nights),
    program: program.map((stop) => ({ day: text(stop.day), period: text(stop.period), visit: text(stop.visit) })),
  };
};

/** The itinerary day by day, as the zarpe and the voucher list it. */
export const programSection = ({ t, column }: DocumentOpening, service: DepartureService): DocumentSection => ({
  title: t("documents.columns.itinerary"),
  columns: [column("day", 10), column("period", 10), column("visit", 80)],
  rows: service.program.map((stop) => [stop.day, stop.period, stop.visit]),
});
