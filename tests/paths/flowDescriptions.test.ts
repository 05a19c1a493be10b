import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The flows page shows the machines' descriptions in the panel's language: the Spanish comes from
 * docs/flows/descriptions.es.json, keyed by the English text `npm run flows` writes. A machine
 * whose description changes needs its translation changed with it.
 */
const directory = join(import.meta.dirname, "..", "..", "docs", "flows");
const read = (file: string): unknown => JSON.parse(readFileSync(join(directory, file), "utf8"));

/** Every `description` string at any depth: the machine's, its states' and its transitions'. */
const descriptionsIn = (value: unknown): ReadonlyArray<string> => {
  if (Array.isArray(value)) return value.flatMap(descriptionsIn);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === "description" && typeof child === "string" ? [child] : descriptionsIn(child),
  );
};

const configFiles = readdirSync(directory).filter(
  (file) => file.endsWith(".json") && !file.endsWith(".paths.json") && !file.startsWith("descriptions."),
);
const english = new Set(configFiles.flatMap((file) => descriptionsIn(read(file))));
const translations = read("descriptions.es.json");
const spanish = new Map<string, unknown>(
  typeof translations === "object" && translations !== null ? Object.entries(translations) : [],
);

describe("docs/flows/descriptions.es.json", () => {
  it("reads the machines' descriptions", () => {
    expect(configFiles.length).toBeGreaterThan(0);
    expect(english.size).toBeGreaterThan(0);
  });

  it("translates every description of every machine", () => {
    const missing = [...english].filter((text) => {
      const translation = spanish.get(text);
      return typeof translation !== "string" || translation.trim() === "";
    });
    expect(missing, `no Spanish for:\n${missing.join("\n")}`).toEqual([]);
  });

  it("holds no translation of a description no machine has any more", () => {
    const stale = [...spanish.keys()].filter((text) => !english.has(text));
    expect(stale, `no machine describes itself so any more:\n${stale.join("\n")}`).toEqual([]);
  });
});
