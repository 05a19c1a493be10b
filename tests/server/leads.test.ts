/**
 * The 'lead' stream's projections: a rebuild replays random lead commands (with agents deactivated
 * and deleted between them) into the same rows, writes runs of creates together (decision 045)
 * into the same rows too, and the lead ids continue past a rebuild; the leads' ordinals stay their
 * places in received order and page the list as the date index would.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deleteStaff, getUser, updateStaff } from "../../server/accounts/staff.ts";
import { createUser } from "../../server/accounts/users.ts";
import { seedGeneratedLeads } from "../../server/demo/generatedLeads.ts";
import { assignLead, commentLead, createLead, listLeads } from "../../server/leads/leads.ts";
import type { Database } from "../../server/db/database.ts";
import { MAX_RUN } from "../../server/events/projection.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { ApiError } from "../../src/api/errors.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { leadsOfPage } from "../setup/leadPages.ts";
import { leadProjectionRows } from "../setup/projections.ts";
import { leadId, userId } from "../ids.ts";

const db = testDatabase();

const at = new Date("2030-01-01T00:00:00.000Z");

const newLead = (index: number) => ({
  firstName: `Ana ${index}`,
  lastName: "Pérez",
  email: `ana${index}@example.com`,
  country: "Ecuador",
  phone: "+593 99 123 4567",
  message: `Mensaje ${index}`,
  yachtName: index % 2 === 0 ? "Yate Galápagos Legend" : null,
  details: null,
});

type Command =
  | { readonly kind: "create" }
  | { readonly kind: "assign"; readonly lead: number; readonly agent: number }
  | { readonly kind: "comment"; readonly lead: number; readonly author: number }
  | { readonly kind: "deactivate" | "activate" | "delete"; readonly agent: number };

const lead = fc.integer({ min: 0, max: 3 });
const agent = fc.integer({ min: 0, max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: "create" as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("assign" as const), lead, agent }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("comment" as const), lead, author: agent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("deactivate" as const, "activate" as const, "delete" as const), agent }) },
);

const projectionRows = () => leadProjectionRows(db);

/** Three sales agents and an admin, then the commands through the same functions as the endpoints. */
const run = async (steps: ReadonlyArray<Command>): Promise<void> => {
  const options = (index: number) => ({ actorId: null, occurredAt: new Date(at.getTime() + index * 60_000) });
  const adminId = await db.transaction((tx) =>
    createUser(
      tx,
      { firstName: "Admin", lastName: "Uno", email: "admin@example.com", roleId: roleIds.admin, active: true, passwordHash: "h" },
      options(0),
    ),
  );
  const agents: number[] = [];
  for (const index of [0, 1, 2]) {
    const staff = { firstName: "Agente", lastName: String(index), email: `a${index}@example.com`, roleId: roleIds.sales };
    agents.push(await db.transaction((tx) => createUser(tx, { ...staff, active: true, passwordHash: "h" }, options(0))));
  }
  const leads: number[] = [];
  for (const [index, step] of steps.entries()) {
    try {
      await db.transaction(async (tx) => {
        if (step.kind === "create") {
          leads.push(await createLead(tx, newLead(index), options(index)));
          return;
        }
        if (step.kind === "assign" || step.kind === "comment") {
          const lead = leadId(leads[step.lead] ?? 999);
          const agent = userId(agents[step.kind === "assign" ? step.agent : step.author] ?? 1);
          if (step.kind === "assign") await assignLead(tx, lead, agent, options(index));
          else await commentLead(tx, lead, agent, `Nota ${index}`, { ...options(index), actorId: agent });
          return;
        }
        const staffId = agents[step.agent] ?? 0;
        const staff = { firstName: "Agente", lastName: String(step.agent), email: `a${step.agent}@example.com`, roleId: roleIds.sales };
        if (step.kind === "delete") await deleteStaff(tx, staffId, adminId, options(index));
        else {
          const version = (await getUser(tx, staffId))?.version ?? 0;
          await updateStaff(tx, staffId, { ...staff, active: step.kind === "activate", version }, options(index));
        }
      });
    } catch (error) {
      // Refusals (a missing lead, an agent no longer active, a user already deleted) write nothing.
      if (!(error instanceof ApiError && [400, 404, 409].includes(error.status))) throw error;
    }
  }
};

