/**
 * A stream opened late is told what changed in its replay's milliseconds (decision 094): the
 * feed's `changedSince` reads the clock the events were stamped with, so its window is checked
 * over many instants, ages and windows, and by the log's newest events only.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { MAX_REPLAY_MS } from "../../src/api/changes.ts";
import { createChangeFeed } from "../../server/changes/feed.ts";
import type { Queryable } from "../../server/db/database.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

/** A lead's event stamped `at`, as the store writes one. */
const leadEventAt = async (leadId: number, at: Date): Promise<void> => {
  await db.query("insert into events (stream, stream_id, version, type, data, occurred_at) values ('lead', $1, 1, 'LeadCreated', '{}', $2)", [
    String(leadId),
    at.toISOString(),
  ]);
};

it("tells a change stamped within the replay's window before the request, and none older, on any day", async () => {
  const feed = createChangeFeed(db, 60_000, (error) => {
    throw error;
  });
  let leadId = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2036-12-31T23:59:59Z"), noInvalidDate: true }),
      fc.integer({ min: 0, max: 2 * MAX_REPLAY_MS }),
      fc.integer({ min: 0, max: MAX_REPLAY_MS }),
      async (arrivedAt, age, replay) => {
        leadId += 1;
        await leadEventAt(leadId, new Date(arrivedAt.getTime() - age));
        const told = await feed.changedSince(new Date(arrivedAt.getTime() - replay));
        const tellsIt = told.some((scoped) => scoped.change.kind === "lead" && scoped.change.leadId === leadId);
        expect(tellsIt).toBe(age <= replay);
        if (tellsIt) expect(told.find((scoped) => scoped.change.kind === "lead" && scoped.change.leadId === leadId)?.agencyId).toBe("staff");
      },
    ),
    { numRuns: 100 },
  );
  await feed.stop();
});

it("tells the first listener of several servers' feed nothing already in the log, and an id taken before it came but committed after", async () => {
  let count = 0;
  const feed = createChangeFeed(
    db,
    60_000,
    (error) => {
      throw error;
    },
    async () => ++count,
  );
  const takenEarly = (await db.query<{ id: number }>("select nextval('events_id_seq')::int as id"))[0]?.id;
  const before = new Date("2026-11-30T05:00:00Z");
  for (const leadId of [9001, 9002, 9003]) await leadEventAt(leadId, before);
  const heard: number[] = [];
  const stop = feed.subscribe((changes) => heard.push(...changes.flatMap((scoped) => (scoped.change.kind === "lead" ? [scoped.change.leadId] : []))));
  await feed.catchUp();
  expect(heard).toEqual([]);
  await db.query("insert into events (id, stream, stream_id, version, type, data, occurred_at) values ($1, 'lead', '9004', 1, 'LeadCreated', '{}', $2)", [
    takenEarly,
    before.toISOString(),
  ]);
  await leadEventAt(9005, before);
  await feed.catchUp();
  expect(heard).toEqual([9004, 9005]);
  stop();
  await feed.stop();
});

it("waits at a catch-up for another server's writes, not for its own, which their commands tell (decision 101)", async () => {
  let count = 0;
  const own = new Set<number>();
  // Every read of the feed after its first waits until this server's first two writes are made: a
  // look still under way when a catch-up resolved (once, one asked for during the first look and
  // left to follow it) would read them and tell them, where this server's own are told by their commands.
  let ownWritesMade = (): void => undefined;
  const madeOwnWrites = new Promise<void>((resolve) => {
    ownWritesMade = resolve;
  });
  let reads = 0;
  const feedDb: Queryable = {
    ...db,
    query: async (sql, params) => {
      reads += 1;
      if (reads > 1) await madeOwnWrites;
      return db.query(sql, params);
    },
  };
  const feed = createChangeFeed(
    feedDb,
    60_000,
    (error) => {
      throw error;
    },
    async () => count,
    (after, upTo) => Array.from({ length: upTo - after }, (_, index) => after + 1 + index).every((raised) => own.has(raised)),
  );
  const at = new Date("2026-11-30T05:00:00Z");
  const write = async (leadId: number, here: boolean) => {
    await leadEventAt(leadId, at);
    count += 1;
    if (here) own.add(count);
  };
  const heard: number[] = [];
  const stop = feed.subscribe((changes) => heard.push(...changes.flatMap((scoped) => (scoped.change.kind === "lead" ? [scoped.change.leadId] : []))));
  await feed.catchUp();
  await write(9101, true);
  await write(9102, true);
  ownWritesMade();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await feed.catchUp();
  expect(heard).toEqual([]);
  await write(9103, false);
  await write(9104, true);
  await feed.catchUp();
  expect(heard).toEqual([9101, 9102, 9103, 9104]);
  await write(9105, true);
  await feed.catchUp();
  expect(heard).toEqual([9101, 9102, 9103, 9104]);
  stop();
  await feed.stop();
});
