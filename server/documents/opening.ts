/**
 * What every document opens and closes with (DOMAIN.md section 8): the departure its header names
 * (none: the document is not found), its texts in the document's language and its columns' labels.
 * A departure's list opens with its sold berths too, and is named, titled and filed after its kind
 * and the departure's code, stamped with the moment it was drawn.
 */
import type { TFunction } from "i18next";
import type { CruiseDocument, CruiseDocumentName, DocumentColumn, DocumentLanguage } from "../../src/api/documents.ts";
import type { CruiseId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { type BerthRow, soldBerths } from "./berths.ts";
import { type DocumentDeparture, findDocumentDeparture } from "./departure.ts";
import { columnOf, documentTexts } from "./texts.ts";

/** How a departure's list is filled in: null when the departure does not exist. */
export type DepartureListOf = (db: Queryable, cruiseId: CruiseId, language: DocumentLanguage, now: Date) => Promise<CruiseDocument | null>;

export interface DocumentOpening {
  readonly departure: DocumentDeparture;
  readonly language: DocumentLanguage;
  readonly t: TFunction;
  /** A column of the document: its label from `documents.columns`, and its width share. */
  readonly column: (name: string, width: number) => DocumentColumn;
}

/** A document's opening on a departure, or null when the departure does not exist. */
export const openDocument = async (db: Queryable, cruiseId: CruiseId, language: DocumentLanguage): Promise<DocumentOpening | null> => {
  const departure = await findDocumentDeparture(db, cruiseId, language);
  if (departure === null) return null;
  const t = documentTexts(language);
  return { departure, language, t, column: (name, width) => columnOf(t, name, width) };
};

export interface ListOpening extends DocumentOpening {
  readonly berths: ReadonlyArray<BerthRow>;
}

/** A departure list's opening, with the departure's sold berths; null when the departure does not exist. */
export const openDepartureList = async (db: Queryable, cruiseId: CruiseId, language: DocumentLanguage): Promise<ListOpening | null> => {
  const opening = await openDocument(db, cruiseId, language);
  return opening === null ? null : { ...opening, berths: await soldBerths(db, cruiseId, language) };
};

/** What a list says: its columns, its sections, the totals under them and the berths it lacks. */
type ListContent = Pick<CruiseDocument, "columns" | "sections" | "totals" | "incomplete">;

/** A departure's list, titled after its kind and filed under the departure's code. */
export const departureList = (name: CruiseDocumentName, opening: DocumentOpening, now: Date, content: ListContent): CruiseDocument => ({
  document: name,
  language: opening.language,
  title: opening.t(`documents.titles.${name}`),
  departure: opening.departure,
  code: opening.departure.code,
  columns: content.columns,
  sections: content.sections,
  totals: content.totals,
  incomplete: content.incomplete,
  generatedAt: now.toISOString(),
});
