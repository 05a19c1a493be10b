import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeSession, openSession } from "../../server/accounts/sessions.ts";
import { createUser } from "../../server/accounts/users.ts";
import { createItem, deleteItem, findItem, updateItem } from "../../server/catalogues/items.ts";
import type { Queryable } from "../../server/db/database.ts";
import { loggingStatements } from "../../server/db/statementLog.ts";
import { type CommandOptions, decide, expectVersion } from "../../server/events/command.ts";
import { activityRecord, courtesyRecord, feedingRecord } from "../../server/catalogues/projection.ts";
import { userRecord } from "../../server/accounts/usersProjection.ts";
import { insertRows } from "../../server/events/projection.ts";
import { append, readStream } from "../../server/events/store.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import type { UserEvent } from "../../src/machines/domain/user.machine.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { catalogueItemId } from "../ids.ts";

const db = testDatabase();

const at = new Date("2030-01-01T00:00:00.000Z");
const options = { actorId: null, occurredAt: at };

const newUser = (email: string) => ({
  firstName: "Ana",
  lastName: "Vera",
  email,
  roleId: roleIds.sales,
  active: true,
  passwordHash: "$argon2id$fake",
});

const update = (firstName: string): UserEvent => ({
  type: "user.update",
  firstName,
  lastName: "Vera",
  email: "ana@example.com",
  roleId: roleIds.sales,
});

const refusal = (error: unknown) => (error instanceof ApiError ? `${error.status} ${error.message}` : error);

describe("append", () => {
  it("numbers a stream's events and refuses a taken version with 409, rolling the transaction back", async () => {
    const first = await db.transaction((tx) =>
      append(tx, { stream: "demo", streamId: "a", expectedVersion: 0, type: "demo.one", data: { n: 1 }, actorId: 7, occurredAt: at }),
    );
    expect(first).toMatchObject({ stream: "demo", streamId: "a", version: 1, data: { n: 1 }, actorId: 7, occurredAt: at });
    const attempt = db.transaction(async (tx) => {
      await tx.query("insert into outbox (\"to\", subject, text) values ('x', 'y', 'z')");
      return append(tx, { stream: "demo", streamId: "a", expectedVersion: 0, type: "demo.two", data: {}, actorId: null, occurredAt: at });
    });
    await expect(attempt.catch(refusal)).resolves.toBe(`409 ${messages.stale}`);
    expect(await db.query("select * from outbox")).toEqual([]);
    expect((await readStream(db, "demo", "a")).map((event) => event.type)).toEqual(["demo.one"]);
  });
});

/** An edit as the commands make it: the version its form was loaded at is checked first, in the same transaction. */
const editAt = (id: number, version: number, firstName: string) =>
  db.transaction(async (tx) => {
    await expectVersion(tx, userRecord, String(id), version);
    return decide(tx, userRecord, String(id), update(firstName), options);
  });

describe("expectVersion", () => {
  it("refuses with 409 an edit made at another version than the record's, appending nothing; the record's version passes", async () => {
    const id = await db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    const stored = async () => ({
      row: await db.query("select first_name, version from users where id = $1", [id]),
      events: await db.query("select version, type from events where stream = 'user' and stream_id = $1 order by version", [String(id)]),
    });
    const before = await stored();
    expect(before.row).toEqual([{ first_name: "Ana", version: 1 }]);
    for (const stale of [0, 2, 7]) {
      await expect(editAt(id, stale, "Ana Vieja").catch(refusal)).resolves.toBe(`409 ${messages.stale}`);
    }
    expect(await stored()).toEqual(before);

    await editAt(id, 1, "Ana María");
    expect((await stored()).row).toEqual([{ first_name: "Ana María", version: 2 }]);
    // The version the first form loaded is now stale: saving from it would undo "Ana María".
    await expect(editAt(id, 1, "Ana Otra").catch(refusal)).resolves.toBe(`409 ${messages.stale}`);
    expect(await stored()).toEqual({
      row: [{ first_name: "Ana María", version: 2 }],
      events: [
        { version: 1, type: "user.create" },
        { version: 2, type: "user.update" },
      ],
    });
  });

  it("takes a record without a row yet (a list nobody has set) as version 0", async () => {
    await expect(db.transaction((tx) => expectVersion(tx, userRecord, "999", 0))).resolves.toBeUndefined();
    const refused = db.transaction((tx) => expectVersion(tx, userRecord, "999", 1));
    await expect(refused.catch(refusal)).resolves.toBe(`409 ${messages.stale}`);
  });
});

