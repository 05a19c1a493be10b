import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

/** Decision 084: berth types, yacht kinds and languages have an English name beside the Spanish one, as decision 080's reference data. */

const catamaran = { id: 7, name: "Catamarán", englishName: "Catamaran", initials: "CAT", active: true, version: 2 };
const doubleBed = { id: 7, name: "Cama matrimonial", englishName: "Double bed", capacity: 2, icon: "", active: true, version: 2 };
const german = { id: 7, name: "Alemán", englishName: "German", initials: "ALM", active: true, version: 2 };
const spanish = { id: 8, name: "Español", englishName: "Spanish", initials: "ESP", active: true, version: 2 };

describe("the forms of berth types, yacht kinds and languages", () => {
  it.each([
    ["/panel/kinds/7", "GET /api/kinds/7", catamaran],
    ["/panel/berths/7", "GET /api/berths/7", doubleBed],
    ["/panel/languages/7", "GET /api/languages/7", german],
  ])("%s shows the Spanish and the English name", async (path, call, item) => {
    localStorage.setItem("lang", "es");
    storeSession({ userName: "Admin", token: "t0k3n", role: "admin", id: userId(1) });
    await renderApp(path, fakeFetch({ [call]: { status: 200, data: item } }).fetch);
    expect(await screen.findByLabelText("Nombre en español", {}, { timeout: 15_000 })).toHaveProperty("value", item.name);
    expect(screen.getByLabelText("Nombre en inglés")).toHaveProperty("value", item.englishName);
  });
});

describe("a guide's languages in the reader's language", () => {
  const guide = { id: 3, name: "Juan", lastName: "Salcedo", identificationCard: "", level: "III", phone: "", email: "", languages: [7, 8], active: true, version: 1 };
  const replies = {
    "GET /api/guides": { status: 200, data: [guide] },
    "GET /api/languages": { status: 200, data: [german, spanish] },
  };

  it.each([
    ["es", "Alemán, Español"],
    ["en", "German, Spanish"],
  ])("the guides' list names them in %s", async (language, names) => {
    localStorage.setItem("lang", language);
    storeSession({ userName: "Admin", token: "t0k3n", role: "admin", id: userId(1) });
    await renderApp("/panel/guides", fakeFetch(replies).fetch);
    const row = (await screen.findByRole("cell", { name: "Salcedo" }, { timeout: 5000 })).closest("tr") ?? document.body;
    expect(within(row).getByRole("cell", { name: names })).toBeDefined();
  });
});
