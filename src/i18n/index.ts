import i18next, { type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { messages } from "../api/messages.ts";
import en from "./en.json";
import es from "./es.json";

/** The local-storage key of the language choice; it survives sign-out. */
export const LANGUAGE_KEY = "lang";

export const languages = ["es", "en"] as const;
export type Language = (typeof languages)[number];

const isLanguage = (value: string | null): value is Language =>
  languages.some((language) => language === value);

/** Where the choice is kept: local storage in the browser, a stand-in in tests. */
export interface LanguageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Spanish first (SPEC.md section 9); English when the user chose it before. */
export const createI18n = (store: LanguageStore): i18n => {
  const stored = store.getItem(LANGUAGE_KEY);
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: isLanguage(stored) ? stored : "es",
    fallbackLng: "es",
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on("languageChanged", (language) => {
    if (isLanguage(language)) store.setItem(LANGUAGE_KEY, language);
  });
  return instance;
};

const messageKeys = new Map<string, string>(Object.entries(messages).map(([key, text]) => [text, key]));

/** A server message in the chosen language when it is one of the known ones, else as sent. */
export const translateMessage = (t: TFunction, message: string): string => {
  const key = messageKeys.get(message);
  return key === undefined ? message : t(`messages.${key}`);
};
