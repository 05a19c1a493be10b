import type { FastifyInstance } from "fastify";
import { documentMimeTypes } from "../../src/api/documents.ts";
import { agencyStatement, paymentReceipt, receiptFileName, statementFileName } from "../../src/api/moneyDocuments.ts";
import { findCompany } from "../documents/company.ts";
import type { MoneyDocument } from "../documents/moneyFiles.ts";
import { companyLogo, type DocumentFiles } from "../documents/routes.ts";
import { voucherAgency } from "../documents/voucher.ts";
import { orNotFound } from "../http/found.ts";
import { Download, type RouteContext, registerEndpoint, signedIn } from "../http/register.ts";
import { judgedPeriod } from "../reports/routes.ts";
import { findStatementAgency, readReceipt, readStatement, receiptDocument, statementDocument } from "./documents.ts";

/**
 * `GET /payments/{id}/receipt` and `GET /agencies/{id}/statement` (decision 068): the data, or
 * with `format` the file drawn in the documents' worker, in `lang` or else the agency's language
 * (Spanish for a direct client), with the company's logo on a PDF.
 */
export const registerMoneyDocumentRoutes = (app: FastifyInstance, context: RouteContext & { readonly files: DocumentFiles }): void => {
  const { db, now, files } = context;

  const draw = async (money: MoneyDocument, format: "pdf" | "xlsx"): Promise<Uint8Array> =>
    files.draw({ format, money, logo: format === "pdf" ? await companyLogo(db) : null });

  registerEndpoint(app, context, paymentReceipt, async (call) => {
    const caller = { session: signedIn(call), now: now() };
    const receipt = orNotFound(await readReceipt(db, call.params.id, caller, call.query.lang ?? call.language));
    if (call.query.format === undefined) return receipt;
    const language = call.query.lang ?? (await voucherAgency(db, receipt.payment.agencyId)).language;
    // the file is in the agency's language when none is asked for: its itinerary named in it
    const inLanguage = orNotFound(await readReceipt(db, call.params.id, caller, language));
    const pdf = await draw(receiptDocument(inLanguage, await findCompany(db), language), "pdf");
    return new Download(pdf, documentMimeTypes.pdf, receiptFileName(receipt.number));
  });

  registerEndpoint(app, context, agencyStatement, async (call) => {
    // whether the agency is there and the caller's is told before anything about the period
    const agency = orNotFound(await findStatementAgency(db, call.params.id, signedIn(call)));
    const period = judgedPeriod(call.query);
    const statement = await readStatement(db, agency, period, now());
    if (call.query.format === undefined) return statement;
    const language = call.query.lang ?? (await voucherAgency(db, call.params.id)).language;
    const file = await draw(statementDocument(statement, await findCompany(db), language), call.query.format);
    return new Download(file, documentMimeTypes[call.query.format], statementFileName(call.params.id, period.from, period.to, call.query.format));
  });
};