describe("rebuild with leads", () => {
  it("replays lead commands into the same leads, notes and answers as the live commands made", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 16 }), async (steps) => {
        await resetDatabase(db);
        await run(steps);
        const live = await projectionRows();
        const liveList = await listLeads(db, { pageSize: 100 });
        const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
        expect(await rebuildProjections(db)).toBe(count?.events);
        expect(await projectionRows()).toEqual(live);
        expect(await listLeads(db, { pageSize: 100 })).toEqual(liveList);
      }),
      { numRuns: 40 },
    );
  });

  it("sets the leads id sequence past the replayed ids", async () => {
    const options = { actorId: null, occurredAt: at };
    const first = await db.transaction((tx) => createLead(tx, newLead(1), options));
    await rebuildProjections(db);
    const second = await db.transaction((tx) => createLead(tx, newLead(2), options));
    expect(second).toBeGreaterThan(first);
  });
});

/** A lead with text to escape and, every third one, a quote's details (a jsonb column). */
const quotedLead = (index: number) => ({
  ...newLead(index),
  message: `Hola "equipo" \\ ñandú 🐢\nlínea ${index}`,
  details:
    index % 3 === 0
      ? {
          in: "2030-07-01",
          out: "2030-07-08",
          itinerary: "Norte",
          spaces: 2,
          cabins: 1,
          conditions: null,
          isLastMinute: index % 2 === 0,
          mainLowerLm: 1234.5,
          mainLowerGross: 2000,
          upperLm: null,
          upperGross: 0.1,
        }
      : null,
});

/** `db`, with every statement its transactions run written down in `statements`. */
const recording = (statements: string[]): Database => ({
  ...db,
  transaction: (work) =>
    db.transaction((tx) =>
      work({
        query: (sql, params) => {
          statements.push(sql);
          return tx.query(sql, params);
        },
        queryTogether: (together) => {
          statements.push(...together.map(({ sql }) => sql));
          return tx.queryTogether(together);
        },
        exec: (sql) => {
          statements.push(sql);
          return tx.exec(sql);
        },
        remember: (key, read, tables) => tx.remember(key, read, tables),
        beforeCommit: (sql, tables) => {
          statements.push(sql);
          return tx.beforeCommit(sql, tables);
        },
      }),
    ),
});

describe("rebuild in batches", () => {
  it("writes each run of lead creates with one insert, cut by the other events, into the rows the live commands made", async () => {
    let step = 0;
    const options = () => {
      step += 1;
      return { actorId: null, occurredAt: new Date(at.getTime() + step * 60_000) };
    };
    const agent = (index: number) => ({ firstName: "Agente", lastName: String(index), email: `a${index}@example.com`, roleId: roleIds.sales });
    const agents: number[] = [];
    for (const index of [0, 1]) {
      agents.push(await db.transaction((tx) => createUser(tx, { ...agent(index), active: true, passwordHash: "h" }, options())));
    }
    const [first, second] = agents.map((id) => userId(id));
    if (first === undefined || second === undefined) throw new Error("two agents");
    const create = (count: number) =>
      db.transaction(async (tx) => {
        const ids = [];
        for (let index = 0; index < count; index += 1) ids.push(await createLead(tx, quotedLead(step + index), options()));
        return ids;
      });

    // Runs of creates: one longer than a run may be, then runs cut by assignments, a note and an
    // agent's deactivation (another stream); the run of 11 ends with the lead assigned right after it.
    const [lead1, lead2] = await create(MAX_RUN + 1);
    if (lead1 === undefined || lead2 === undefined) throw new Error("leads created");
    await db.transaction((tx) => assignLead(tx, lead1, first, options()));
    await db.transaction((tx) => assignLead(tx, lead2, second, options()));
    await create(30);
    await db.transaction((tx) => commentLead(tx, lead1, first, "Llamar el lunes", { ...options(), actorId: first }));
    await create(20);
    await db.transaction((tx) => updateStaff(tx, agents[1] ?? 0, { ...agent(1), active: false, version: 1 }, options()));
    const last = (await create(11)).at(-1);
    if (last === undefined) throw new Error("a last lead");
    await db.transaction((tx) => assignLead(tx, last, first, options()));
    await create(1);

    const live = await projectionRows();
    const liveList = await listLeads(db, { pageSize: 100 });
    const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
    const indexes = () => db.query<{ name: string; definition: string }>("select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public' order by indexname");
    const liveIndexes = await indexes();
    // As in a database restored with its events only: the rebuild must set the id sequences itself.
    await db.query("select setval(pg_get_serial_sequence('leads', 'id'), 1, false), setval(pg_get_serial_sequence('users', 'id'), 1, false)");
    const statements: string[] = [];
    expect(await rebuildProjections(recording(statements))).toBe(count?.events);
    // runs of 1001 creates (at most MAX_RUN in one: two inserts), 30, 20, 11 and 1
    expect(statements.filter((sql) => sql.startsWith("insert into leads ")).length).toBe(6);
    expect(await projectionRows()).toEqual(live);
    expect(await listLeads(db, { pageSize: 100 })).toEqual(liveList);
    // the indexes only the lists read, set aside for the replay, are there again as the migrations made them
    expect(await indexes()).toEqual(liveIndexes);
    expect(liveIndexes).toContainEqual({
      name: "leads_search_trigrams",
      definition: "CREATE INDEX leads_search_trigrams ON public.leads USING gin (search gin_trgm_ops) WITH (gin_pending_list_limit='256')",
    });

    const maxLead = Math.max(...(await db.query<{ id: number }>("select id from leads")).map((row) => row.id));
    expect(await db.transaction((tx) => createLead(tx, newLead(0), options()))).toBeGreaterThan(maxLead);
    const newAgent = await db.transaction((tx) => createUser(tx, { ...agent(2), active: true, passwordHash: "h" }, options()));
    expect(newAgent).toBeGreaterThan(Math.max(...agents));
  }, 60_000);
});

