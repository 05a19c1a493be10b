import { describe, expect, it } from "vitest";
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
});
