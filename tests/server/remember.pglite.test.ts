import { describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { testDatabase } from "../setup/database.ts";
import { addMail, countingRead, outboxSizeOf } from "./rememberedReads.ts";

/** What a database's remembered reads answer on PGlite, where this process alone writes (decision 016). */
describe("a database's remembered reads on PGlite", () => {
  const db = testDatabase();
  const outboxSize = () => outboxSizeOf(db);

  // PGlite runs one statement at a time, so the read queued behind the write must see it; on
  // PostgreSQL the read runs on another connection, beside the write, and nothing is remembered
  // (remember.postgres.test.ts): either count is then a correct answer, and there is nothing to check.
  it("answers a read asked after a transaction's write from the data after it, and reads again after its commit", async () => {
    expect(await outboxSize()).toBe(0);
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    let commit: () => void = () => undefined;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const writing = db.transaction(async (tx) => {
      await addMail(tx);
      wrote();
      await committing;
    });
    await written;
    const during = outboxSize();
    commit();
    await writing;
    expect(await during).toBe(1);
    expect(await outboxSize()).toBe(1);
  });

  it(
    "keeps a read that names its tables across writes of other tables; a transaction reads again what it wrote, and its rollback is never remembered",
    async () => {
      const mails = (on: Pick<Database, "query" | "remember">) =>
        on.remember(
          "mails",
          async () => (await on.query<{ mails: number }>("select count(*)::int as mails from outbox"))[0]?.mails ?? -1,
          ["outbox"],
        );
      const counter = countingRead();
      await db.remember("counted", counter.read, ["uploads"]);
      expect(await mails(db)).toBe(0);
      await addMail(db);
      // outbox written: the read of it again, the read of uploads kept
      expect(await mails(db)).toBe(1);
      await db.remember("counted", counter.read, ["uploads"]);
      expect(counter.calls()).toBe(1);
      // a statement that does not name its tables changes every one
      await db.exec("select 1");
      await db.remember("counted", counter.read, ["uploads"]);
      expect(counter.calls()).toBe(2);
      await expect(
        db.transaction(async (tx) => {
          expect(await mails(tx)).toBe(1);
          await addMail(tx);
          expect(await mails(tx)).toBe(2);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await mails(db)).toBe(1);
    },
  );

  it(
    "lets a transaction keep what it read of a table it wrote until it writes it again, for itself alone; a lock is no write",
    async () => {
      const counter = countingRead();
      const counted = (on: Pick<Database, "remember">) => on.remember("counted", counter.read, ["outbox"]);
      await db.transaction(async (tx) => {
        await addMail(tx);
        expect(await counted(tx)).toBe(1);
        expect(await counted(tx)).toBe(1);
        // locking rows changes none of them
        await tx.query('select "to" from outbox for update');
        expect(await counted(tx)).toBe(1);
        await addMail(tx);
        expect(await counted(tx)).toBe(2);
      });
      // what the transaction kept was its own
      expect(await counted(db)).toBe(3);
      await db.query('select "to" from outbox for update skip locked');
      expect(await counted(db)).toBe(3);
    },
  );

  it(
    "lets a transaction read what a read queued behind it has not answered yet, instead of waiting for it",
    async () => {
      const mails = (on: Pick<Database, "query" | "remember">) =>
        on.remember("mails", async () => (await on.query<{ mails: number }>("select count(*)::int as mails from outbox"))[0]?.mails ?? -1, [
          "outbox",
        ]);
      let started: () => void = () => undefined;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const holding = db.transaction(async (tx) => {
        started();
        // the read below was asked outside once this transaction held the database: it waits for this one
        await new Promise((resolve) => setTimeout(resolve, 20));
        return mails(tx);
      });
      await running;
      const outside = mails(db);
      expect(await holding).toBe(0);
      expect(await outside).toBe(0);
    },
  );

  it(
    "keeps an answer across reads on PGlite, which only this process writes",
    async () => {
      const counter = countingRead();
      await db.remember("counted", counter.read);
      await db.query("select 1");
      await db.query("with one as (select 1) select * from one");
      await db.remember("counted", counter.read);
      expect(counter.calls()).toBe(1);
    },
  );
});
