/**
 * What the change feed's looks cost (decision 141): the commits of one moment share a look, a
 * look reads the scope of the streams its events belong to only, and the ids it skips are those
 * of its look-back window only.
 */
import { expect, it, vi } from "vitest";
import { createChangeFeed, type ScopedChange } from "../../server/changes/feed.ts";
import type { Queryable } from "../../server/db/database.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

interface Asked {
  readonly sql: string;
  readonly params: ReadonlyArray<unknown>;
  /** Whether its answer has come. */
  answered: boolean;
}

/** The test database, every statement the feed asks written down. */
const recorded = (): { readonly queryable: Queryable; readonly asked: Asked[] } => {
  const asked: Asked[] = [];
  const queryable = new Proxy(db as Queryable, {
    get: (target, key, receiver) => {
      if (key !== "query") return Reflect.get(target, key, receiver);
      return async (sql: string, params: ReadonlyArray<unknown> = []) => {
        const statement: Asked = { sql, params, answered: false };
        asked.push(statement);
        try {
          return await target.query(sql, params);
        } finally {
          statement.answered = true;
        }
      };
    },
  });
  return { queryable, asked };
};

const isLook = (statement: Asked) => statement.sql.includes("with recent as materialized");

const eventOf = async (stream: string, streamId: number): Promise<void> => {
  await db.query("insert into events (stream, stream_id, version, type, data) values ($1, $2, 1, 'Test', '{}')", [stream, String(streamId)]);
};

/** Waits until `done` holds, a few milliseconds at a time, for at most two seconds. */
const until = (done: () => boolean): Promise<void> => vi.waitFor(() => expect(done()).toBe(true), { timeout: 2_000, interval: 5 });

/** The feed's first look has been answered: its cursor stands at the log's end, and what is written next is news. */
const firstLookDone = (asked: ReadonlyArray<Asked>) => until(() => asked.length > 0 && asked.every((statement) => statement.answered));

/** A feed whose interval never comes in a test's time: only its first look and the nudges read the log. */
const feedOn = (queryable: Queryable, changeCount: (() => Promise<number>) | null = null) =>
  createChangeFeed(
    queryable,
    600_000,
    (error) => {
      throw error;
    },
    changeCount,
  );

it("reads the commits nudged in one moment in one look, and tells them together", async () => {
  const { queryable, asked } = recorded();
  const feed = feedOn(queryable);
  const told: Array<ReadonlyArray<ScopedChange>> = [];
  const stop = feed.subscribe((changes) => told.push(changes));
  await firstLookDone(asked);
  const before = asked.filter(isLook).length;
  // three commits that end in the same moment, each nudging as its request answers
  for (const leadId of [501, 502, 503]) await eventOf("lead", leadId);
  for (let commit = 0; commit < 3; commit += 1) feed.nudge();
  await until(() => told.flat().length === 3);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked.filter(isLook).length - before).toBe(1);
  expect(told).toEqual([
    [501, 502, 503].map((leadId) => ({ change: { kind: "lead", leadId }, agencyId: "staff", stream: "lead" })),
  ]);
  stop();
  await feed.stop();
});

it("reads the rows of the streams its events belong to, not the others'", async () => {
  const { queryable, asked } = recorded();
  const feed = feedOn(queryable);
  const told: ScopedChange[] = [];
  const stop = feed.subscribe((changes) => told.push(...changes));
  await firstLookDone(asked);
  await eventOf("passenger", 777);
  feed.nudge();
  await until(() => told.length === 1);
  const scopeReads = asked.filter((statement) => statement.sql.includes("as reservation_id"));
  expect(scopeReads).toHaveLength(1);
  expect(scopeReads[0]?.sql).toContain("from passengers");
  expect(scopeReads[0]?.sql).not.toContain("from reservations");
  expect(scopeReads[0]?.sql).not.toContain("from payments");
  expect(scopeReads[0]?.params).toEqual([[777]]);
  // a passenger whose row is not there (yet) is heard by staff alone
  expect(told).toEqual([{ change: { kind: "passenger", passengerId: 777 }, agencyId: "staff", stream: "passenger" }]);
  stop();
  await feed.stop();
});

/** The ids a look's statement skips (its second parameter). */
const skippedBy = (statement: Asked): ReadonlyArray<number> => (statement.params[1] as ReadonlyArray<number> | undefined) ?? [];

it("skips only the ids of its look-back window: none with one writer, at most 200 with several servers", async () => {
  for (const [changeCount, window] of [
    [null, 0],
    [async () => Date.now(), 200],
  ] as const) {
    const { queryable, asked } = recorded();
    const feed = feedOn(queryable, changeCount);
    const heard = new Set<number>();
    const stop = feed.subscribe((changes) => {
      for (const { change } of changes) if (change.kind === "lead") heard.add(change.leadId);
    });
    await firstLookDone(asked);
    const first = 1_000 * (window + 1);
    for (let leadId = first; leadId < first + 600; leadId += 1) {
      await eventOf("lead", leadId);
      // a look every thirty commits, as a busy desk's nudges come
      if (leadId % 30 === 0) {
        feed.nudge();
        await until(() => heard.has(leadId));
      }
    }
    feed.nudge();
    await until(() => heard.size === 600);
    const looks = asked.filter(isLook);
    expect(looks.length).toBeGreaterThan(15);
    expect(Math.max(...looks.map((look) => skippedBy(look).length))).toBeLessThanOrEqual(window);
    if (window > 0) expect(Math.max(...looks.map((look) => skippedBy(look).length))).toBe(window);
    stop();
    await feed.stop();
  }
});
