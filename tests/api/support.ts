/** A real server on a free port over the test file's own database, with a clock the test moves. */
import { expect } from "vitest";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { tableOf } from "../../server/catalogues/storage.ts";
import { decimalOfCents } from "../../src/machines/domain/money.ts";
import { catalogues } from "../../src/records/index.ts";
import type { FastifyInstance } from "fastify";
import { hash } from "@node-rs/argon2";
import { openSession } from "../../server/accounts/sessions.ts";
import { createUser } from "../../server/accounts/users.ts";
import { agencies } from "../../src/records/referenceData.ts";
import { referencedItem } from "../catalogueSamples.ts";
import { buildApp } from "../../server/app.ts";
import type { Database } from "../../server/db/database.ts";
import { decodeEnv, type Env } from "../../server/env.ts";
import { createLogger } from "../../server/log.ts";
import { outboxMailer } from "../../server/mail/mailer.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";

export class Clock {
  constructor(private current: Date = new Date("2030-03-01T09:00:00.000Z")) {}
  readonly now = (): Date => new Date(this.current.getTime());
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface TestServer {
  readonly app: FastifyInstance;
  readonly base: string;
  readonly clock: Clock;
  readonly logLines: string[];
  readonly env: Env;
  close(): Promise<void>;
}

export const testEnv = (overrides: Record<string, string> = {}): Env =>
  decodeEnv({ SEED_DEMO: "false", LOG_LEVEL: "info", ...overrides });

/** Builds the app; `prepare` may register extra test-only routes before it listens. */
export const startServer = async (
  db: Database,
  options: {
    readonly env?: Env;
    readonly distDir?: string;
    readonly prepare?: (app: FastifyInstance) => void;
    readonly catalogues?: ReadonlyArray<CatalogueDeclaration>;
    /** How a throttled sign-in waits (node's timer by default). */
    readonly pause?: (milliseconds: number) => Promise<void>;
  } = {},
): Promise<TestServer> => {
  const clock = new Clock();
  const logLines: string[] = [];
  const env = options.env ?? testEnv();
  const logger = createLogger(env.LOG_LEVEL, (line) => logLines.push(line));
  const app = await buildApp({
    db,
    mailer: outboxMailer(db, logger),
    env,
    now: clock.now,
    logger,
    distDir: options.distDir ?? "tests/.artifacts/no-dist",
    ...(options.catalogues === undefined ? {} : { catalogues: options.catalogues }),
    ...(options.pause === undefined ? {} : { pause: options.pause }),
  });
  options.prepare?.(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the test server has no port");
  return { app, base: `http://127.0.0.1:${address.port}`, clock, logLines, env, close: () => app.close() };
};

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly body: unknown;
  readonly headers: Headers;
}

export const request = async (
  server: TestServer,
  method: string,
  path: string,
  options: { readonly body?: unknown; readonly token?: string; readonly raw?: string; readonly headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    payload = options.raw ?? JSON.stringify(options.body);
  }
  const response = await fetch(`${server.base}${path}`, { method, headers, body: payload });
  // a live stream (server-sent events) stays open: what it answered is its status and headers
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, text: "", body: undefined, headers: response.headers };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body, headers: response.headers };
};

export const login = (server: TestServer, email: string, password: string) =>
  request(server, "POST", "/api/auth/login", { body: { email, password } });

export interface StaffInput {
  readonly email: string;
  readonly password?: string | null;
  readonly role?: RoleName;
  readonly active?: boolean;
  readonly firstName?: string;
  readonly lastName?: string;
  /** An agency user's agency; by default the first live one, made when there is none. */
  readonly agencyId?: number;
}

/** A live agency for an agency user: the first one, made (with valid details) when there is none. */
export const anyAgency = (db: Database): Promise<number> => referencedItem(db, agencies.api.resource, null, "Agencia de prueba");

/** Creates a user through the event store, as the users endpoints will. */
/**
 * Staff made by a test carry a real Argon2id hash at the algorithm's lowest costs: the server
 * verifies a hash with the costs written in it, so signing in works as ever, while the hundreds of
 * sign-ins of the generated tests no longer spend 19 MiB and two passes each. A password set
 * through the API is hashed at the production costs.
 */
