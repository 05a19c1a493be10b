import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { Piscina } from "piscina";
import {
  type CruiseDocument,
  type CruiseDocumentName,
  type DocumentFormat,
  documentFileName,
  documentMimeTypes,
  getCruiseDocument,
  getVoucher,
  sendVoucher,
} from "../../src/api/documents.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { orNotFound } from "../http/found.ts";
import { Download, type RouteContext, registerEndpoint, signedIn } from "../http/register.ts";
import type { Mailer } from "../mail/mailer.ts";
import { pngImage } from "../uploads/images.ts";
import { findImage } from "../uploads/store.ts";
import type { DocumentFileRequest } from "./files.ts";
import type { MoneyFileRequest } from "./moneyFiles.ts";
import { ApiError } from "../../src/api/errors.ts";
import { refusedCommand } from "../events/refused.ts";
import { findReservation } from "../reservations/reads.ts";
import { flightsReportMachine } from "../../src/machines/domain/flightsReport.machine.ts";
import { judge, type Verdict } from "../../src/machines/domain/verdict.ts";
import { voucherMailMachine } from "../../src/machines/domain/voucherMail.machine.ts";
import { departureDates } from "./departure.ts";
import { flightsDocument } from "./flights.ts";
import { gpsTaxDocument } from "./gpsTax.ts";
import { ingalaDocument } from "./ingala.ts";
import type { DepartureListOf } from "./opening.ts";
import { passengersDocument } from "./passengers.ts";
import { servicesOrderDocument } from "./servicesOrder.ts";
import { voucherAgency, voucherDocument } from "./voucher.ts";
import { zarpeDocument } from "./zarpe.ts";
import { documentDate, documentTexts } from "./texts.ts";


/** The worker's module: beside this one in the sources (run through tsx), beside main.js in the build. */
const fromSources = import.meta.url.endsWith(".ts");
const workerFile = new URL(fromSources ? "./fileWorker.ts" : "./fileWorker.js", import.meta.url);

/**
 * Draws documents' files in one worker thread (piscina), started on the first download and
 * stopped when idle: a PDF takes a few hundred milliseconds of CPU, which the server's own thread
 * spends answering the others meanwhile (decision 042).
 */
export const createDocumentFiles = () => {
  const pool = new Piscina<DocumentFileRequest | MoneyFileRequest, Uint8Array>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    ...(fromSources ? { execArgv: ["--import", "tsx"] } : {}),
  });
  return { draw: (request: DocumentFileRequest | MoneyFileRequest) => pool.run(request), close: () => pool.destroy() };
};
export type DocumentFiles = ReturnType<typeof createDocumentFiles>;

const LogoRow = Schema.Struct({ logo: Schema.String });
const storedPath = /^uploads\/([a-z_]+)\/([0-9a-f]{64})\.([a-z]+)$/;

/** The operator's logo (the first company's) as a PNG a PDF can draw, or null when it has none. */
export const companyLogo = async (db: Queryable): Promise<Uint8Array | null> => {
  const row = await queryOne(
    db,
    LogoRow,
    "select details->>'logo' as logo from companies where status <> 'deleted' and details->>'logo' is not null order by id limit 1",
  );
  const [, folder, sha256, ext] = storedPath.exec(row?.logo ?? "") ?? [];
  if (folder === undefined || sha256 === undefined || ext === undefined) return null;
  const image = await findImage(db, folder, sha256, ext);
  return image === null ? null : new Uint8Array(await pngImage(image.bytes, 160));
};

/** How each document is filled in: null when the departure does not exist. */
const documents: Readonly<Record<CruiseDocumentName, DepartureListOf>> = {
  passengers: passengersDocument,
  ingala: ingalaDocument,
  gpsTax: gpsTaxDocument,
  servicesOrder: servicesOrderDocument,
  flights: flightsDocument,
  zarpe: zarpeDocument,
};

/**
 * A document whose file has a rule of its own, judged by its machine before the file is drawn:
 * the flights report is not generated while a leg is missing.
 */
const fileRules: Partial<Record<CruiseDocumentName, (document: CruiseDocument) => Verdict>> = {
  flights: (document) =>
    judge(flightsReportMachine, null, { type: "flightsReport.generate" }, { routesIncomplete: document.incomplete.length > 0 }),
};

