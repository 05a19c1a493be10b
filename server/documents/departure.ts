import { Schema } from "effect";
import type { CruiseDocument } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { documentDate } from "./texts.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";

export type DocumentDeparture = CruiseDocument["departure"];

const DepartureRow = Schema.Struct({
  id: Schema.Int,
  code: Schema.String,
  yachtName: Schema.String,
  itineraryName: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
});

/**
 * A departure as a document's header names it (a canceled one too: its lists are still asked for),
 * its itinerary in the document's language.
 */
export const findDocumentDeparture = (db: Queryable, cruiseId: CruiseId, language: ReaderLanguage): Promise<DocumentDeparture | null> =>
  queryOne(
    db,
    DepartureRow,
    `select c.id, c.code, y.name as "yachtName", ${nameSql("i", language)} as "itineraryName",
            to_char(c.start_date, 'YYYY-MM-DD') as "startDate", to_char(c.end_date, 'YYYY-MM-DD') as "endDate"
       from cruises c join yachts y on y.id = c.yacht_id join cruise_itineraries i on i.id = c.cruise_itinerary_id
      where c.id = $1`,
    [cruiseId],
  );

/** The departure's first and last day, as a document's header and its mail write them. */
export const departureDates = (departure: DocumentDeparture): string => `${documentDate(departure.startDate)} – ${documentDate(departure.endDate)}`;
