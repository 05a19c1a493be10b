import { Schema } from "effect";
import type { TFunction } from "i18next";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";

/**
 * The operator as its documents name it (SPEC.md: a company's beneficiary bank, account number,
 * account type and billing information): the first live company, as the voucher has always read
 * it. Its logo is drawn apart (routes.ts, `companyLogo`).
 */
const CompanyRow = Schema.Struct({ name: Schema.String, details: Schema.Record(Schema.String, Schema.Unknown) });

export interface Company {
  readonly name: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export const findCompany = (db: Queryable): Promise<Company | null> =>
  queryOne(db, CompanyRow, "select name, details from companies where status <> 'deleted' order by id limit 1");

/** A detail of the company as text; "" when it has none. */
export const companyDetail = (company: Company, name: string): string => {
  const value = company.details[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The name it trades under: its commercial name, else its name. */
export const tradingName = (company: Company): string => companyDetail(company, "commercialName") || company.name;

/** Where to pay it, label and value, only what it has: beneficiary, RUC, bank, account number and type. */
export const bankRows = (t: TFunction, company: Company): ReadonlyArray<readonly [string, string]> =>
  (
    [
      [t("documents.beneficiary"), tradingName(company)],
      [t("documents.ruc"), companyDetail(company, "ruc")],
      [t("documents.bank"), companyDetail(company, "beneficiaryBank")],
      [t("documents.accountNumber"), companyDetail(company, "accountNumber")],
      [t("documents.accountType"), companyDetail(company, "accountType") === "" ? "" : t(`options.${companyDetail(company, "accountType")}`)],
    ] as const
  ).filter(([, value]) => value !== "");

/** Who issues a document: its trading name, then its RUC, address, contact and billing information, each a line. */
export const issuerOf = (t: TFunction, company: Company): { readonly name: string; readonly lines: ReadonlyArray<string> } => {
  const ruc = companyDetail(company, "ruc");
  const contact = [companyDetail(company, "contactPhone"), companyDetail(company, "email")].filter((part) => part !== "").join(" · ");
  return {
    name: tradingName(company),
    lines: [
      ruc === "" ? "" : `${t("documents.ruc")}: ${ruc}`,
      companyDetail(company, "address"),
      contact,
      ...companyDetail(company, "billingInformation").split(/\r?\n/),
    ].filter((line) => line.trim() !== ""),
  };
};
