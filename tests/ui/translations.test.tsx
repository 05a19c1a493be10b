import { describe, expect, it } from "vitest";
import en from "../../src/i18n/en.json";
import es from "../../src/i18n/es.json";
import { createI18n, type LanguageStore, languages, namespaces } from "../../src/i18n/index.ts";

const groups = import.meta.glob<Record<string, unknown>>("../../src/i18n/*/*.ts", { eager: true });

const storeWith = (language: string | null): LanguageStore => {
  const items = new Map<string, string>(language === null ? [] : [["lang", language]]);
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
};

describe("the groups of texts", () => {
  it.each(languages)("put every section of %s.json the panel shows in exactly one group", (language) => {
    const sections = namespaces.flatMap((namespace) => Object.keys(groups[`../../src/i18n/${language}/${namespace}.ts`] ?? {}));
    // the public page's texts, which only the server reads (server/home/landingPage.ts, decision 070)
    const serverOnly = ["landing"];
    expect(sections.toSorted()).toEqual(Object.keys(language === "es" ? es : en).filter((section) => !serverOnly.includes(section)).toSorted());
  });

  it("resolves with the chosen language's common texts", async () => {
    const i18n = await createI18n(storeWith("en"));
    expect(i18n.t("login.title")).toBe(en.login.title);
    expect(i18n.hasLoadedNamespace("panel")).toBe(false);
  });

  it("loads the groups in use in the new language before switching to it", async () => {
    const store = storeWith(null);
    const i18n = await createI18n(store, ["panel"]);
    expect(i18n.t("nav.users")).toBe(es.nav.users);
    await i18n.changeLanguage("en");
    expect(i18n.t("nav.users")).toBe(en.nav.users);
    expect(i18n.t("brand.name")).toBe(en.brand.name);
    expect(store.getItem("lang")).toBe("en");
  });

  // decision 106: a key names its section, not its group, so a text is looked for in the default
  // group first; a group loaded later answers from there in one lookup, not after a miss per group
  it("answers a loaded group's texts from the default group, in each language", async () => {
    const i18n = await createI18n(storeWith(null), ["panel"]);
    const fromDefault = (key: string): unknown => i18n.getResource(i18n.language, "common", key);
    expect(fromDefault("nav.users")).toBe(es.nav.users);
    expect(fromDefault("table.search")).toBe(es.table.search);
    expect(fromDefault("reservations.title")).toBeUndefined();
    await i18n.loadNamespaces("records");
    expect(fromDefault("reservations.title")).toBe(es.reservations.title);
    await i18n.changeLanguage("en");
    expect(fromDefault("nav.users")).toBe(en.nav.users);
    expect(fromDefault("reservations.title")).toBe(en.reservations.title);
    expect(i18n.t("login.title")).toBe(en.login.title);
  });
});
