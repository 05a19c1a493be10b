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
});