describe("decide", () => {
  it("appends the accepted event and projects it in the same transaction", async () => {
    const id = await db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    await db.transaction((tx) => decide(tx, userRecord, String(id), update("Ana María"), { ...options, actorId: id }));
    const [row] = await db.query("select first_name, status, version, active from users where id = $1", [id]);
    expect(row).toEqual({ first_name: "Ana María", status: "active", version: 2, active: true });
    const history = await readStream(db, "user", String(id));
    expect(history.map((event) => [event.version, event.type, event.actorId])).toEqual([
      [1, "user.create", null],
      [2, "user.update", id],
    ]);
    expect(history[1]?.data).toEqual({ firstName: "Ana María", lastName: "Vera", email: "ana@example.com", roleId: roleIds.sales });
  });

  it("creates a record without reading its row, which nothing holds yet, and reads it for every later event (decision 104)", async () => {
    const told: string[] = [];
    const logged = loggingStatements(db, (entry) => told.push(entry.sql));
    const readsOfRow = () => told.filter((sql) => /^select status(, version)? from users where id = \$1/.test(sql));
    const id = await logged.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    expect(readsOfRow()).toEqual([]);
    const [created] = await db.query("select status, version from users where id = $1", [id]);
    expect(created).toEqual({ status: "active", version: 1 });
    await logged.transaction((tx) => decide(tx, userRecord, String(id), update("Ana María"), { ...options, actorId: id }));
    // the update decides from the row's state, and its projection moves on from the row's status
    expect(readsOfRow()).toHaveLength(2);
    const [updated] = await db.query("select first_name, status, version from users where id = $1", [id]);
    expect(updated).toEqual({ first_name: "Ana María", status: "active", version: 2 });
  });

  it("refuses with 409 an event the machine does not accept now, and writes nothing", async () => {
    const id = await db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    await db.transaction((tx) => decide(tx, userRecord, String(id), { type: "user.delete" }, options));
    const attempt = db.transaction((tx) => decide(tx, userRecord, String(id), { type: "user.activate" }, options));
    await expect(attempt.catch(refusal)).resolves.toBe(`409 ${messages.notAllowedNow}`);
    const updateMissing = db.transaction((tx) => decide(tx, userRecord, "999", update("Nobody"), options));
    await expect(updateMissing.catch(refusal)).resolves.toBe(`409 ${messages.notAllowedNow}`);
    const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
    expect(count?.events).toBe(2);
  });

  it("lets only one of two concurrent edits loaded at the same version win; the other is stale", async () => {
    const id = await db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    const results = await Promise.allSettled(["Ana Uno", "Ana Dos"].map((name) => editAt(id, 1, name)));
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected").map((result) => refusal(result.reason));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([`409 ${messages.stale}`]);
    const atVersion2 = await db.query<{ data: { firstName: string } }>(
      "select data from events where stream = 'user' and stream_id = $1 and version = 2",
      [String(id)],
    );
    expect(atVersion2).toHaveLength(1);
    const [row] = await db.query<{ first_name: string; version: number }>("select first_name, version from users where id = $1", [id]);
    expect(row).toEqual({ first_name: atVersion2[0]?.data.firstName, version: 2 });
  });

  it("refuses a second live user with the same email", async () => {
    await db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    const duplicate = db.transaction((tx) => createUser(tx, newUser("ana@example.com"), options));
    await expect(duplicate.catch(refusal)).resolves.toBe(`409 ${messages.emailInUse}`);
  });
});

type Command =
  | { readonly kind: "create"; readonly user: number; readonly active: boolean }
  | { readonly kind: "update"; readonly user: number; readonly role: number }
  | { readonly kind: "activate" | "deactivate" | "delete" | "temporary" | "password"; readonly user: number }
  | { readonly kind: "open"; readonly user: number; readonly passwordChange: boolean }
  | { readonly kind: "close"; readonly session: number }
  | { readonly kind: "item"; readonly catalogue: number; readonly item: number; readonly action: ItemAction };

type ItemAction = "create" | "createInactive" | "rename" | "activate" | "deactivate" | "delete";

