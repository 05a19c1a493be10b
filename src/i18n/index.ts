import i18next, { type BackendModule, type i18n, type ResourceKey } from "i18next";
import { getI18n, initReactI18next } from "react-i18next";
import * as spanishCommon from "./es/common.ts";

/** The local-storage key of the language choice; it survives sign-out. */
export const LANGUAGE_KEY = "lang";

export const languages = ["es", "en"] as const;
export type Language = (typeof languages)[number];

/**
 * The texts come in groups (i18next namespaces, es/<group>.ts and en/<group>.ts) that load when a
 * screen needs them: `common` for every page (the login page needs nothing else to show),
 * `messages` for the server's messages (./messages.ts), `account` for the password pages, `panel`
 * for every signed-in screen, `screens` for every one but the leads' list (a lead's history,
 * departures, details, home, flows, users, and the forms', options' and availability's texts,
 * which the leads' list does not read: src/ui/shared/PanelView.tsx), `records` besides for
 * the records' screens (departures, reservations, passengers, reports, catalogues:
 * src/ui/shared/RecordRoutes.tsx), which the leads and the availability do without (decision
 * 081). Keys keep their full path (`t("leads.title")`) whatever group holds them. The public page's texts (`landing`) are in no group: the server writes that page
 * (decision 070).
 */
export const namespaces = ["common", "messages", "account", "panel", "screens", "records"] as const;
export type Namespace = (typeof namespaces)[number];

/** The group `t` reads first: every page's texts, and a copy of every group loaded since. */
const DEFAULT_NAMESPACE: Namespace = "common";

const isLanguage = (value: string | null): value is Language =>
  languages.some((language) => language === value);

/** Where the choice is kept: local storage in the browser, a stand-in in tests. */
export interface LanguageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const textModules = import.meta.glob<Record<string, ResourceKey>>(["./*/*.ts", "!./es/common.ts"]);

/**
 * Reads a group of texts from its own chunk, the first time a screen or a language asks for it,
 * and copies them into the default group as well. A key names its section, never its group
 * (`t("leads.title")`), so i18next would look for it in each group of `fallbackNS` in turn until
 * one holds it: four to seven lookups for a signed-in screen's text, each splitting the key again,
 * where one now answers (decision 106). The group keeps its own copy, which says it has loaded
 * (`useTranslation(group)`). One reader per instance: it copies into its own instance's texts.
 */
const textChunks = (instance: i18n): BackendModule => ({
  type: "backend",
  init: () => {},
  read: (language, namespace, callback) => {
    const load = textModules[`./${language}/${namespace}.ts`];
    if (load === undefined) return callback(new Error(`no ${namespace} texts in ${language}`), false);
    load().then(
      (group) => {
        const sections = { ...group };
        if (namespace !== DEFAULT_NAMESPACE) instance.addResourceBundle(language, DEFAULT_NAMESPACE, sections);
        callback(null, sections);
      },
      (error: Error) => callback(error, false),
    );
  },
});

/**
 * Spanish first (SPEC.md section 9); English when the user chose it before. Resolves when the
 * chosen language's common texts (and those of `preload`) are there, so nothing is drawn with bare
 * keys: the Spanish ones come with the app, as most visitors need them. A screen waits for its
 * own group with `useTranslation(namespace)`; a change of language loads every group in use before
 * the screens switch.
 */
export const createI18n = async (store: LanguageStore, preload: ReadonlyArray<Namespace> = []): Promise<i18n> => {
  const stored = store.getItem(LANGUAGE_KEY);
  const instance = i18next.createInstance();
  await instance
    .use(textChunks(instance))
    .use(initReactI18next)
    .init({
      resources: { es: { [DEFAULT_NAMESPACE]: { ...spanishCommon } } },
      partialBundledLanguages: true,
      lng: isLanguage(stored) ? stored : "es",
      // both languages have the same keys (tests/layout/i18n.test.ts): nothing to fall back on
      fallbackLng: false,
      supportedLngs: languages,
      ns: [DEFAULT_NAMESPACE, ...preload],
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: [...namespaces],
      interpolation: { escapeValue: false },
      // i18next's own separators, declared: a key is then read as a path at once, where with
      // them left out each call first tests whether the key reads like a sentence (decision 106)
      keySeparator: ".",
      nsSeparator: ":",
    });
  instance.on("languageChanged", (language) => {
    if (isLanguage(language)) store.setItem(LANGUAGE_KEY, language);
  });
  return instance;
};

/**
 * Code that needs texts of its own, loaded with them: both are fetched at once, where the code
 * alone would ask for its texts only when drawn, a round trip later. What it draws still waits
 * for them itself (`useTranslation(namespace)`), which also covers an instance without them.
 */
export const withTexts = <T>(needed: Namespace | ReadonlyArray<Namespace>, code: Promise<T>): Promise<T> =>
  Promise.all([code, getI18n().loadNamespaces([needed].flat())]).then(([module]) => module);
