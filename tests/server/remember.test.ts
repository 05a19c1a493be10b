import { describe, expect, it } from "vitest";
import { type ChangeCounts, changeCountRaised, readTogether, rememberedReads, versionedReads, withOneChangeCount } from "../../server/db/remember.ts";
import { testDatabase } from "../setup/database.ts";
import { addMail, countingRead, outboxSizeOf } from "./rememberedReads.ts";

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

/** Change counts where every write named its tables, `all` of them. */
const writes = (all: number, tables: Readonly<Record<string, number>> = {}): ChangeCounts => ({ all, untold: 0, tables });

describe("reads remembered under a change count", () => {
  it("answers from memory while the count stands, and reads again once it moved", async () => {
    let count = 4;
    const reads = versionedReads(10, async () => writes(count));
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
      return writes(count);
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
    const reads = versionedReads(10, async () => writes(counts.shift() ?? 8));
    let release: () => void = () => {};
    const slow = reads.remember("a", () => new Promise<string>((resolve) => (release = () => resolve("from count 7"))));
    await Promise.resolve();
    expect(await reads.remember("a", async () => "from count 8")).toBe("from count 8");
    release();
    expect(await slow).toBe("from count 7");
    expect(await reads.remember("a", async () => "read again")).toBe("from count 8");
  });

  it("shares one read among callers of one count, forgets a failed one, and drops the least recently used when full", async () => {
    const reads = versionedReads(2, async () => writes(1));
    const counter = countingRead();
    expect(await Promise.all([1, 2, 3].map(() => reads.remember("a", counter.read)))).toEqual([1, 1, 1]);
    await expect(reads.remember("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await reads.remember("b", async () => "up")).toBe("up");
    await reads.remember("c", async () => "c");
    expect(await reads.remember("a", counter.read)).toBe(2);
  });

  it("keeps a read that names its tables while their counts and the untold writes' stand, whatever else is written", async () => {
    let counts: ChangeCounts = writes(10, { sessions: 2, leads: 5 });
    const reads = versionedReads(10, async () => counts);
    const counter = countingRead();
    const session = () => reads.remember("session", counter.read, ["sessions", "users"]);
    expect(await session()).toBe(1);
    // a lead written, and a first write of a table nobody had written
    counts = writes(12, { sessions: 2, leads: 6, spaces: 1 });
    expect(await session()).toBe(1);
    // a write of one of its tables, counted there for the first time
    counts = writes(13, { sessions: 2, leads: 6, spaces: 1, users: 1 });
    expect(await session()).toBe(2);
    // a statement whose tables could not be told
    counts = { ...counts, all: 14, untold: 1 };
    expect(await session()).toBe(3);
    // a read naming no tables reads again at any write
    const anything = countingRead();
    expect(await reads.remember("anything", anything.read)).toBe(1);
    counts = { ...counts, all: 15, tables: { ...counts.tables, leads: 7 } };
    expect(await reads.remember("anything", anything.read)).toBe(2);
  });
});

describe("a database's remembered reads", () => {
  const db = testDatabase();
  const outboxSize = () => outboxSizeOf(db);

  it("never answers from before a committed transaction, a writing statement or an exec", async () => {
    expect(await outboxSize()).toBe(0);
    await db.transaction(addMail);
    expect(await outboxSize()).toBe(1);
    await addMail(db);
    expect(await outboxSize()).toBe(2);
    await db.exec("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");
    expect(await outboxSize()).toBe(3);
  });
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

  it("runs one read at a time: the callers who ask while one is under way share the next, begun once it has answered (decision 127)", async () => {
    let started = 0;
    const releases: Array<() => void> = [];
    const read = readTogether(async () => {
      started += 1;
      const number = started;
      await new Promise<void>((resolve) => {
        releases.push(resolve);
      });
      return number;
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = read();
    await turn();
    const meanwhile = [read(), read()];
    await turn();
    const still = read();
    await turn();
    expect(started).toBe(1);
    releases[0]?.();
    expect(await first).toBe(1);
    await turn();
    expect(started).toBe(2);
    releases[1]?.();
    expect(await Promise.all([...meanwhile, still])).toEqual([2, 2, 2]);
  });

  it("begins the next read after a failed one as after an answer", async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => {};
    const read = readTogether(async () => {
      calls += 1;
      if (calls === 1)
        await new Promise<void>((_resolve, reject) => {
          fail = reject;
        });
      return calls;
    });
    const first = read();
    await new Promise((resolve) => setImmediate(resolve));
    const next = read();
    fail(new Error("the database is away"));
    await expect(first).rejects.toThrow("the database is away");
    expect(await next).toBe(2);
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
