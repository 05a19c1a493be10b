import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { testDatabase } from "../setup/database.ts";
import { signal } from "../setup/signal.ts";

/** Statements sent together on PostgreSQL (decision 130): one message, each statement its own snapshot. */
describe("statements sent together on PostgreSQL", () => {
  const db = testDatabase();
  /** The texts sent through every connection while `sent` spied on them. */
  const texts = (sent: { readonly mock: { readonly calls: ReadonlyArray<ReadonlyArray<unknown>> } }): string[] =>
    sent.mock.calls.map(([query]) => (typeof query === "string" ? query : ((query as { text?: string }).text ?? "")).replace(/\s+/g, " ").trim());

  it("go in one message with the transaction's begin when they are its first statements", async () => {
    const sent = vi.spyOn(pg.Client.prototype, "query");
    try {
      await db.transaction(async (tx) => {
        await tx.queryTogether([
          { sql: "select $1::int as one", params: [1] },
          { sql: "select $1::text as two", params: ["two"] },
        ]);
        await tx.query("select 3");
      });
      const own = texts(sent);
      expect(own[0]).toBe("begin; select '1'::int as one; select 'two'::text as two");
      expect(own.filter((text) => text === "begin")).toHaveLength(0);
      expect(own).toContain("commit");
    } finally {
      sent.mockRestore();
    }
  });

  it("read, after a lock among them, what the lock's holder committed while they waited", async () => {
    await db.query("insert into outbox (\"to\", subject, text) values ('shared', 'before', 'c')");
    const released = signal();
    const locked = signal();
    const holder = db.transaction(async (tx) => {
      await tx.query("select id from outbox where \"to\" = 'shared' for update");
      await tx.query("update outbox set subject = 'after' where \"to\" = 'shared'");
      locked.give();
      await released.reached;
    });
    await locked.reached;
    const waiter = db.transaction((tx) =>
      tx.queryTogether([
        { sql: 'select id from outbox where "to" = $1 for update', params: ["shared"] },
        { sql: 'select subject from outbox where "to" = $1', params: ["shared"] },
      ]),
    );
    // the waiter's message is sent and blocked on the lock; the holder commits its change
    await new Promise((resolve) => setTimeout(resolve, 100));
    released.give();
    await holder;
    const [, subjects] = await waiter;
    expect(subjects).toEqual([{ subject: "after" }]);
  });
});
