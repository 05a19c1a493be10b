import { describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { changeCountRaised, readTogether, rememberedReads, versionedReads, withOneChangeCount } from "../../server/db/remember.ts";
import { testDatabase } from "../setup/database.ts";

/** A read that counts its calls and answers the call number. */
const countingRead = () => {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return calls;
    },
    calls: () => calls,
  };
};

describe("remembered reads", () => {
  it("reads once per key until the database changes, then reads again", async () => {
    const reads = rememberedReads(10);
    const counter = countingRead();
    expect(await reads.remember("a", counter.read)).toBe(1);
    expect(await reads.remember("a", counter.read)).toBe(1);
    reads.changed(null);
    expect(await reads.remember("a", counter.read)).toBe(2);
    expect(counter.calls()).toBe(2);
  });

  it("lets concurrent callers of one key share a single read", async () => {
    const reads = rememberedReads(10);
    const counter = countingRead();
    const answers = await Promise.all([1, 2, 3].map(() => reads.remember("a", counter.read)));
    expect(answers).toEqual([1, 1, 1]);
    expect(counter.calls()).toBe(1);
  });

  it("forgets a read that failed, so the next caller tries again", async () => {
    const reads = rememberedReads(10);
    await expect(reads.remember("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await reads.remember("a", async () => "up")).toBe("up");
  });

  it("keeps a read that names its tables until one of them or an untold table changes", async () => {
    const reads = rememberedReads(10);
    const counter = countingRead();
    expect(await reads.remember("cabins", counter.read, ["cabins", "berths"])).toBe(1);
    reads.changed(["spaces", "reservations"]);
    expect(await reads.remember("cabins", counter.read, ["cabins", "berths"])).toBe(1);
    reads.changed(["berths"]);
    expect(await reads.remember("cabins", counter.read, ["cabins", "berths"])).toBe(2);
    reads.changed(null);
    expect(await reads.remember("cabins", counter.read, ["cabins", "berths"])).toBe(3);
    // a read that names no table: any change
    const any = countingRead();
    await reads.remember("any", any.read);
    reads.changed(["spaces"]);
    expect(await reads.remember("any", any.read)).toBe(2);
  });

  it("shares a read still under way only with callers that may wait for it", async () => {
    const reads = rememberedReads(10);
    const counter = countingRead();
    const first = reads.remember("a", counter.read, ["a"]);
    expect(await reads.remember("a", counter.read, ["a"], true)).toBe(2);
    expect(await first).toBe(1);
    // settled: shared with everyone
    expect(await reads.remember("a", counter.read, ["a"], true)).toBe(1);
    expect(counter.calls()).toBe(2);
  });

  it("drops the least recently used answer when full", async () => {
    const reads = rememberedReads(2);
    const a = countingRead();
    const b = countingRead();
    const c = countingRead();
    await reads.remember("a", a.read);
    await reads.remember("b", b.read);
    await reads.remember("a", a.read);
    await reads.remember("c", c.read);
    await reads.remember("a", a.read);
    await reads.remember("b", b.read);
    expect([a.calls(), b.calls(), c.calls()]).toEqual([1, 2, 1]);
  });
});

describe("reads remembered under a change count", () => {
  it("answers from memory while the count stands, and reads again once it moved", async () => {
    let count = 4;
    const reads = versionedReads(10, async () => count);
    const counter = countingRead();
    expect(await reads.remember("a", counter.read)).toBe(1);
    expect(await reads.remember("a", counter.read)).toBe(1);
    count = 5;
    expect(await reads.remember("a", counter.read)).toBe(2);
    expect(await reads.remember("a", counter.read)).toBe(2);
    expect(counter.calls()).toBe(2);
  });

  it("reads the count once in one call of an endpoint, again after a write the call committed, and afresh once the call ended", async () => {
    let count = 4;
    let countReads = 0;
    const reads = versionedReads(10, async () => {
      countReads += 1;
      return count;
    });
    const counter = countingRead();
    let later: Promise<number> = Promise.resolve(0);
    await withOneChangeCount(async () => {
      expect(await reads.remember("session", counter.read)).toBe(1);
      // another server's write while the call runs: the call answers as of its beginning
      count = 5;
      expect(await reads.remember("session", counter.read)).toBe(1);
      expect(countReads).toBe(1);
      // the call's own write
      changeCountRaised();
      expect(await reads.remember("session", counter.read)).toBe(2);
      expect(countReads).toBe(2);
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() => {
        count = 6;
        return reads.remember("session", counter.read);
      });
    });
    // a timer the call started runs after it: it reads the count of its own moment
    expect(await later).toBe(3);
    expect(await reads.remember("session", counter.read)).toBe(3);
    expect(countReads).toBe(4);
  });

  it("keeps the newer count's answer when a caller that read the older count finishes after it", async () => {
    const counts = [7, 8];
    const reads = versionedReads(10, async () => counts.shift() ?? 8);
    let release: () => void = () => {};
    const slow = reads.remember("a", () => new Promise<string>((resolve) => (release = () => resolve("from count 7"))));
    await Promise.resolve();
    expect(await reads.remember("a", async () => "from count 8")).toBe("from count 8");
    release();
    expect(await slow).toBe("from count 7");
    expect(await reads.remember("a", async () => "read again")).toBe("from count 8");
  });

  it("shares one read among callers of one count, forgets a failed one, and drops the least recently used when full", async () => {
    const reads = versionedReads(2, async () => 1);
    const counter = countingRead();
    expect(await Promise.all([1, 2, 3].map(() => reads.remember("a", counter.read)))).toEqual([1, 1, 1]);
    await expect(reads.remember("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await reads.remember("b", async () => "up")).toBe("up");
    await reads.remember("c", async () => "c");
    expect(await reads.remember("a", counter.read)).toBe(2);
  });
});

describe("a database's remembered reads", () => {
  const db = testDatabase();
  const outboxSize = () =>
    db.remember("outbox size", async () => {
      const [row] = await db.query<{ mails: number }>("select count(*)::int as mails from outbox");
      return row?.mails ?? -1;
    });
  const addMail = (tx: Pick<Database, "query">) =>
    tx.query("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");

  it("never answers from before a committed transaction, a writing statement or an exec", async () => {
    expect(await outboxSize()).toBe(0);
    await db.transaction(addMail);
    expect(await outboxSize()).toBe(1);
    await addMail(db);
    expect(await outboxSize()).toBe(2);
    await db.exec("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");
    expect(await outboxSize()).toBe(3);
  });

  // PGlite runs one statement at a time, so the read queued behind the write must see it; on
  // PostgreSQL the read runs on another connection, beside the write, and nothing is remembered
  // (the next test): either count is then a correct answer, and there is nothing to check.
  it.runIf(inject("templateDatabase").kind === "pglite")("answers a read asked after a transaction's write from the data after it, and reads again after its commit", async () => {
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

  it.runIf(inject("templateDatabase").kind === "pglite")(
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

  it.runIf(inject("templateDatabase").kind === "pglite")(
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

  it.runIf(inject("templateDatabase").kind === "pglite")(
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

  it.runIf(inject("templateDatabase").kind === "pglite")(
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

  it.runIf(inject("templateDatabase").kind === "postgres")(
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
});

describe("reads asked together", () => {
  it("share one read among the callers that ask before it starts, and never one begun before a caller asked", async () => {
    let started = 0;
    let release: () => void = () => {};
    const read = readTogether(async () => {
      started += 1;
      const number = started;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return number;
    });
    const together = [read(), read(), read()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(1);
    // asked while the first read runs: it waits for a read of its own
    const later = read();
    release();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    release();
    expect(await later).toBe(2);
  });

  it("gives every caller of a failed read its failure, and reads again for the next", async () => {
    let fail = true;
    const read = readTogether(async () => {
      if (fail) throw new Error("the database is away");
      return "back";
    });
    const failed = await Promise.allSettled([read(), read()]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await read()).toBe("back");
  });
});
