/**
 * The leads endpoints over real HTTP: the public form (validation, honeypot, limit per address),
 * reading one lead and a page, follow-up notes and assignment with their rules, the role matrix
 * of PRODUCT.md section 5 and the lead's history.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deleteStaff, getUser, updateStaff } from "../../server/accounts/staff.ts";
import type { Database } from "../../server/db/database.ts";
import type { CommandOptions } from "../../server/events/command.ts";
import { readStream } from "../../server/events/store.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { EMAIL_WINDOW_MS, SUBMISSION_WINDOW_MS } from "../../server/leads/submissionLimit.ts";
import { everyRole, type RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import type { UserPayload } from "../../src/api/users.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, startServer, testEnv, type TestServer } from "./support.ts";

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

let adminId: number;
let marketingId: number;
let salesId: number;
let sales2Id: number;
let salesToken: string;
let marketingToken: string;

beforeEach(async () => {
  await resetDatabase(db);
  await db.exec("truncate lead_submissions");
  adminId = await createStaff(db, { email: "admin@example.com", password: null, firstName: "Admin", lastName: "Principal" });
  marketingId = await createStaff(db, {
    email: "marketing@example.com",
    password: null,
    role: "marketing",
    firstName: "Marta",
    lastName: "Andrade",
  });
  // Agents have a password of their own: one who never chose one cannot be assigned leads.
  salesId = await createStaff(db, {
    email: "ventas@example.com",
    role: "sales",
    firstName: "Diego",
    lastName: "Cevallos",
  });
  sales2Id = await createStaff(db, {
    email: "ventas2@example.com",
    role: "sales",
    firstName: "Lucía",
    lastName: "Paredes",
  });
  salesToken = await sessionFor(server, db, salesId);
  marketingToken = await sessionFor(server, db, marketingId);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  country: "Ecuador",
  phone: "+593 99 123 4567",
  message: "Quisiera información sobre cruceros en Galápagos.",
  ...overrides,
});

const details = {
  in: "2030-07-01",
  out: "2030-07-08",
  itinerary: "Itinerario A: Islas del Norte",
  spaces: 2,
  cabins: 1,
  conditions: "Tarifa por persona",
  isLastMinute: true,
  mainLowerLm: 3200,
  mainLowerGross: 3800,
  upperLm: 3600.5,
  upperGross: null,
};

const submit = (body: unknown, target: TestServer = server) => request(target, "POST", "/api/leads/createLead", { body });
const list = (query = "", token = salesToken) => request(server, "GET", `/api/leads${query}`, { token });
const getOne = (id: number, token = salesToken) => request(server, "GET", `/api/leads/${id}`, { token });
const comment = (body: unknown, token = salesToken) => request(server, "POST", "/api/leads/createTrakin", { token, body });
const assign = (leadId: number, userId: unknown, token = marketingToken) =>
  request(server, "PUT", `/api/leads/assingLeadtoUser/${leadId}`, { token, body: { userId } });

/** Saves the sales agent's user form as the panel does: at the version the user reads at now. */
const saveStaff = (change: UserPayload, options: CommandOptions) =>
  db.transaction(async (tx) => updateStaff(tx, salesId, { ...change, version: (await getUser(tx, salesId))?.version ?? 0 }, options));

/** Every row a refused or dropped request must leave untouched. */
const leadData = async () => ({
  events: await db.query("select id, stream, stream_id, version, type from events order by id"),
  leads: await db.query("select * from leads order by id"),
  notes: await db.query("select * from lead_notes order by lead_id, version"),
  totals: await db.query("select * from lead_totals order by agent"),
});

const leadIds = async (): Promise<number[]> =>
  (await db.query<{ id: number }>("select id from leads order by id")).map((row) => row.id);

/** Creates a lead through the public form and answers its id. */
const newLead = async (overrides: Record<string, unknown> = {}): Promise<number> => {
  const before = new Set(await leadIds());
  const answer = await submit(form(overrides));
  expect(answer.status, answer.text).toBe(200);
  const id = (await leadIds()).find((candidate) => !before.has(candidate));
  if (id === undefined) throw new Error("no lead was created");
  return id;
};

