import i18next, { type TFunction } from "i18next";
import type { DocumentLanguage } from "../../src/api/documents.ts";
import {
  documents as englishDocuments,
  money as englishMoney,
  options as englishOptions,
  reports as englishReports,
  reservations as englishReservations,
} from "../../src/i18n/en.json";
import {
  documents as spanishDocuments,
  money as spanishMoney,
  options as spanishOptions,
  reports as spanishReports,
  reservations as spanishReservations,
} from "../../src/i18n/es.json";

/**
 * The documents' texts, from the panel's own translations (src/i18n), so a column reads the same
 * on the screen, in the PDF and in the XLSX.
 */
const texts = i18next.createInstance();
void texts.init({
  resources: {
    es: { translation: { documents: spanishDocuments, money: spanishMoney, options: spanishOptions, reports: spanishReports, reservations: spanishReservations } },
    en: { translation: { documents: englishDocuments, money: englishMoney, options: englishOptions, reports: englishReports, reservations: englishReservations } },
  },
  fallbackLng: "es",
  initAsync: false,
  interpolation: { escapeValue: false },
});

export const documentTexts = (language: DocumentLanguage): TFunction => texts.getFixedT(language);

/** Day/month/year, as the operator writes dates (SPEC.md section 9). */
export const documentDate = (isoDay: string): string => {
  const [year, month, day] = isoDay.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
};

/** A document's column: its label from `documents.columns`, and its width share. */
export const columnOf = (t: TFunction, name: string, width: number) => ({ label: t(`documents.columns.${name}`), width });
