/** A heavy read's captured statements replayed through a plain database (decision 085): the limit's side and the bare server's. */
import type { Database } from "../server/db/database.ts";
import type { LoggedStatement } from "../server/db/statementLog.ts";

/** One captured request: the statements of its write (run in a transaction) and of its read. */
export interface Round {
  readonly write: ReadonlyArray<LoggedStatement>;
  readonly read: ReadonlyArray<LoggedStatement>;
}

/** Thrown at the end of a replayed write: its transaction is rolled back, the database stays as captured. */
class ReplayedWrite extends Error {}

/** A round's write, in a transaction rolled back: the captured writes never happened on the replay's copy, and stay so. */
export const replayWrite = async (db: Database, round: Round): Promise<void> => {
  if (round.write.length === 0) return;
  await db
    .transaction(async (tx) => {
      const asked = round.write.filter((statement) => statement.beforeCommit !== true);
      for (let index = 0; index < asked.length; ) {
        const statement = asked[index];
        if (statement === undefined) break;
        // the statements the server sent together (decision 130) go together again
        let end = index + 1;
        while (statement.together !== undefined && asked[end]?.together === statement.together) end += 1;
        if (end === index + 1) await tx.query(statement.sql, statement.params);
        else await tx.queryTogether(asked.slice(index, end));
        index = end;
      }
      // as the server runs them before its commit (decision 128): on PostgreSQL in one message, on
      // PGlite one by one (its `exec` would forget every parsed statement, which a commit never does)
      const lastly = round.write.filter((statement) => statement.beforeCommit === true).map((statement) => statement.sql);
      if (db.kind === "postgres" && lastly.length > 0) await tx.exec(lastly.join(";\n"));
      if (db.kind === "pglite") for (const sql of lastly) await tx.query(sql);
      throw new ReplayedWrite();
    })
    .catch((error: unknown) => {
      if (!(error instanceof ReplayedWrite)) throw error;
    });
};

/** A round's read: each statement's rows. */
export const replayRead = async (db: Database, round: Round): Promise<unknown[][]> => {
  const rows: unknown[][] = [];
  for (const statement of round.read) rows.push(await db.query(statement.sql, statement.params));
  return rows;
};