/** The incomplete berths a line each, the same line for several berths once with their count. */
const incompleteLines = (document: CruiseDocument, t: ReturnType<typeof documentTexts>): ReadonlyArray<string> => {
  const counts = new Map<string, number>();
  for (const berth of document.incomplete) {
    const line = t("documents.incompleteBerth", { code: berth.reservationCode, cabin: berth.cabinName, missing: berth.missing.map((field) => t(`documents.missing.${field}`)).join(", ") });
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, count]) => (count === 1 ? line : t("documents.berths", { line, count })));
};

/** The texts around a file's table, in the document's language. */
const fileTexts = (document: CruiseDocument): DocumentFileRequest["texts"] => {
  const t = documentTexts(document.language);
  const { departure } = document;
  return {
    page: t("documents.page", { page: "{page}", pages: "{pages}" }),
    subtitle: `${t("documents.departure", { code: departure.code })} · ${departure.yachtName} · ${departure.itineraryName} · ${departureDates(departure)}`,
    generated: t("documents.generatedAt", { date: documentDate(document.generatedAt) }),
    incompleteTitle: t("documents.incompleteTitle"),
    incompleteLines: incompleteLines(document, t),
  };
};

export const registerDocumentRoutes = (
  app: FastifyInstance,
  context: RouteContext & { readonly files: DocumentFiles; readonly mailer: Mailer },
): void => {
  /** A document's file, drawn in the worker with the company's logo on a PDF. */
  const drawFile = async (document: CruiseDocument, format: DocumentFormat): Promise<Uint8Array> =>
    context.files.draw({ format, document, logo: format === "pdf" ? await companyLogo(context.db) : null, texts: fileTexts(document) });

  registerEndpoint(app, context, getCruiseDocument, async ({ params, query }) => {
    const document = orNotFound(await documents[params.document](context.db, params.id, query.lang ?? "es", context.now()));
    if (query.format === undefined) return document;
    const verdict = fileRules[params.document]?.(document);
    if (verdict?.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
    return new Download(await drawFile(document, query.format), documentMimeTypes[query.format], documentFileName(params.document, document.code, query.format));
  });

  registerEndpoint(app, context, getVoucher, async (call) => {
    const found = orNotFound(await findReservation(context.db, call.params.id, signedIn(call)));
    const language = call.query.lang ?? (await voucherAgency(context.db, found.agencyId)).language;
    // read again in the voucher's language: its space types are named in it
    const reservation = orNotFound(await findReservation(context.db, call.params.id, signedIn(call), language));
    const voucher = orNotFound(await voucherDocument(context.db, reservation, language, context.now()));
    if (call.query.format === undefined) return voucher;
    return new Download(await drawFile(voucher, call.query.format), documentMimeTypes[call.query.format], documentFileName("voucher", reservation.code, call.query.format));
  });

  registerEndpoint(app, context, sendVoucher, async (call) => {
    const session = signedIn(call);
    const reservation = orNotFound(await findReservation(context.db, call.params.id, session));
    const agency = await voucherAgency(context.db, reservation.agencyId);
    const facts = { recipient: agency.email };
    const verdict = judge(voucherMailMachine, null, { type: "voucher.send" }, facts);
    if (verdict.kind === "refused") {
      throw refusedCommand(voucherMailMachine, verdict.refusal, { stream: "reservation", streamId: String(reservation.id), state: null, event: { type: "voucher.send" }, facts });
    }
    // accepted: the machine found the agency's address
    const to = String(agency.email);
    const inLanguage = orNotFound(await findReservation(context.db, call.params.id, session, agency.language));
    const voucher = orNotFound(await voucherDocument(context.db, inLanguage, agency.language, context.now()));
    const pdf = await drawFile(voucher, "pdf");
    const t = documentTexts(agency.language);
    const { departure } = voucher;
    await context.mailer.send({
      to,
      subject: t("documents.voucherMail.subject", { code: reservation.code, yacht: departure.yachtName }),
      text: t("documents.voucherMail.text", {
        code: reservation.code,
        yacht: departure.yachtName,
        itinerary: departure.itineraryName,
        dates: departureDates(departure),
      }),
      attachments: [{ filename: documentFileName("voucher", reservation.code, "pdf"), contentType: documentMimeTypes.pdf, content: pdf }],
    });
    return { to, language: agency.language };
  });
};