describe("ordinals (decision 048)", () => {
  const misnumbered = () =>
    db.query<{ id: number }>(
      `select id from (select id, ordinal, row_number() over (order by created_at, id)::int as place from leads) l
        where ordinal is distinct from place`,
    );

  it("stay 1..n in received order through a bulk load, leads received earlier than others, and a rebuild", async () => {
    const indexes = () => db.query<{ definition: string }>("select indexdef as definition from pg_indexes where tablename = 'leads' order by indexname");
    const migrated = await indexes();
    await seedGeneratedLeads(db, 300, 7, at.getTime());
    expect(await misnumbered()).toEqual([]);
    // the load sets the lists' indexes aside and makes them again as the migrations made them (decision 118)
    expect(await indexes()).toEqual(migrated);
    // live leads received before, between and after the generated ones: those after them move up
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -4 * 365, max: 30 }), async (days) => {
        await db.transaction((tx) => createLead(tx, newLead(days), { actorId: null, occurredAt: new Date(at.getTime() + days * 86_400_000) }));
        expect(await misnumbered()).toEqual([]);
      }),
      { numRuns: 25 },
    );
    const [count] = await db.query<{ leads: number; last: number }>("select count(*)::int as leads, max(ordinal) as last from leads");
    expect(count).toEqual({ leads: 325, last: 325 });
    const live = await projectionRows();
    await rebuildProjections(db);
    expect(await projectionRows()).toEqual(live);
  }, 60_000);

  it("stay 1..n when leads received at different times are created at once (PostgreSQL: concurrent transactions)", async () => {
    await seedGeneratedLeads(db, 100, 5, at.getTime());
    const days = Array.from({ length: 24 }, (_, index) => ((index * 37) % 50) - 40);
    await Promise.all(
      days.map((day, index) =>
        db.transaction((tx) => createLead(tx, newLead(index), { actorId: null, occurredAt: new Date(at.getTime() + day * 86_400_000) })),
      ),
    );
    expect(await misnumbered()).toEqual([]);
    const [count] = await db.query<{ leads: number; last: number }>("select count(*)::int as leads, max(ordinal) as last from leads");
    expect(count).toEqual({ leads: 124, last: 124 });
  });

  it("page the whole list and a range of days as the date index does", async () => {
    await seedGeneratedLeads(db, 250, 11, at.getTime());
    const byDate = await db.query<{ id: number; created_at: Date }>("select id, created_at from leads order by created_at desc, id desc");
    const middle = byDate[120]?.created_at.toISOString() ?? "";
    const later = byDate[40]?.created_at.toISOString() ?? "";
    for (const query of [
      { page: 4, pageSize: 20 },
      { page: 13, pageSize: 20, order: "oldest" as const },
      { page: 2, pageSize: 30, receivedFrom: middle },
      { page: 3, pageSize: 25, receivedBefore: later, order: "oldest" as const },
      { page: 2, pageSize: 20, receivedFrom: middle, receivedBefore: later },
      { page: 9, pageSize: 20, receivedFrom: middle, receivedBefore: later },
      // days holding no lead: after the last, before the first
      { page: 1, pageSize: 20, receivedFrom: "2100-01-01T00:00:00.000Z" },
      { page: 1, pageSize: 20, receivedBefore: "2000-01-01T00:00:00.000Z", order: "oldest" as const },
    ]) {
      const inRange = byDate
        .filter((lead) => (query.receivedFrom === undefined || lead.created_at.toISOString() >= query.receivedFrom) && (query.receivedBefore === undefined || lead.created_at.toISOString() < query.receivedBefore))
        .map((lead) => lead.id);
      const ordered = query.order === "oldest" ? [...inRange].reverse() : inRange;
      const answer = await listLeads(db, query);
      expect(leadsOfPage(answer).map((lead) => lead.id)).toEqual(ordered.slice((query.page - 1) * query.pageSize, query.page * query.pageSize));
      expect(answer.meta.total).toBe(inRange.length);
    }
  });
});
