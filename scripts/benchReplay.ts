/** A heavy read's captured statements replayed through a plain database (decision 085): the limit's side and the bare server's. */
import type { Database } from "../server/db/database.ts";
import { readTogether } from "../server/db/remember.ts";
import type { LoggedStatement } from "../server/db/statementLog.ts";

/** One captured request: the statements of its write (run in a transaction) and of its read. */
export interface Round {
  readonly write: ReadonlyArray<LoggedStatement>;
  readonly read: ReadonlyArray<LoggedStatement>;
}

/**
 * A plain database to replay on, and the adapter's own reads (the change counts) as the server
 * runs them: one under way at a time, shared by every round asking meanwhile (decisions 127, 136).
 */
export interface Replay {
  readonly db: Database;
  readonly sharedRead: (sql: string) => Promise<unknown>;
}

export const replayOn = (db: Database): Replay => {
  const reads = new Map<string, () => Promise<unknown>>();
  return {
    db,
    sharedRead: (sql) => {
      let read = reads.get(sql);
      if (read === undefined) {
        read = readTogether(() => db.query(sql));
        reads.set(sql, read);
      }
      return read();
    },
  };
};

/** Runs one captured statement outside a transaction, a shared read as the server shares it. */
const replayAlone = (replay: Replay, statement: LoggedStatement): Promise<unknown> =>
  statement.sharedRead === true ? replay.sharedRead(statement.sql) : replay.db.query(statement.sql, statement.params);

/** Thrown at the end of a replayed write: its transaction is rolled back, the database stays as captured. */
class ReplayedWrite extends Error {}

/** A round's write, in a transaction rolled back: the captured writes never happened on the replay's copy, and stay so. */
export const replayWrite = async (replay: Replay, round: Round): Promise<void> => {
  if (round.write.length === 0) return;
  // the call's change counts, read before its transaction (its session check)
  for (const statement of round.write) if (statement.sharedRead === true) await replay.sharedRead(statement.sql);
  const { db } = replay;
  await db
    .transaction(async (tx) => {
      const asked = round.write.filter((statement) => statement.beforeCommit !== true && statement.sharedRead !== true);
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

/**
 * Vacuums the replay's database (decision 138): a replayed write is rolled back, and leaves its rows
 * behind, dead, where the server's committed them. On PostgreSQL autovacuum clears them in its own
 * time; on PGlite nothing would, and a first page of leads stepped over thousands of them.
 */
export const vacuumRolledBack = async (replay: Replay): Promise<void> => {
  await replay.db.query("vacuum");
};

/** A round's read: each statement's rows. */
export const replayRead = async (replay: Replay, round: Round): Promise<unknown[][]> => {
  const rows: unknown[][] = [];
  for (const statement of round.read) {
    const answer = await replayAlone(replay, statement);
    if (statement.sharedRead !== true) rows.push(answer as unknown[]);
  }
  return rows;
};