const catalogueRecords = [feedingRecord, activityRecord, courtesyRecord] as const;

const user = fc.integer({ min: 0, max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), user, active: fc.boolean() }),
  fc.record({ kind: fc.constant("update" as const), user, role: fc.constantFrom(1, 2, 3) }),
  fc.record({
    kind: fc.constantFrom("activate" as const, "deactivate" as const, "delete" as const, "temporary" as const, "password" as const),
    user,
  }),
  fc.record({ kind: fc.constant("open" as const), user, passwordChange: fc.boolean() }),
  fc.record({ kind: fc.constant("close" as const), session: fc.integer({ min: 0, max: 5 }) }),
  fc.record({
    kind: fc.constant("item" as const),
    catalogue: fc.integer({ min: 0, max: 2 }),
    item: fc.integer({ min: 0, max: 2 }),
    action: fc.constantFrom<ItemAction>("create", "createInactive", "rename", "activate", "deactivate", "delete"),
  }),
);

/** The item commands go through the same functions as the catalogue endpoints. */
const runItem = async (
  tx: Queryable,
  step: Extract<Command, { kind: "item" }>,
  index: number,
  items: Map<string, number>,
  stepOptions: CommandOptions,
) => {
  const catalogue = catalogueRecords[step.catalogue] ?? feedingRecord;
  const key = `${step.catalogue}:${step.item}`;
  const id = items.get(key);
  if (step.action === "create" || step.action === "createInactive") {
    const name = `Item ${index}`;
    items.set(key, await createItem(tx, catalogue, { name, active: step.action === "create" }, stepOptions));
    return;
  }
  if (id === undefined) return;
  if (step.action === "delete") {
    await deleteItem(tx, catalogue, catalogueItemId(id), stepOptions);
    return;
  }
  // What the edit form loads: the item's name, and the version it sends back.
  const current = await findItem(tx, catalogue, catalogueItemId(id));
  const version = current?.version ?? 0;
  if (step.action === "rename") await updateItem(tx, catalogue, catalogueItemId(id), { name: `Renamed ${index}`, version }, stepOptions);
  else {
    await updateItem(tx, catalogue, catalogueItemId(id), { name: current?.name ?? "", active: step.action === "activate", version }, stepOptions);
  }
};

const userEvent = (step: Command, index: number): UserEvent | null => {
  switch (step.kind) {
    case "update":
      return { type: "user.update", firstName: `Name ${index}`, lastName: "Vera", email: `u${step.user}@example.com`, roleId: step.role };
    case "activate":
      return { type: "user.activate" };
    case "deactivate":
      return { type: "user.deactivate" };
    case "delete":
      return { type: "user.delete" };
    case "temporary":
      return { type: "user.issueTemporaryPassword", temporaryPasswordHash: `temp-${index}`, expiresAt: new Date(at.getTime() + index * 1000).toISOString() };
    case "password":
      return { type: "user.changePassword", passwordHash: `hash-${index}` };
    default:
      return null;
  }
};

const run = async (steps: ReadonlyArray<Command>): Promise<void> => {
  const sessions: string[] = [];
  const items = new Map<string, number>();
  for (const [index, step] of steps.entries()) {
    const stepOptions = { actorId: null, occurredAt: new Date(at.getTime() + index * 60_000) };
    const [found] = "user" in step
      ? await db.query<{ id: number }>("select id from users where email = $1 and status <> 'deleted'", [`u${step.user}@example.com`])
      : [];
    try {
      await db.transaction(async (tx) => {
        if (step.kind === "item") {
          await runItem(tx, step, index, items, stepOptions);
        } else if (step.kind === "create") {
          await createUser(tx, { ...newUser(`u${step.user}@example.com`), active: step.active, passwordHash: index % 2 ? null : "h" }, stepOptions);
        } else if (step.kind === "open") {
          if (!found) return;
          await openSession(tx, { userId: found.id, kind: step.passwordChange ? "passwordChange" : "full", expiresAt: new Date(at.getTime() + 3_600_000) }, stepOptions);
          const [latest] = await tx.query<{ id: string }>("select id::text as id from sessions order by created_at desc, id limit 1");
          if (latest) sessions.push(latest.id);
        } else if (step.kind === "close") {
          const session = sessions[step.session];
          if (session) await closeSession(tx, session, "signedOut", stepOptions);
        } else {
          const event = userEvent(step, index);
          if (found && event) await decide(tx, userRecord, String(found.id), event, stepOptions);
        }
      });
    } catch (error) {
      // Refusals (a command the machine does not accept now, an item already deleted) write nothing.
      if (!(error instanceof ApiError && (error.status === 409 || error.status === 404))) throw error;
    }
  }
};

