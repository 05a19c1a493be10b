import { describe, expect, it } from "vitest";
import { createItem } from "../../server/catalogues/items.ts";
import { migrate } from "../../server/db/migrate.ts";
import { replayEvents } from "../../server/events/rebuild.ts";
import { projections } from "../../server/projections.ts";
import { berths, genders, identificationTypes, kinds, languages } from "../../src/records/referenceData.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

const MIGRATION = "025_reference_names_in_both_languages.sql";

const options = { actorId: null, occurredAt: new Date("2030-03-01T12:00:00Z") };

const named = (table: string) =>
  db.query<{ name: string; englishName: string | null; version: number }>(
    `select name, details->>'englishName' as "englishName", version from ${table} order by id`,
  );

describe("migration 025: reference data named in both languages", () => {
  it("names the seeded space types and documents in both languages by edit events a rebuild replays, leaving an admin's own names alone", async () => {
    await db.transaction(async (tx) => {
      // as an installation seeded them before decision 080: space types in English only
      await createItem(tx, genders, { name: "Male Adult", initials: "MA", gpsTaxNational: 30, gpsTaxForeign: 200, gpsTaxAndean: 100, sex: "male", active: true }, options);
      await createItem(tx, genders, { name: "Child", initials: "CH", gpsTaxNational: 15, gpsTaxForeign: 100, gpsTaxAndean: 50, child: true, active: true }, options);
      await createItem(tx, genders, { name: "Infante", initials: "IN", gpsTaxNational: 0, gpsTaxForeign: 0, gpsTaxAndean: 0, child: true, active: true }, options);
      await createItem(tx, identificationTypes, { name: "Pasaporte", appliesTo: "passenger", active: true }, options);
      await createItem(tx, identificationTypes, { name: "RUC", englishName: "Company tax number", appliesTo: "agency", active: true }, options);
    });
    await db.query("delete from schema_migrations where name = $1", [MIGRATION]);

    expect(await migrate(db)).toEqual([MIGRATION]);

    const expectedGenders = [
      { name: "Hombre adulto", englishName: "Male Adult", version: 2 },
      { name: "Niño", englishName: "Child", version: 2 },
      { name: "Infante", englishName: "", version: 1 },
    ];
    const expectedDocuments = [
      { name: "Pasaporte", englishName: "Passport", version: 2 },
      { name: "RUC", englishName: "Company tax number", version: 1 },
    ];
    expect(await named("genders")).toEqual(expectedGenders);
    expect(await named("identification_types")).toEqual(expectedDocuments);
    const edits = await db.query<{ stream: string; version: number; data: unknown }>(
      "select stream, version, data from events where type = 'catalogueItem.edit' order by id",
    );
    expect(edits).toHaveLength(3);
    expect(edits.find((edit) => edit.stream === "gender")).toMatchObject({ stream: "gender", version: 2, data: { name: "Hombre adulto", details: { englishName: "Male Adult", initials: "MA", sex: "male" } } });

    await replayEvents(db, projections);
    expect(await named("genders")).toEqual(expectedGenders);
    expect(await named("identification_types")).toEqual(expectedDocuments);
  });
});

describe("migration 029: berth types, yacht kinds and languages named in both languages", () => {
  const BOTH_NAMES = "029_berths_kinds_and_languages_in_both_languages.sql";

  it("names the seeded items in English by edit events a rebuild replays, leaving an admin's own names alone", async () => {
    await db.transaction(async (tx) => {
      // as an installation seeded them before decision 084: Spanish names only
      await createItem(tx, berths, { name: "Cama matrimonial", capacity: 2, active: true }, options);
      await createItem(tx, berths, { name: "Hamaca", capacity: 1, active: true }, options);
      await createItem(tx, kinds, { name: "Catamarán", initials: "CAT", active: true }, options);
      await createItem(tx, kinds, { name: "Yate a motor", englishName: "Motor vessel", initials: "MY", active: true }, options);
      await createItem(tx, languages, { name: "Inglés", initials: "ING", active: true }, options);
    });
    await db.query("delete from schema_migrations where name = $1", [BOTH_NAMES]);

    expect(await migrate(db)).toEqual([BOTH_NAMES]);

    const expected = {
      berths: [
        { name: "Cama matrimonial", englishName: "Double bed", version: 2 },
        { name: "Hamaca", englishName: "", version: 1 },
      ],
      kinds: [
        { name: "Catamarán", englishName: "Catamaran", version: 2 },
        { name: "Yate a motor", englishName: "Motor vessel", version: 1 },
      ],
      languages: [{ name: "Inglés", englishName: "English", version: 2 }],
    };
    const all = async () => ({ berths: await named("berths"), kinds: await named("kinds"), languages: await named("languages") });
    expect(await all()).toEqual(expected);
    const edits = await db.query<{ stream: string; version: number; data: unknown }>(
      "select stream, version, data from events where type = 'catalogueItem.edit' order by id",
    );
    expect(edits.map((edit) => edit.stream).sort()).toEqual(["berth", "kind", "language"]);
    expect(edits.find((edit) => edit.stream === "berth")).toMatchObject({ version: 2, data: { name: "Cama matrimonial", details: { englishName: "Double bed", capacity: 2 } } });

    await replayEvents(db, projections);
    expect(await all()).toEqual(expected);
  });
});
