import { Schema } from "effect";
import { endpoint } from "./endpoint.ts";
import { CruiseIdFromPath, idParams, PassengerId, ReservationId, SerialId, SpaceId } from "./ids.ts";
import { voucherReaderRoles } from "./voucherReaders.ts";

export { sheetName } from "./sheetName.ts";

/**
 * A departure's documents (DOMAIN.md section 8, decision 042): each is one shape, a table of
 * sections (a cabin's passengers, ...) under the departure's header, with the passengers whose
 * data it lacks. The server fills it in the reader's language; the panel shows it, and the same
 * shape is drawn as PDF and XLSX, so a document is declared once.
 */
export const cruiseDocumentNames = ["passengers", "ingala", "gpsTax", "servicesOrder", "flights", "zarpe"] as const;
export const CruiseDocumentName = Schema.Literals(cruiseDocumentNames);
export type CruiseDocumentName = typeof CruiseDocumentName.Type;

/** Every document drawn in that shape: a departure's, and a reservation's voucher. */
export const documentNames = [...cruiseDocumentNames, "voucher"] as const;
export const DocumentName = Schema.Literals(documentNames);
export type DocumentName = typeof DocumentName.Type;

export const documentLanguages = ["es", "en"] as const;
export const DocumentLanguage = Schema.Literals(documentLanguages);
export type DocumentLanguage = typeof DocumentLanguage.Type;

/** The Galápagos migratory (transit control) card, in US dollars (SPEC.md section 9). */
export const TRANSIT_CARD_FEE = 20;

/** The files a document downloads as; without `format` it answers its content for the screen. */
export const documentFormats = ["pdf", "xlsx"] as const;
export const DocumentFormat = Schema.Literals(documentFormats);
export type DocumentFormat = typeof DocumentFormat.Type;

/** What a file download is sent as. */
export const documentMimeTypes: Readonly<Record<DocumentFormat, string>> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The departure a document is about, as its header names it. */
export const DocumentDeparture = Schema.Struct({
  id: SerialId,
  code: Schema.String,
  yachtName: Schema.String,
  itineraryName: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
});

/** A column: its label in the document's language, and its width in the PDF (a share of the page). */
export const DocumentColumn = Schema.Struct({ label: Schema.String, width: Schema.Finite });
export type DocumentColumn = typeof DocumentColumn.Type;

/**
 * A group of rows under its own title (a cabin), each row a text per column: the document's
 * columns, or the section's own when it lists something else (the zarpe's crew beside its
 * passengers, the voucher's flights beside its cabins).
 */
export const DocumentSection = Schema.Struct({
  title: Schema.String,
  columns: Schema.optionalKey(Schema.Array(DocumentColumn)),
  rows: Schema.Array(Schema.Array(Schema.String)),
});
export type DocumentSection = typeof DocumentSection.Type;

/** The columns a section's rows are in. */
export const sectionColumns = (document: { readonly columns: ReadonlyArray<DocumentColumn> }, section: DocumentSection): ReadonlyArray<DocumentColumn> =>
  section.columns ?? document.columns;

/** What a document may lack of a berth: named by the panel and the files in their own language. */
export const missingFields = ["passenger", "maritalStatus", "outboundFlight", "returnFlight"] as const;
export const MissingField = Schema.Literals(missingFields);
export type MissingField = typeof MissingField.Type;

/**
 * A berth whose passenger data this document lacks: no passenger seated yet (fixed on the
 * reservation's page), or a passenger without what the document lists (fixed on theirs).
 */
export const IncompleteBerth = Schema.Struct({
  reservationId: ReservationId,
  reservationCode: Schema.String,
  spaceId: SpaceId,
  cabinName: Schema.String,
  passengerId: Schema.NullOr(PassengerId),
  passengerName: Schema.NullOr(Schema.String),
  missing: Schema.Array(MissingField),
});
export type IncompleteBerth = typeof IncompleteBerth.Type;

export const CruiseDocument = Schema.Struct({
  document: DocumentName,
  language: DocumentLanguage,
  title: Schema.String,
  departure: DocumentDeparture,
  /** What its file is named after: the departure's code, or the reservation's for a voucher. */
  code: Schema.String,
  columns: Schema.Array(DocumentColumn),
  sections: Schema.Array(DocumentSection),
  /** Totals under the table, as label and value (none for a plain list). */
  totals: Schema.Array(Schema.Struct({ label: Schema.String, value: Schema.String })),
  incomplete: Schema.Array(IncompleteBerth),
  generatedAt: Schema.String,
});
export type CruiseDocument = typeof CruiseDocument.Type;

export const CruiseDocumentQuery = Schema.Struct({
  lang: Schema.optionalKey(DocumentLanguage),
  format: Schema.optionalKey(DocumentFormat),
});

/** Who reads a departure's documents (DOMAIN.md section 2): admin and sales. */
const documentReaders = { kind: "session", roles: ["admin", "sales"] } as const;

export const getCruiseDocument = endpoint({
  name: "documents.cruiseDocument",
  method: "GET",
  path: "/cruises/:id/documents/:document",
  params: Schema.Struct({ id: CruiseIdFromPath, document: CruiseDocumentName }),
  query: CruiseDocumentQuery,
  response: CruiseDocument,
  access: documentReaders,
  description:
    "A departure's document in Spanish or English (`lang`); with `format=pdf` or `format=xlsx` the file to download instead of its content.",
});

/** The file name a download is saved as: the document and the departure's code. */
export const documentFileName = (document: DocumentName, code: string, format: DocumentFormat): string =>
  `${document}-${code}.${format}`;

/** Who reads a voucher (./voucherReaders.ts). */
const voucherReaders = { kind: "session", roles: voucherReaderRoles } as const;

export const getVoucher = endpoint({
  name: "documents.voucher",
  method: "GET",
  path: "/reservations/:id/voucher",
  params: idParams(ReservationId),
  query: CruiseDocumentQuery,
  response: CruiseDocument,
  access: voucherReaders,
  description:
    "A reservation's voucher (DOMAIN.md section 8) in `lang`, by default its agency's language (Spanish for a direct client); with `format=pdf` the file. An agency user reads its own agency's only (else 404).",
});

/** Where a voucher was sent, and in which language. */
export const VoucherSent = Schema.Struct({ to: Schema.String, language: DocumentLanguage });
export type VoucherSent = typeof VoucherSent.Type;

export const sendVoucher = endpoint({
  name: "documents.sendVoucher",
  method: "POST",
  path: "/reservations/sendVoucher/:id",
  params: idParams(ReservationId),
  response: VoucherSent,
  access: documentReaders,
  description:
    "Mails the reservation's voucher as PDF to its agency's address, in the agency's language; 409 'voucher not sent: the agency has no email' for a direct client or an agency without one.",
});

export { voucherReaderRoles };

export const documentEndpoints = [getCruiseDocument, getVoucher, sendVoucher] as const;
