import { describe, expect, it } from "vitest";
import { messages } from "../../src/api/messages.ts";
import en from "../../src/i18n/en.json";
import es from "../../src/i18n/es.json";

const keysOf = (value: unknown, prefix = ""): string[] =>
  typeof value === "object" && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe("translations", () => {
  it("Spanish and English have the same keys", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });

  it("every server message has a translation", () => {
    const translated = new Set(keysOf(es.messages));
    expect(Object.keys(messages).filter((key) => !translated.has(key))).toEqual([]);
  });

  it("no text is left empty", () => {
    const leaves = (value: unknown): unknown[] =>
      typeof value === "object" && value !== null ? Object.values(value).flatMap(leaves) : [value];
    expect([...leaves(es), ...leaves(en)].filter((text) => typeof text !== "string" || text.trim() === "")).toEqual([]);
  });
});
