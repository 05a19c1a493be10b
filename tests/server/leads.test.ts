/**
 * The 'lead' stream's projections: a rebuild replays random lead commands (with agents deactivated
 * and deleted between them) into the same rows,
 * and the lead ids continue past a rebuild.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deleteStaff, getUser, updateStaff } from "../../server/accounts/staff.ts";
import { createUser } from "../../server/accounts/users.ts";
import { assignLead, commentLead, createLead, listLeads } from "../../server/leads/leads.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { ApiError } from "../../src/api/errors.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
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
