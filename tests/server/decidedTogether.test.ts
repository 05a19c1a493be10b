import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { createItem, createListItems } from "../../server/catalogues/items.ts";
import { referenceLists, seedReferenceLists } from "../../server/demo/referenceData.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { languages } from "../../src/records/referenceData.ts";
import { messages } from "../../src/api/messages.ts";
import { tableContents } from "./tableContents.ts";

/**
 * Decision 069: a first start decides the reference lists with their machines and writes their
 * events and rows together: the same events and rows in every table, with the same sequences, as
 * their items created one by one. The demo's sales, decided the same way, are held to it in
 * decidedTogether.pglite.test.ts (the demo is the embedded database's only).
 */
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe("the reference lists decided together", () => {
  const options = { actorId: null, occurredAt: new Date("2030-03-01T15:00:00Z") };

  it("are the events and rows of their items created one by one", async () => {
    await resetDatabase(db);
    await db.transaction(async (tx) => {
      for (const { catalogue, items } of referenceLists) for (const item of items()) await createItem(tx, catalogue, { ...item, active: true }, options);
    });
    const oneByOne = await tableContents(db);
    await resetDatabase(db);
    await db.transaction((tx) => seedReferenceLists(tx, options));
    expect(await tableContents(db)).toEqual(oneByOne);
    expect(oneByOne.countries).not.toMatch(/^0 rows/);
  });

  it("refuse a name taken by an item decided before, writing nothing", async () => {
    await resetDatabase(db);
    const twice = [{ name: "Español", initials: "ESP" }, { name: "español ", initials: "ES2" }];
    await expect(db.transaction((tx) => createListItems(tx, languages, twice, options))).rejects.toMatchObject({ status: 409, message: messages.nameInUse });
    expect((await tableContents(db)).languages).toMatch(/^0 rows/);
  });
});