const projectionRows = async () => ({
  users: await db.query("select * from users order by id"),
  sessions: await db.query("select * from sessions order by id"),
  feedings: await db.query("select * from feedings order by id"),
  activities: await db.query("select * from activities order by id"),
  courtesies: await db.query("select * from courtesies order by id"),
});

describe("rebuild", () => {
  it("replays the events into the same projection rows as the live commands made", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (steps) => {
        await resetDatabase(db);
        await run(steps);
        const live = await projectionRows();
        const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
        expect(await rebuildProjections(db)).toBe(count?.events);
        expect(await projectionRows()).toEqual(live);
      }),
      { numRuns: 40 },
    );
  });

  it("sets the id sequences past the replayed ids", async () => {
    const first = await db.transaction((tx) => createUser(tx, newUser("a@example.com"), options));
    const firstItem = await db.transaction((tx) => createItem(tx, courtesyRecord, { name: "Toalla", active: true }, options));
    await rebuildProjections(db);
    const second = await db.transaction((tx) => createUser(tx, newUser("b@example.com"), options));
    expect(second).toBeGreaterThan(first);
    const secondItem = await db.transaction((tx) => createItem(tx, courtesyRecord, { name: "Cóctel", active: true }, options));
    expect(secondItem).toBeGreaterThan(firstItem);
  });

  it("reads a rename stored before catalogues had details as the edit it was (decision 027)", async () => {
    const id = await db.transaction((tx) => createItem(tx, courtesyRecord, { name: "Toalla", active: true }, options));
    await db.transaction((tx) =>
      append(tx, {
        stream: courtesyRecord.stream,
        streamId: String(id),
        expectedVersion: 1,
        type: "catalogueItem.rename",
        data: { name: "Toalla de playa" },
        actorId: null,
        occurredAt: new Date(),
      }),
    );
    await rebuildProjections(db);
    expect(await findItem(db, courtesyRecord, catalogueItemId(id))).toMatchObject({ name: "Toalla de playa", version: 2 });
    await db.transaction((tx) => updateItem(tx, courtesyRecord, catalogueItemId(id), { name: "Toalla", version: 2 }, options));
    expect((await readStream(db, courtesyRecord.stream, String(id))).map((event) => event.type)).toEqual([
      "catalogueItem.create",
      "catalogueItem.rename",
      "catalogueItem.edit",
    ]);
  });
});

describe("insertRows", () => {
  it("writes each value as its column's type: text with quotes and newlines, numbers, booleans, dates, JSON objects and strings, nulls", async () => {
    await db.exec("create table if not exists insert_rows_probe (id int primary key, note text, flag boolean, at timestamptz, doc jsonb, amount numeric(10, 2))");
    const rows = [
      [1, 'dice "hola"\nlínea\\dos', true, at, { nights: 4, ports: ["Baltra"] }, 12.5],
      [2, null, false, null, "sólo un texto", null],
      [3, "", null, new Date("2031-06-01T10:20:30.456Z"), null, 0],
    ];
    await db.transaction((tx) => insertRows(tx, "insert_rows_probe", "id, note, flag, at, doc, amount", rows));
    const read = await db.query<Record<string, unknown>>("select id, note, flag, at, doc, amount::float8 as amount, doc is null as no_doc from insert_rows_probe order by id");
    expect(read).toEqual([
      { id: 1, note: 'dice "hola"\nlínea\\dos', flag: true, at, doc: { nights: 4, ports: ["Baltra"] }, amount: 12.5, no_doc: false },
      { id: 2, note: null, flag: false, at: null, doc: "sólo un texto", amount: null, no_doc: false },
      { id: 3, note: "", flag: null, at: new Date("2031-06-01T10:20:30.456Z"), doc: null, amount: 0, no_doc: true },
    ]);
    await db.exec("drop table insert_rows_probe");
  });
});