const TEST_HASH_COSTS = { memoryCost: 1024, timeCost: 1 } as const;

export const createStaff = async (db: Database, staff: StaffInput, at = new Date()): Promise<number> => {
  const passwordHash = staff.password === null ? null : await hash(staff.password ?? "Secret123", TEST_HASH_COSTS);
  const agencyId = staff.role === "agency" ? (staff.agencyId ?? (await anyAgency(db))) : null;
  return db.transaction((tx) =>
    createUser(
      tx,
      {
        firstName: staff.firstName ?? "Ana",
        lastName: staff.lastName ?? "Vera",
        email: staff.email,
        roleId: roleIds[staff.role ?? "admin"],
        agencyId,
        active: staff.active ?? true,
        passwordHash,
      },
      { actorId: null, occurredAt: at },
    ),
  );
};

/** The text of the newest mail to `to` kept in the outbox. */
export const lastMailTo = async (db: Database, to: string): Promise<string | undefined> => {
  const [row] = await db.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc limit 1', [to]);
  return row?.text;
};

export const temporaryPasswordIn = (text: string | undefined): string => {
  const match = text === undefined ? null : /Your temporary password is: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no temporary password in ${text}`);
  return match[1];
};

/**
 * A full session for a user, opened through the event store as login would, without the cost of
 * a password check: for tests about what a signed-in caller may do, not about signing in.
 */
export const sessionFor = (server: TestServer, db: Database, userId: number): Promise<string> => {
  const at = server.clock.now();
  return db.transaction((tx) =>
    openSession(
      tx,
      { userId, kind: "full", expiresAt: new Date(at.getTime() + 12 * HOUR) },
      { actorId: userId, occurredAt: at },
    ),
  );
};

/**
 * One signed-in user per role, each with a full session: `<role>@example.com` (an agency user
 * belongs to the first live agency). Answers each role's token, for the access tests of a record.
 */
export const staffTokens = async (
  server: TestServer,
  db: Database,
  roles: ReadonlyArray<RoleName> = ["admin", "marketing", "sales"],
): Promise<ReadonlyMap<RoleName, string>> => {
  const tokens = new Map<RoleName, string>();
  for (const role of roles) {
    const id = await createStaff(db, { email: `${role}@example.com`, password: null, role });
    tokens.set(role, await sessionFor(server, db, id));
  }
  return tokens;
};

/** The `data` of an answer's body. */
export const dataOf = (answer: Answer): unknown =>
  typeof answer.body === "object" && answer.body !== null && "data" in answer.body ? answer.body.data : undefined;

/**
 * The `version` of the record a GET answered: what an edit form loads with the record and sends
 * back when it saves (a record saved by someone else since is refused with 409).
 */
export const versionIn = (answer: Answer): number => {
  const data = dataOf(answer);
  if (typeof data !== "object" || data === null || !("version" in data) || typeof data.version !== "number") {
    throw new Error(`no record version in ${answer.status} ${answer.text}`);
  }
  return data.version;
};

/** Rows to watch: a name, the select that reads them, and the columns that order them. */
export type WatchedRows = readonly [name: string, select: string, order?: string];

/**
 * Each watched table's rows as one line, its rows' count and a digest of their text in order, all
 * worked out by the database in one statement: a command refused thousands of times by generated
 * payloads would otherwise carry every row of every table into the test twice per request. A
 * failed comparison names the table that changed.
 */
export const fingerprints = async (db: Database, watched: ReadonlyArray<WatchedRows>): Promise<Record<string, string>> => {
  const sql = watched
    .map(
      ([name, rows, order = "id"]) =>
        `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(r::text, '|' order by ${order}), '')) as digest from (${rows}) r`,
    )
    .join(" union all ");
  const found = await db.query<{ name: string; rows: number; digest: string }>(sql);
  return Object.fromEntries(found.map(({ name, rows, digest }) => [name, `${rows} rows, ${digest}`]));
};

/** Every event and every row a panel could read. */
const panelRows: ReadonlyArray<WatchedRows> = [
  ["events", "select id, stream, stream_id, version, type from events"],
  ["users", "select * from users"],
  ["sessions", "select id, revoked from sessions"],
  ...catalogues.map(tableOf).map((table): WatchedRows => [table, `select * from ${table}`]),
  ["outbox", 'select id, "to" from outbox'],
  ...["cruises", "reservations", "spaces", "passengers", "passenger_flights", "payments", "money_policies"].map((table): WatchedRows => [table, `select * from ${table}`]),
];

/** What a refused command must leave untouched: every event and every row a panel could read, by table. */
export const snapshot = (db: Database): Promise<Record<string, string>> => fingerprints(db, panelRows);

/**
 * Records a reservation's deposit due through the API (decision 065: confirming needs it, or an
 * agency's credit), received on the server's day, and answers the cents recorded.
 */
export const payDeposit = async (server: TestServer, token: string, reservationId: number): Promise<number> => {
  const account = await request(server, "GET", `/api/reservations/${reservationId}/account`, { token });
  const due = dataOf(account);
  const cents = typeof due === "object" && due !== null && "depositDueCents" in due && typeof due.depositDueCents === "number" ? due.depositDueCents : 0;
  const answer = await request(server, "POST", "/api/payments/recordPayment", {
    token,
    body: { reservationId, amount: decimalOfCents(cents), receivedAt: ecuadorDay(server.clock.now().getTime()), method: "transfer", reference: "DEP-1", payer: "Depósito" },
  });
  if (answer.status !== 200) throw new Error(`deposit of reservation ${reservationId} refused: ${answer.text}`);
  return cents;
};

/** The id of the live row of `table` named `name` (a demo's yacht, agency, space type ...). */
export const idOfNamed = async (db: Database, table: string, name: string): Promise<number> => {
  const [row] = await db.query<{ id: number }>(`select id from ${table} where name = $1 and status <> 'deleted'`, [name]);
  if (row === undefined) throw new Error(`no ${table} '${name}'`);
  return row.id;
};

/** A change the live stream told, as sent. */
export type HeardChange = Record<string, unknown>;

/** After the changes a test waits for have come, how long it listens on for any other: two looks of the feed (every 250 ms). */
const LISTEN_ON_MS = 500;
/** How long a test waits for the changes it expects before it looks at what came. */
const HEARING_LIMIT_MS = 15_000;

export interface LiveStream {
  /**
   * Waits until `enough` holds of the changes heard (at most HEARING_LIMIT_MS), listens on for
   * LISTEN_ON_MS, so that a change told late or twice is heard too, then closes the stream;
   * answers every change heard.
   */
  until(enough: (heard: ReadonlyArray<HeardChange>) => boolean): Promise<ReadonlyArray<HeardChange>>;
}

/**
 * Opens GET /api/events/stream with `token`. The server subscribes the stream to its change feed
 * before it answers, and the feed already looks at the log (the berth index listens from the
 * server's start): once this resolves, every change committed afterwards is heard, so a test acts
 * at once instead of pausing for the stream to settle. A change committed just before may be told
 * as well (the feed's look that reads it was under way when the stream joined): a test allows it.
 */
export const openLiveStream = async (server: TestServer, token: string, query = ""): Promise<LiveStream> => {
  const controller = new AbortController();
  const response = await fetch(`${server.base}/api/events/stream${query}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const heard: HeardChange[] = [];
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  const reading = (async () => {
    try {
      for (let chunk = await reader?.read(); chunk !== undefined && !chunk.done; chunk = await reader?.read()) {
        pending += chunk.value;
        const messages = pending.split("\n\n");
        pending = messages.pop() ?? "";
        for (const message of messages) {
          const data = message.split("\n").find((line) => line.startsWith("data: "));
          if (data !== undefined) heard.push(JSON.parse(data.slice(6)) as HeardChange);
        }
      }
    } catch {
      // aborted below, once the test has heard enough
    }
  })();
  return {
    until: async (enough) => {
      const deadline = Date.now() + HEARING_LIMIT_MS;
      while (!enough(heard) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, LISTEN_ON_MS));
      controller.abort();
      await reading;
      return heard;
    },
  };
};
