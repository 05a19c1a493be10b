import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { withOneChangeCount } from "../../server/db/remember.ts";
import { testDatabase } from "../setup/database.ts";
import { addMail, countingRead, outboxSizeOf } from "./rememberedReads.ts";

/** What a database's remembered reads answer on PostgreSQL, which several servers write (decision 046). */
describe("a database's remembered reads on PostgreSQL", () => {
  const db = testDatabase();
  const outboxSize = () => outboxSizeOf(db);

  it(
    "keeps an answer on PostgreSQL until any server writes: a write through another server's pool is never answered from before it",
    async () => {
      const otherServer = await db.openAgain();
      try {
        const counter = countingRead();
        await db.remember("counted", counter.read);
        await db.query("select 1");
        await otherServer.query("select count(*) from outbox");
        await db.remember("counted", counter.read);
        expect(counter.calls()).toBe(1);
        await otherServer.transaction(addMail);
        expect(await db.remember("counted", counter.read)).toBe(2);
        await addMail(otherServer);
        expect(await outboxSize()).toBe(2);
        await otherServer.exec("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");
        expect(await outboxSize()).toBe(3);
        expect(await db.remember("counted", counter.read)).toBe(3);
        // a transaction that only reads changes nothing
        await otherServer.transaction((tx) => tx.query("select count(*) from outbox"));
        expect(await db.remember("counted", counter.read)).toBe(3);
      } finally {
        await otherServer.close();
      }
    },
  );

  it("knows the writes it committed itself from another server's, by the counts they raised (decision 101)", async () => {
    const otherServer = await db.openAgain();
    const count = async () => (await db.changeCount?.()) ?? Number.NaN;
    const committedHere = (after: number, upTo: number) => db.committedHere?.(after, upTo);
    try {
      const start = await count();
      await addMail(db);
      await db.transaction(addMail);
      await db.query("select count(*) from outbox");
      const own = await count();
      expect(own).toBe(start + 2);
      expect(committedHere(start, own)).toBe(true);
      await addMail(otherServer);
      await db.transaction(addMail);
      const after = await count();
      expect(after).toBe(own + 2);
      expect(committedHere(own + 1, after)).toBe(true);
      expect(committedHere(own, after)).toBe(false);
      expect(committedHere(start, after)).toBe(false);
    } finally {
      await otherServer.close();
    }
  });

  it("answers a call's change count as the call read it first, so a catch-up inside it makes no round trip, and reads it again after the call's own write", async () => {
    const otherServer = await db.openAgain();
    const count = async () => (await db.changeCount?.()) ?? Number.NaN;
    try {
      const before = await count();
      // the other server is in this process too: its write runs outside the call, as another server's would
      const outsideTheCall = AsyncLocalStorage.snapshot();
      await withOneChangeCount(async () => {
        expect(await count()).toBe(before);
        await outsideTheCall(() => addMail(otherServer));
        expect(await count()).toBe(before);
        await db.transaction(addMail);
        expect(await count()).toBe(before + 2);
      });
      await addMail(otherServer);
      expect(await count()).toBe(before + 3);
    } finally {
      await otherServer.close();
    }
  });

  it("answers a transaction's read of tables it has not written from what is kept under its call's counts, and reads what it wrote (decision 103)", async () => {
    const otherServer = await db.openAgain();
    const outsideTheCall = AsyncLocalStorage.snapshot();
    try {
      const counter = countingRead();
      const inTransaction = () => db.transaction((tx) => tx.remember("counted", counter.read, ["outbox"]));
      await withOneChangeCount(async () => {
        await db.changeCount?.();
        expect(await inTransaction()).toBe(1);
        expect(await inTransaction()).toBe(1);
        expect(await db.remember("counted", counter.read, ["outbox"])).toBe(1);
        // another server's write after the call began: the call answers as of its beginning
        await outsideTheCall(() => addMail(otherServer));
        expect(await inTransaction()).toBe(1);
        // a transaction that wrote the table reads it, and keeps nothing for the others
        expect(await db.transaction(async (tx) => {
          await addMail(tx);
          return tx.remember("counted", counter.read, ["outbox"]);
        })).toBe(2);
        // its commit made the call ask for the counts again: until it has, a transaction reads
        expect(await inTransaction()).toBe(3);
      });
      // the next call reads the counts, which count both writes: read again, then kept
      await withOneChangeCount(async () => {
        expect(await db.remember("counted", counter.read, ["outbox"])).toBe(4);
        expect(await inTransaction()).toBe(4);
      });
      // outside a call, a transaction has no counts read for it: it reads
      expect(await inTransaction()).toBe(5);
    } finally {
      await otherServer.close();
    }
  });

  it("keeps a read naming its tables across any server's writes of other tables, and reads again once one of them or an untold statement is written", async () => {
    const otherServer = await db.openAgain();
    try {
      const counter = countingRead();
      const counted = () => db.remember("counted", counter.read, ["outbox"]);
      expect(await counted()).toBe(1);
      await otherServer.transaction((tx) => tx.query("insert into feedings (name, active, status, version, created_at, updated_at) values ('Ceviche', true, 'active', 1, now(), now())"));
      await otherServer.query("update feedings set active = false");
      expect(await counted()).toBe(1);
      await otherServer.transaction(addMail);
      expect(await counted()).toBe(2);
      await otherServer.exec("select 1");
      expect(await counted()).toBe(3);
      await db.transaction((tx) => tx.query("delete from feedings"));
      expect(await counted()).toBe(3);
    } finally {
      await otherServer.close();
    }
  });

  it("raises the change counts and commits in one message, so the counts' row every writer updates is never held across a round trip (decision 125)", async () => {
    const sent = vi.spyOn(pg.Client.prototype, "query");
    const texts = () => sent.mock.calls.map(([query]) => (typeof query === "string" ? query : (query as { text?: string }).text ?? "").replace(/\s+/g, " ").trim());
    try {
      const before = (await db.changeCount?.()) ?? Number.NaN;
      sent.mockClear();
      await db.transaction(async (tx) => {
        await addMail(tx);
        await addMail(tx);
      });
      const raises = texts().filter((text) => text.includes("update data_changes"));
      expect(raises).toHaveLength(1);
      expect(raises[0]).toMatch(/returning count; commit$/);
      expect(texts()).not.toContain("commit");
      expect(await db.changeCount?.()).toBe(before + 1);
      expect(db.committedHere?.(before, before + 1)).toBe(true);
      // a transaction that wrote nothing raises nothing and commits alone
      sent.mockClear();
      await db.transaction((tx) => tx.query("select count(*) from outbox"));
      expect(texts().filter((text) => text.includes("update data_changes"))).toHaveLength(0);
      expect(texts()).toContain("commit");
    } finally {
      sent.mockRestore();
    }
  });

  it("writes a lone statement outside a transaction with its raise in one statement, answering the write's own rows (decision 129)", async () => {
    const sent = vi.spyOn(pg.Client.prototype, "query");
    const texts = () => sent.mock.calls.map(([query]) => (typeof query === "string" ? query : (query as { text?: string }).text ?? "").replace(/\s+/g, " ").trim());
    try {
      const before = (await db.changeCount?.()) ?? Number.NaN;
      expect(await outboxSize()).toBe(0);
      sent.mockClear();
      const written = await db.query<Record<string, unknown>>("insert into outbox (\"to\", subject, text) values ($1, 'b', 'c') returning \"to\", subject", ["lone"]);
      expect(written).toEqual([{ to: "lone", subject: "b" }]);
      expect(texts()).toHaveLength(1);
      expect(texts()[0]).toMatch(/^with written as \(insert into outbox .*update data_changes/);
      expect(await db.changeCount?.()).toBe(before + 1);
      expect(db.committedHere?.(before, before + 1)).toBe(true);
      // without returning: no rows, the count still learnt; the remembered size read again
      expect(await db.query("update outbox set subject = 'c' where \"to\" = $1", ["lone"])).toEqual([]);
      expect(db.committedHere?.(before, before + 2)).toBe(true);
      expect(await outboxSize()).toBe(1);
      // a refused write changes nothing, the counts included
      await expect(db.query("insert into outbox (\"to\") values (null)")).rejects.toThrow();
      expect(await db.changeCount?.()).toBe(before + 2);
      // a with-query's writes must stay at its top: it is made a transaction, as before
      sent.mockClear();
      await db.query("with gone as (delete from outbox where \"to\" = 'lone' returning id) select count(*) from gone");
      expect(texts()).toContain("begin");
      expect(await outboxSize()).toBe(0);
      expect(await db.changeCount?.()).toBe(before + 3);
    } finally {
      sent.mockRestore();
    }
  });
});
