import type { Database } from "../../server/db/database.ts";

/** A read that counts its calls and answers the call number. */
export const countingRead = () => {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return calls;
    },
    calls: () => calls,
  };
};

/** Mails waiting in the outbox, remembered under the key "outbox size" until the database changes. */
export const outboxSizeOf = (db: Pick<Database, "query" | "remember">) =>
  db.remember("outbox size", async () => {
    const [row] = await db.query<{ mails: number }>("select count(*)::int as mails from outbox");
    return row?.mails ?? -1;
  });

/** One more mail in the outbox. */
export const addMail = (tx: Pick<Database, "query">) => tx.query("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");
