/**
 * Crash safety: the production server, under a load of writes (public leads and feeding items by
 * an admin), is killed with SIGKILL. After a restart on the same data every write that was
 * answered 200 is there, each projection row matches the events (a rebuild into a copy of the
 * data gives the same rows), and the server started without an error. The check is the same on
 * both databases; crash.pglite.test.ts runs it on a temporary DATA_DIR (npm test),
 * crash.postgres.test.ts on a new PostgreSQL database (npm run test:pg).
 */
import { expect } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { projections } from "../../server/projections.ts";
import { type ChildServer, startChild, stopChild } from "./child.ts";

const LOAD_MS = 2_000;
const WRITERS = 4;
export const ADMIN = { email: "admin@example.com", password: "Admin1234" };

const post = async (url: string, path: string, body: unknown, token?: string) => {
  const response = await fetch(`${url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

const signIn = async (url: string): Promise<string> => {
  const answer = await post(url, "/auth/login", ADMIN);
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
};

interface Acknowledged {
  readonly leads: string[];
  readonly feedings: string[];
}

/** Writers in a loop until the server dies; answers what was acknowledged with 200. */
const writeUntilKilled = async (server: ChildServer, token: string): Promise<Acknowledged> => {
  const acknowledged: Acknowledged = { leads: [], feedings: [] };
  let stop = false;
  const writer = async (writerId: number) => {
    for (let index = 0; !stop; index += 1) {
      const key = `w${writerId}-${index}`;
      try {
        if (index % 2 === 0) {
          const email = `crash-${key}@example.com`;
          const answer = await post(server.url, "/leads/createLead", {
            firstName: "Ana",
            lastName: "Vera",
            email,
            country: "Ecuador",
            phone: "+593 99 123 4567",
            message: `Crucero ${key}`,
          });
          if (answer.status === 200) acknowledged.leads.push(email);
        } else {
          const name = `Menú ${key}`;
          const answer = await post(server.url, "/feedings/createFeeding", { name, active: true }, token);
          if (answer.status === 200) acknowledged.feedings.push(name);
        }
      } catch {
        // The connection died with the server: this write was never acknowledged.
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, writerId) => writer(writerId));
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  await stopChild(server, "SIGKILL");
  stop = true;
  await Promise.all(writers);
  return acknowledged;
};

const rowsOf = async (db: Database) => {
  const tables = [...new Set(projections.flatMap((projection) => projection.tables))].sort();
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await db.query(`select * from ${table} order by 1`);
  return rows;
};

/** Events and projections agree: a rebuild from the events gives back the very same rows. */
const expectProjectionsMatchEvents = async (db: Database) => {
  const before = await rowsOf(db);
  await rebuildProjections(db);
  expect(await rowsOf(db)).toEqual(before);
};

const expectEveryWritePresent = async (db: Database, acknowledged: Acknowledged) => {
  const leads = new Set((await db.query<{ email: string }>("select email from leads")).map((row) => row.email));
  const feedings = new Set((await db.query<{ name: string }>("select name from feedings")).map((row) => row.name));
  expect(acknowledged.leads.filter((email) => !leads.has(email))).toEqual([]);
  expect(acknowledged.feedings.filter((name) => !feedings.has(name))).toEqual([]);
};

/** What a test file ends after its tests, last first. */
export type Cleanups = Array<() => Promise<void> | void>;

/** A crash, a restart that must come up cleanly, then the checks on the stored data. */
const crashAndRestart = async (env: Record<string, string>, cleanups: Cleanups) => {
  const first = await startChild(env);
  cleanups.push(() => stopChild(first, "SIGKILL"));
  const acknowledged = await writeUntilKilled(first, await signIn(first.url));
  expect(acknowledged.leads.length + acknowledged.feedings.length).toBeGreaterThan(10);
  const second = await startChild(env);
  cleanups.push(() => stopChild(second, "SIGKILL"));
  // The restarted server serves reads and writes at once.
  const token = await signIn(second.url);
  expect((await post(second.url, "/feedings/createFeeding", { name: "Después del fallo" }, token)).status).toBe(200);
  await stopChild(second);
  expect(second.process.exitCode).toBe(0);
  expect(second.output()).not.toMatch(/"level":(50|60)|error/i);
  return acknowledged;
};

/**
 * A server on `env` killed under write load and started again; then the database `openStored`
 * opens once both are down holds every acknowledged write, and its projections match its events.
 */
export const expectCrashSafe = async (env: Record<string, string>, openStored: () => Promise<Database>, cleanups: Cleanups) => {
  const acknowledged = await crashAndRestart(env, cleanups);
  const db = await openStored();
  try {
    await expectEveryWritePresent(db, acknowledged);
    await expectProjectionsMatchEvents(db);
  } finally {
    await db.close();
  }
};
