import { describe, expect, it } from "vitest";
import { testDatabase } from "../setup/database.ts";
import { signal } from "../setup/signal.ts";

/**
 * On PostgreSQL the statements given to beforeCommit go in the commit's own message (decision
 * 128): a row every writer takes is locked for that message only, not while the transaction runs.
 */
describe("statements before the commit on PostgreSQL", () => {
  const db = testDatabase();

  it("take their row locks at the commit: another writer of the row does not wait for the rest of the transaction", async () => {
    await db.query("insert into outbox (\"to\", subject, text) values ('shared', '0', 'c')");
    const finished = signal();
    const deferred = signal();
    const open = db.transaction(async (tx) => {
      await tx.beforeCommit("update outbox set subject = subject || '+later' where \"to\" = 'shared'", ["outbox"]);
      deferred.give();
      await finished.reached;
    });
    await deferred.reached;
    // sent while the first transaction is still open: with the lock taken at once it would wait for it
    await db.query("update outbox set subject = subject || '+now' where \"to\" = 'shared'");
    finished.give();
    await open;
    expect(await db.query("select subject from outbox where \"to\" = 'shared'")).toEqual([{ subject: "0+now+later" }]);
  });
});
