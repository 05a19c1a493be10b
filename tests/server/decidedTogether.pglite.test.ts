import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { copyDemoOperations, demoSources } from "../../server/demo/copies.ts";
import { commandDesk } from "../../server/demo/salesDesk.ts";
import { createLogger } from "../../server/log.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { seed } from "../../server/seed.ts";
import { testEnv } from "../api/support.ts";
import { keptSeed, openTestDatabase, resetDatabase } from "../setup/database.ts";
import { tableContents } from "./tableContents.ts";

/**
 * Decision 069: a first start decides the demo's sales with their machines and writes their events
 * and rows together. They must be what the server's commands would have made: the same events
 * (ids, versions, data, actors) and the same rows in every table, with the same sequences; and the
 * rows must be what the projections make of those events, which a rebuild replays. The demo is the
 * embedded database's only (a PostgreSQL installation is a real one): this file runs in npm test
 * alone; decidedTogether.test.ts holds the reference lists to the same on both databases.
 */
const instants: ReadonlyArray<{ readonly at: string; readonly balanceReminders: boolean }> = [
  // a sale's balance falls due within the week: the balance reminders are decided too
  { at: "2030-03-04T15:00:00Z", balanceReminders: true },
  { at: "2026-12-31T23:30:00Z", balanceReminders: false },
];

/** Departures the demo sells here: the full demo's choices (the full departure, waiting list, refund, space canceled alone, charter) are among them. */
const DEPARTURES = 30;

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

/**
 * The rows of held_spaces that differ from the live spaces counted again by departure, cabin and
 * state (migration 031): none, however the spaces were written.
 */
const heldMiscounted = async (): Promise<ReadonlyArray<unknown>> =>
  db.query(
    `with counted as (select cruise_id, cabin_id, status, count(*)::int as spaces, (count(*) filter (where charter))::int as charter_spaces
                        from spaces where status in ('reserved', 'confirmed', 'waiting') group by cruise_id, cabin_id, status)
     (select * from counted except select * from held_spaces) union all (select * from held_spaces except select * from counted)`,
  );

const seedAt = (now: Date, throughCommands: boolean) =>
  seed(db, testEnv({ SEED_DEMO: "true", ADMIN_PASSWORD: "Boss1234" }), createLogger("silent", () => undefined), now, {
    departures: DEPARTURES,
    ...(throughCommands ? { openDesk: async (tx, caller) => commandDesk(tx, caller) } : {}),
  });

describe("the demo's sales decided in memory", () => {
  it.each(instants)("are the events and rows the commands make, and a rebuild gives them again ($at)", async ({ at, balanceReminders }) => {
    const now = new Date(at);
    await resetDatabase(db);
    await seedAt(now, true);
    expect(await heldMiscounted()).toEqual([]);
    const throughCommands = await tableContents(db);
    await resetDatabase(db);
    await seedAt(now, false);
    const inMemory = await tableContents(db);
    expect(inMemory).toEqual(throughCommands);
    expect(inMemory.reservations).not.toMatch(/^0 rows/);
    expect(inMemory.passenger_flights).not.toMatch(/^0 rows/);
    // what the commands decide besides holding, selling and canceling is decided here too: the
    // penalties two canceled sales keep (decision 067) and the balance reminders due
    const [shown] = await db.query<{ penalties: number; reminders: number }>(
      `select count(*) filter (where (data->>'penaltyCents')::int > 0)::int as penalties,
              count(*) filter (where type = 'reservation.remindBalance')::int as reminders from events`,
    );
    expect(shown?.penalties).toBe(2);
    expect((shown?.reminders ?? 0) > 0).toBe(balanceReminders);
    await rebuildProjections(db);
    expect(await tableContents(db)).toEqual(inMemory);
    expect(inMemory.held_spaces).not.toMatch(/^0 rows/);
    expect(await heldMiscounted()).toEqual([]);
  }, 120_000);
});

describe("a copy of the demo's operations decided in memory beside the demo's sales", () => {
  it("is the events and rows the commands make, and a rebuild gives them again", async () => {
    const now = new Date(instants[0]?.at ?? "");
    // both copies start from one demo: seeded for the first, its rows and sequences put back for the second
    const seeded = keptSeed(db, () => seedAt(now, false));
    const copied = async (throughCommands: boolean) => {
      await resetDatabase(db);
      await seeded();
      const sources = await demoSources(db);
      await db.transaction((tx) => copyDemoOperations(tx, sources, 2, now, throughCommands ? async (inner, caller) => commandDesk(inner, caller) : undefined, DEPARTURES));
      return tableContents(db);
    };
    const throughCommands = await copied(true);
    const inMemory = await copied(false);
    expect(inMemory).toEqual(throughCommands);
    // the copy sold: twice the demo's yachts' sales, some on agencies' credit the demo's sales use too
    const [sold] = await db.query<{ yachts: number; credit: number }>(
      `select count(distinct c.yacht_id)::int as yachts,
              count(*) filter (where r.status = 'confirmed' and not exists (select 1 from payments p where p.reservation_id = r.id))::int as credit
         from reservations r join cruises c on c.id = r.cruise_id join yachts y on y.id = c.yacht_id where y.name like '% 2'`,
    );
    expect(sold?.yachts).toBe(2);
    expect(sold?.credit).toBeGreaterThan(0);
    await rebuildProjections(db);
    expect(await tableContents(db)).toEqual(inMemory);
  }, 180_000);
});
