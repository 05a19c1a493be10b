import { describe, expect, it } from "vitest";
import { tableOf } from "../../server/catalogues/storage.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { storedName } from "../../src/api/details.ts";
import { catalogues } from "../../src/records/index.ts";
import { testDatabase } from "../setup/database.ts";
import { expectMigrationAndRebuildKeep, serverAsAdmin } from "./oldFormat.ts";
import { dataOf, idOfNamed } from "../api/support.ts";

/**
 * Decision 088: a catalogue's amounts of money (the rates, the space types' GPS taxes, an
 * agency's credit) are kept in integer cents under `<name>Cents`. An installation made before it
 * holds read rows and events with dollars (JSON numbers) under the detail's name: migration 030
 * rewrites the rows, the events are read through their upcaster, and both give back exactly the
 * cents a new installation keeps, and the same answers. Runs on PGlite (npm test) and PostgreSQL
 * (npm run test:pg).
 */
const db = testDatabase();
const { call, signIn } = serverAsAdmin(db);

const MIGRATION = "030_catalogue_amounts_in_cents.sql";
const YEAR = 2030;

type Json = Readonly<Record<string, unknown>>;

/** The catalogues with amounts of money, and those amounts' details. */
const withMoney = catalogues
  .map((catalogue) => ({ catalogue, money: catalogue.api.details.filter(({ rule }) => rule.kind === "money") }))
  .filter(({ money }) => money.length > 0);

/** Details as the server kept them before decision 088: each amount a JSON number of dollars under the detail's name. */
const inDollars = (details: Json, money: (typeof withMoney)[number]["money"]): Json => {
  const old: Record<string, unknown> = { ...details };
  for (const detail of money) {
    const cents = old[storedName(detail)];
    delete old[storedName(detail)];
    old[detail.name] = typeof cents === "number" ? cents / 100 : null;
  }
  return old;
};

const rowsOf = async () =>
  Promise.all(withMoney.map(({ catalogue }) => db.query<{ id: number; details: Json }>(`select id, details from ${tableOf(catalogue)} order by id`)));

/** Every answer that shows an amount: each catalogue's list, and a quote priced from the rates. */
const answers = async (quoted: Json) => ({
  lists: await Promise.all(withMoney.map(async ({ catalogue }) => dataOf(await call("GET", catalogue.api.list.path)))),
  quote: dataOf(await call("POST", "/rates/quote", quoted)),
});

describe("a catalogue's amounts in cents (decision 088)", () => {
  it("are what an old installation's dollars become: its rows by migration 030, its events by a rebuild", async () => {
    await db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(YEAR, 0, 10)) }));
    await signIn();
    const [explorer, retailer, adult, child, flight] = [
      await idOfNamed(db, "yachts", "Galápagos Explorer"),
      await idOfNamed(db, "agencies", "Cuenca Travel"),
      await idOfNamed(db, "genders", "Hombre adulto"),
      await idOfNamed(db, "genders", "Niño"),
      await idOfNamed(db, "flights", "AV1630"),
    ];
    const [cabin] = await db.query<{ id: number }>("select id from cabins where (details->>'yacht')::int = $1 order by id limit 1", [explorer]);
    // an amount with cents, and an agency's credit edited through the form, so that edits are rewritten too
    const [rate] = await db.query<{ id: number }>("select id from general_rates order by id limit 1");
    const edited = dataOf(await call("GET", `/rates/general/${rate?.id}`)) as Json;
    expect((await call("PUT", `/rates/updateRate/general/${rate?.id}`, { ...edited, clientRate: 1759.45, operatorRate: 0.05 })).status).toBe(200);
    const quoted = {
      yachtId: explorer,
      days: 4,
      startDate: `${YEAR}-03-08`,
      agencyId: retailer,
      cabins: [{ cabinId: cabin?.id, spaces: [{ genderId: adult }, { genderId: child }] }],
      flights: [{ flightId: flight, adults: 1, children: 1 }],
    };

    const rows = await rowsOf();
    for (const [index, { money }] of withMoney.entries()) {
      expect(rows[index]?.length).toBeGreaterThan(0);
      for (const { details } of rows[index] ?? []) {
        for (const detail of money) {
          const cents = details[storedName(detail)];
          expect(cents === null || Number.isInteger(cents), `${detail.name}: ${String(cents)}`).toBe(true);
          expect(details).not.toHaveProperty(detail.name);
        }
      }
    }
    const shown = await answers(quoted);
    expect((shown.quote as { total: number }).total).toBeGreaterThan(0);
    // the wire answers dollars under the detail's name, never the cents the server reads
    const generalList = shown.lists[withMoney.findIndex(({ catalogue }) => catalogue.key === "generalRates")] as ReadonlyArray<Json>;
    expect(generalList.find((item) => item.id === rate?.id)).toMatchObject({ clientRate: 1759.45, operatorRate: 0.05 });
    expect(generalList.flatMap((item) => Object.keys(item)).filter((key) => key.endsWith("Cents"))).toEqual([]);

    // the installation as it was before decision 088: the rows and the events in dollars
    for (const [index, { catalogue, money }] of withMoney.entries()) {
      const old = rows[index] ?? [];
      await db.query(`update ${tableOf(catalogue)} t set details = v.details from unnest($1::int[], $2::jsonb[]) as v(id, details) where t.id = v.id`, [
        old.map(({ id }) => id),
        old.map(({ details }) => JSON.stringify(inDollars(details, money))),
      ]);
      const events = await db.query<{ id: number; data: Json }>(
        "select id, data from events where stream = $1 and type in ('catalogueItem.create', 'catalogueItem.edit') order by id",
        [catalogue.stream],
      );
      expect(events.length).toBeGreaterThan(0);
      await db.query("update events e set data = v.data from unnest($1::bigint[], $2::jsonb[]) as v(id, data) where e.id = v.id", [
        events.map(({ id }) => id),
        events.map(({ data }) => JSON.stringify({ ...data, details: inDollars(data.details as Json, money) })),
      ]);
    }
    const [old] = await db.query<{ details: Json }>("select details from general_rates where id = $1", [rate?.id]);
    expect([old?.details.clientRate, old?.details.operatorRate]).toEqual([1759.45, 0.05]);

    await expectMigrationAndRebuildKeep(db, MIGRATION, async () => [await rowsOf(), await answers(quoted)], [rows, shown]);
    // the demo seeded, every read table rebuilt: longer than a test's default on PostgreSQL
  }, 120_000);
});