describe("the public lead form", () => {
  it("takes a lead without a session; the panel reads it with every field", async () => {
    const answer = await submit(
      form({ firstName: "  Ana ", email: " Ana@Example.COM ", yachtName: "Yate Galápagos Legend", details }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.created });
    const [id] = await leadIds();
    if (id === undefined) throw new Error("no lead");
    const expected = {
      id,
      createdAt: server.clock.now().toISOString(),
      firstName: "Ana",
      lastName: "Ruiz",
      message: "Quisiera información sobre cruceros en Galápagos.",
      email: "ana@example.com",
      country: "Ecuador",
      phone: "+593 99 123 4567",
      lead_user: null,
      yachtName: "Yate Galápagos Legend",
      details,
      trakin: [],
    };
    expect((await getOne(id)).body).toEqual({ data: expected });
    expect((await list()).body).toEqual({ data: [expected], meta: { total: 1, page: 1, pageSize: 50 } });
    const [created] = await readStream(db, "lead", String(id));
    expect(created).toMatchObject({ type: "lead.create", actorId: null, version: 1 });
  });

  it("keeps a plain contact message without details", async () => {
    const id = await newLead({ yachtName: null, details: null });
    expect(dataOf(await getOne(id))).toMatchObject({ yachtName: null, details: null });
  });

  it.each([
    ["a missing field", form({ phone: undefined }), messages.requiredInformation],
    ["a blank field", form({ country: "   " }), messages.requiredInformation],
    ["a blank message", form({ message: "" }), messages.requiredInformation],
    ["an email without a domain", form({ email: "ana@" }), messages.invalidEmail],
    ["a message over 5000 characters", form({ message: "a".repeat(5001) }), messages.invalidInput],
    ["a name over 120 characters", form({ lastName: "b".repeat(121) }), messages.invalidInput],
    ["a phone over 40 characters", form({ phone: "1".repeat(41) }), messages.invalidInput],
    ["a country over 80 characters", form({ country: "c".repeat(81) }), messages.invalidInput],
    ["a negative number of cabins", form({ details: { ...details, cabins: -1 } }), messages.invalidInput],
    ["a negative price", form({ details: { ...details, upperLm: -0.5 } }), messages.invalidInput],
    ["a detail over 500 characters", form({ details: { ...details, conditions: "c".repeat(501) } }), messages.invalidInput],
    ["a yacht name over 120 characters", form({ yachtName: "y".repeat(121) }), messages.invalidInput],
    ["a number as the name", form({ firstName: 7 }), messages.invalidInput],
    ["a blank name before a malformed email", form({ firstName: " ", email: "ana@" }), messages.requiredInformation],
    // The contract refuses a text over its limit before the lead's machine reads the form.
    ["a message over 5000 characters and a blank name", form({ firstName: "", message: "a".repeat(5001) }), messages.invalidInput],
  ])("refuses %s with 400 and stores nothing", async (_case, body, message) => {
    const before = await leadData();
    const answer = await submit(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: message });
    expect(await leadData()).toEqual(before);
  });

  it("accepts a message of exactly 5000 characters", async () => {
    const id = await newLead({ message: "m".repeat(5000) });
    expect(dataOf(await getOne(id))).toMatchObject({ message: "m".repeat(5000) });
  });

  it("answers a filled honeypot as usual but stores nothing", async () => {
    const before = await leadData();
    const answer = await submit(form({ website: "http://spam.example" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.created });
    expect(await leadData()).toEqual(before);
    expect(dataOf(await list())).toEqual([]);
    // An empty honeypot is a person: the lead is kept.
    await newLead({ website: "" });
    expect(await leadIds()).toHaveLength(1);
  });

  it("refuses a sixth submission from one address within 10 minutes with 429, and takes it again later", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await submit(form({ email: `ana${attempt}@example.com` }))).status).toBe(200);
    }
    const before = await leadData();
    const refused = await submit(form({ email: "otra@example.com" }));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ data: messages.tooManyAttempts });
    expect(await leadData()).toEqual(before);
    server.clock.advance(SUBMISSION_WINDOW_MS - 1000);
    expect((await submit(form({ email: "otra@example.com" }))).status).toBe(429);
    server.clock.advance(2000);
    expect((await submit(form({ email: "otra@example.com" }))).status).toBe(200);
    expect(await leadIds()).toHaveLength(6);
  });

  it("does not let invalid submissions or the honeypot use up a visitor's allowance", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await submit(form({ firstName: "  " }))).status).toBe(400);
      expect((await submit(form({ email: "not-an-email" }))).status).toBe(400);
      expect((await submit(form({ website: "http://spam.example" }))).status).toBe(200);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await submit(form({ email: `ana${attempt}@example.com` }))).status).toBe(200);
    }
    expect(await leadIds()).toHaveLength(5);
  });

  it("limits one email to LEAD_RATE_LIMIT submissions an hour, whatever the address", async () => {
    const proxied = await startServer(db, { env: testEnv({ TRUST_PROXY: "127.0.0.1", LEAD_RATE_LIMIT: "3" }) });
    const fromAddress = (address: string, email: string) =>
      request(proxied, "POST", "/api/leads/createLead", {
        body: form({ email }),
        headers: { "x-forwarded-for": address },
      });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await fromAddress(`198.51.100.${attempt + 1}`, " Ana@Example.com")).status).toBe(200);
      }
      expect((await fromAddress("198.51.100.9", "ana@example.com")).status).toBe(429);
      // Another email from the same address is not concerned.
      expect((await fromAddress("198.51.100.9", "luis@example.com")).status).toBe(200);
      proxied.clock.advance(EMAIL_WINDOW_MS);
      expect((await fromAddress("198.51.100.9", "ana@example.com")).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("takes its limit from LEAD_RATE_LIMIT", async () => {
    const limited = await startServer(db, { env: testEnv({ LEAD_RATE_LIMIT: "2" }) });
    try {
      expect((await submit(form(), limited)).status).toBe(200);
      expect((await submit(form(), limited)).status).toBe(200);
      expect((await submit(form(), limited)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("follow-up notes (createTrakin)", () => {
  it("adds notes by the caller, oldest first, with their author's name", async () => {
    const id = await newLead();
    const start = server.clock.now().getTime();
    expect((await comment({ userId: salesId, leadId: id, coments: "  Llamé al cliente. " })).body).toEqual({
      data: messages.created,
    });
    server.clock.advance(60_000);
    expect((await comment({ userId: marketingId, leadId: id, coments: "Cotización enviada." }, marketingToken)).status).toBe(
      200,
    );
    const lead = dataOf(await getOne(id));
    expect(lead).toMatchObject({
      trakin: [
        {
          coments: "Llamé al cliente.",
          createdAt: new Date(start).toISOString(),
          trankin_user: { firstName: "Diego", lastName: "Cevallos" },
        },
        {
          coments: "Cotización enviada.",
          createdAt: new Date(start + 60_000).toISOString(),
          trankin_user: { firstName: "Marta", lastName: "Andrade" },
        },
      ],
    });
    expect(dataOf(await list())).toEqual([lead]);
    const events = await readStream(db, "lead", String(id));
    expect(events.map((event) => [event.type, event.actorId])).toEqual([
      ["lead.create", null],
      ["lead.comment", salesId],
      ["lead.comment", marketingId],
    ]);
    // the wire says `coments`, the event the right word (decision 074)
    expect(events[1]?.data).toEqual({ authorId: salesId, comments: "Llamé al cliente." });
    // a note stored before the rename, under `coments`, still replays
    await db.query(
      `update events set data = (data - 'comments') || jsonb_build_object('coments', data->'comments')
        where stream = 'lead' and type = 'lead.comment' and stream_id = $1`,
      [String(id)],
    );
    await rebuildProjections(db);
    expect(dataOf(await getOne(id))).toEqual(lead);
  });

  it("refuses a note for another user (403), a blank or too long note (400), a missing lead (404), changing nothing", async () => {
    const id = await newLead();
    const before = await leadData();
    const cases = [
      [{ userId: sales2Id, leadId: id, coments: "Suplantación" }, 403, messages.forbidden],
      [{ userId: salesId, leadId: id, coments: "   " }, 400, messages.requiredInformation],
      [{ userId: salesId, leadId: id, coments: "" }, 400, messages.requiredInformation],
      [{ userId: salesId, leadId: id }, 400, messages.requiredInformation],
      [{ userId: salesId, leadId: id, coments: "x".repeat(5001) }, 400, messages.invalidInput],
      [{ userId: salesId, leadId: id + 100, coments: "¿Existe?" }, 404, messages.notFound],
      // The lead is looked up before its machine judges the note.
      [{ userId: salesId, leadId: id + 100, coments: " " }, 404, messages.notFound],
    ] as const;
    for (const [body, status, message] of cases) {
      const answer = await comment(body);
      expect([answer.status, answer.body]).toEqual([status, { data: message }]);
    }
    expect(await leadData()).toEqual(before);
  });

  it("keeps a deleted author's name on their notes", async () => {
    const id = await newLead();
    await comment({ userId: sales2Id, leadId: id, coments: "Nota de Lucía" }, await sessionFor(server, db, sales2Id));
    await db.transaction((tx) => deleteStaff(tx, sales2Id, adminId, { actorId: adminId, occurredAt: new Date() }));
    expect(dataOf(await getOne(id))).toMatchObject({
      trakin: [{ coments: "Nota de Lucía", trankin_user: { firstName: "Lucía", lastName: "Paredes" } }],
    });
  });
});

describe("assignment (assingLeadtoUser)", () => {
  it("assigns, reassigns, and writes nothing when the agent stays the same", async () => {
    const id = await newLead();
    const answer = await assign(id, salesId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.updated });
    expect(dataOf(await getOne(id))).toMatchObject({ lead_user: { id: salesId, firstName: "Diego", lastName: "Cevallos" } });
    expect((await assign(id, sales2Id, salesToken)).status).toBe(200);
    expect(dataOf(await getOne(id))).toMatchObject({ lead_user: { id: sales2Id, firstName: "Lucía", lastName: "Paredes" } });
    const before = await leadData();
    expect((await assign(id, sales2Id)).body).toEqual({ data: messages.updated });
    expect(await leadData()).toEqual(before);
    const events = await readStream(db, "lead", String(id));
    expect(events.map((event) => [event.type, event.data, event.actorId])).toEqual([
      ["lead.create", expect.anything(), null],
      ["lead.assign", { agentId: salesId, agentName: "Diego Cevallos" }, marketingId],
      ["lead.assign", { agentId: sales2Id, agentName: "Lucía Paredes" }, salesId],
    ]);
  });

  it("refuses a user who is not an active sales user (400) and a missing lead (404), changing nothing", async () => {
    const id = await newLead();
    const inactiveId = await createStaff(db, { email: "ventas3@example.com", password: null, role: "sales", active: false });
    const before = await leadData();
    for (const userId of [marketingId, adminId, inactiveId, 9999]) {
      const answer = await assign(id, userId);
      expect([answer.status, answer.body]).toEqual([400, { data: messages.notSalesUser }]);
    }
    expect((await assign(id + 100, salesId)).body).toEqual({ data: messages.notFound });
    expect((await assign(id, "seven")).status).toBe(400);
    expect(await leadData()).toEqual(before);
  });

  it("refuses an active sales user who has not yet chosen a password of their own (400), changing nothing", async () => {
    const id = await newLead();
    const newcomerId = await createStaff(db, { email: "ventas4@example.com", password: null, role: "sales" });
    const before = await leadData();
    const answer = await assign(id, newcomerId);
    expect([answer.status, answer.body]).toEqual([400, { data: messages.agentWithoutPassword }]);
    expect(await leadData()).toEqual(before);
  });

  it("refuses the agent the lead already has once they are no longer an active sales user", async () => {
    const id = await newLead();
    expect((await assign(id, salesId)).status).toBe(200);
    const staff = { firstName: "Diego", lastName: "Cevallos", email: "ventas@example.com", roleId: roleIds.sales };
    await saveStaff({ ...staff, active: false }, { actorId: adminId, occurredAt: new Date() });
    const before = await leadData();
    expect(await assign(id, salesId)).toMatchObject({ status: 400, body: { data: messages.notSalesUser } });
    expect(await leadData()).toEqual(before);
  });

  it("shows a deactivated or deleted agent's leads as unassigned, and gives them back on reactivation", async () => {
    const id = await newLead();
    await assign(id, salesId);
    const options = { actorId: adminId, occurredAt: new Date() };
    const staff = { firstName: "Diego", lastName: "Cevallos", email: "ventas@example.com", roleId: roleIds.sales };
    await saveStaff({ ...staff, active: false }, options);
    expect(dataOf(await getOne(id, marketingToken))).toMatchObject({ lead_user: null });
    expect(dataOf(await list("?agent=unassigned", marketingToken))).toMatchObject([{ id }]);
    expect(dataOf(await list(`?agent=${salesId}`, marketingToken))).toEqual([]);
    await saveStaff({ ...staff, active: true }, options);
    expect(dataOf(await getOne(id, marketingToken))).toMatchObject({ lead_user: { id: salesId } });
    await db.transaction((tx) => deleteStaff(tx, salesId, adminId, options));
    expect(dataOf(await getOne(id, marketingToken))).toMatchObject({ lead_user: null });
    // A lead whose agent is gone can be given to someone else.
    expect((await assign(id, sales2Id)).status).toBe(200);
    expect(dataOf(await getOne(id, marketingToken))).toMatchObject({ lead_user: { id: sales2Id } });
  });
});

describe("reading", () => {
  it("answers 404 for a lead that does not exist and 400 for a bad id", async () => {
    expect((await getOne(42)).body).toEqual({ data: messages.notFound });
    // Above a serial column's range: not an id at all (400), where it used to reach the database.
    expect((await getOne(2 ** 40)).body).toEqual({ data: messages.invalidInput });
    expect((await request(server, "GET", "/api/leads/abc", { token: salesToken })).status).toBe(400);
  });

  it("answers a page from memory as the same bytes, and a page changed by a note anew", async () => {
    const id = await newLead({ message: "Memoria de la página" });
    const first = await list("?page=1&pageSize=5");
    expect((await list("?page=1&pageSize=5")).text).toBe(first.text);
    expect((await comment({ userId: salesId, leadId: id, coments: "Nota que cambia la página" })).status).toBe(200);
    const changed = await list("?page=1&pageSize=5");
    expect(changed.text).not.toBe(first.text);
    expect(changed.text).toContain("Nota que cambia la página");
    expect((await list("?page=1&pageSize=5")).text).toBe(changed.text);
  });

  it("keeps a page in memory across a write of what it does not read (a catalogue's item), and reads it again at a lead's note", async () => {
    const id = await newLead({ message: "Página guardada" });
    const first = await list("?page=1&pageSize=5");
    const adminToken = await sessionFor(server, db, adminId);
    expect((await request(server, "POST", "/api/feedings/createFeeding", { token: adminToken, body: { name: "Almuerzo", active: true } })).status).toBe(200);
    const statements = vi.spyOn(db, "query");
    try {
      const leadReads = () => statements.mock.calls.filter(([sql]) => /\bleads\b/.test(sql)).length;
      expect((await list("?page=1&pageSize=5")).text).toBe(first.text);
      expect(leadReads()).toBe(0);
      expect((await comment({ userId: salesId, leadId: id, coments: "Nota nueva" })).status).toBe(200);
      statements.mockClear();
      expect((await list("?page=1&pageSize=5")).text).toContain("Nota nueva");
      expect(leadReads()).toBeGreaterThan(0);
    } finally {
      statements.mockRestore();
    }
  });

  it.each(everyRole)("lets %s read, comment and assign", async (role: RoleName) => {
    const id = await newLead();
    const userId = role === "admin" ? adminId : role === "marketing" ? marketingId : salesId;
    const token = await sessionFor(server, db, userId);
    expect((await list("", token)).status).toBe(200);
    expect((await getOne(id, token)).status).toBe(200);
    expect((await comment({ userId, leadId: id, coments: `Nota de ${role}` }, token)).status).toBe(200);
    expect((await assign(id, sales2Id, token)).status).toBe(200);
  });

  it("refuses every leads endpoint but the form without a session (498)", async () => {
    const id = await newLead();
    for (const answer of [
      await request(server, "GET", "/api/leads"),
      await request(server, "GET", `/api/leads/${id}`),
      await request(server, "POST", "/api/leads/createTrakin", { body: { userId: salesId, leadId: id, coments: "x" } }),
      await request(server, "PUT", `/api/leads/assingLeadtoUser/${id}`, { body: { userId: salesId } }),
    ]) {
      expect(answer.status).toBe(498);
    }
  });
});

describe("a lead's history", () => {
  it("says who assigned it to whom and when, and who wrote each note", async () => {
    const id = await newLead();
    const start = server.clock.now().getTime();
    const hoursLater = (hours: number) => new Date(start + hours * 3_600_000).toISOString();
    server.clock.advance(3_600_000);
    await assign(id, salesId);
    server.clock.advance(3_600_000);
    await comment({ userId: salesId, leadId: id, coments: "Llamé al cliente." });
    server.clock.advance(3_600_000);
    await assign(id, sales2Id, salesToken);
    const answer = await request(server, "GET", `/api/history/lead/${id}`, { token: salesToken });
    expect(answer.status).toBe(200);
    expect(dataOf(answer)).toMatchObject([
      { version: 1, type: "lead.create", occurredAt: hoursLater(0), actor: null, status: { before: null, after: "new" } },
      {
        version: 2,
        type: "lead.assign",
        occurredAt: hoursLater(1),
        actor: { id: marketingId, firstName: "Marta", lastName: "Andrade" },
        status: { before: "new", after: "assigned" },
        changes: [
          { field: "agentId", before: null, after: salesId },
          { field: "agentName", before: null, after: "Diego Cevallos" },
        ],
      },
      {
        version: 3,
        type: "lead.comment",
        actor: { id: salesId, firstName: "Diego", lastName: "Cevallos" },
        changes: expect.arrayContaining([
          { field: "authorId", before: null, after: salesId },
          { field: "comments", before: null, after: "Llamé al cliente." },
        ]),
      },
      {
        version: 4,
        type: "lead.assign",
        occurredAt: hoursLater(3),
        actor: { id: salesId },
        status: { before: "assigned", after: "assigned" },
        changes: [
          { field: "agentId", before: salesId, after: sales2Id },
          { field: "agentName", before: "Diego Cevallos", after: "Lucía Paredes" },
        ],
      },
    ]);
  });
});
