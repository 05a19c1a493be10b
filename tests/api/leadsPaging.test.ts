/**
 * GET /leads pages, sorts, searches and filters on the server: fixed examples, then a property
 * that compares the ids and meta.total of random queries over random small sets of leads with an
 * in-memory model of the same rules.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getUser, updateStaff } from "../../server/accounts/staff.ts";
import type { Database } from "../../server/db/database.ts";
import { assignLead, createLead } from "../../server/leads/leads.ts";
import { foldText, leadSearchText } from "../../server/leads/search.ts";
import { messages } from "../../src/api/messages.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, startServer, type TestServer } from "./support.ts";
import { leadId, userId } from "../ids.ts";

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

let token: string;
let salesId: number;
let sales2Id: number;

const setUp = async () => {
  await resetDatabase(db);
  salesId = await createStaff(db, { email: "ventas@example.com", role: "sales" });
  sales2Id = await createStaff(db, { email: "ventas2@example.com", role: "sales" });
  token = await sessionFor(server, db, salesId);
};

interface Fields {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
}

const base = new Date("2030-01-01T00:00:00.000Z").getTime();

/** Creates a lead at `minute` after the base time, through the same function as the form. */
const addLead = (fields: Fields, minute: number): Promise<number> =>
  db.transaction((tx) =>
    createLead(
      tx,
      { ...fields, country: "Ecuador", yachtName: null, details: null },
      { actorId: null, occurredAt: new Date(base + minute * 60_000) },
    ),
  );

const give = (lead: number, agentId: number) =>
  db.transaction((tx) => assignLead(tx, leadId(lead), userId(agentId), { actorId: null, occurredAt: new Date(base) }));

/** Saves the user form as the panel does: from the user as it reads now, at its current version. */
const setActive = (id: number, email: string, active: boolean) =>
  db.transaction(async (tx) =>
    updateStaff(
      tx,
      id,
      { firstName: "Ana", lastName: "Vera", email, roleId: roleIds.sales, active, version: (await getUser(tx, id))?.version ?? 0 },
      { actorId: null, occurredAt: new Date(base) },
    ),
  );

const page = (query: string) => request(server, "GET", `/api/leads${query}`, { token });

const idsOf = (answer: Awaited<ReturnType<typeof page>>): number[] => {
  const data = dataOf(answer);
  if (!Array.isArray(data)) throw new Error(`not a list: ${answer.text}`);
  return data.map((lead: unknown) => (typeof lead === "object" && lead !== null && "id" in lead ? Number(lead.id) : NaN));
};

const metaOf = (answer: Awaited<ReturnType<typeof page>>): unknown =>
  typeof answer.body === "object" && answer.body !== null && "meta" in answer.body ? answer.body.meta : undefined;

const person = (firstName: string, lastName: string, extra: Partial<Fields> = {}): Fields => ({
  firstName,
  lastName,
  email: `${foldText(firstName)}@example.com`,
  phone: "+593 99 123 4567",
  message: "Hola",
  ...extra,
});

describe("GET /leads", () => {
  beforeEach(setUp);

  it("answers the first page, newest first, 50 a page, when no parameter is given", async () => {
    const ids: number[] = [];
    for (let minute = 0; minute < 55; minute += 1) ids.push(await addLead(person("Ana", `N${minute}`), minute));
    const first = await page("");
    expect(metaOf(first)).toEqual({ total: 55, page: 1, pageSize: 50 });
    expect(idsOf(first)).toEqual(ids.slice().reverse().slice(0, 50));
    const second = await page("?page=2");
    expect(metaOf(second)).toEqual({ total: 55, page: 2, pageSize: 50 });
    expect(idsOf(second)).toEqual(ids.slice(0, 5).reverse());
    expect(idsOf(await page("?order=oldest&pageSize=3&page=2"))).toEqual(ids.slice(3, 6));
    const beyond = await page("?page=9");
    expect([idsOf(beyond), metaOf(beyond)]).toEqual([[], { total: 55, page: 9, pageSize: 50 }]);
  });

  it("breaks ties of the same time by id", async () => {
    const a = await addLead(person("Ana", "Uno"), 0);
    const b = await addLead(person("Ana", "Dos"), 0);
    expect(idsOf(await page(""))).toEqual([b, a]);
    expect(idsOf(await page("?order=oldest"))).toEqual([a, b]);
  });

  it("searches names, email, phone and message without case or accents", async () => {
    const perez = await addLead(person("José", "Pérez", { message: "Crucero por GALÁPAGOS" }), 0);
    const smith = await addLead(person("John", "Smith", { email: "jsmith@mail.example", phone: "+1 415 555 0142" }), 1);
    const percent = await addLead(person("Ana", "Ruiz", { message: "Descuento del 50% o 5_0" }), 2);
    const search = async (q: string) => idsOf(await page(`?q=${encodeURIComponent(q)}`));
    expect(await search("perez")).toEqual([perez]);
    expect(await search("PÉREZ jose")).toEqual([perez]);
    expect(await search("galapagos")).toEqual([perez]);
    expect(await search("smith@mail.ex")).toEqual([smith]);
    expect(await search("smith@example")).toEqual([]);
    expect(await search("4155550142")).toEqual([smith]);
    expect(await search("415 555")).toEqual([smith]);
    expect(await search("50%")).toEqual([percent]);
    expect(await search("5_0")).toEqual([percent]);
    expect(await search("%")).toEqual([percent]);
    expect(await search("_")).toEqual([percent]);
    expect(await search("   ")).toEqual([percent, smith, perez]);
    const none = await page("?q=zzz");
    expect([idsOf(none), metaOf(none)]).toEqual([[], { total: 0, page: 1, pageSize: 50 }]);
  });

  it("filters by agent or unassigned; a deactivated agent's leads count as unassigned", async () => {
    const first = await addLead(person("Ana", "Uno"), 0);
    const second = await addLead(person("Ana", "Dos"), 1);
    const third = await addLead(person("Ana", "Tres"), 2);
    await give(first, salesId);
    await give(second, sales2Id);
    expect(idsOf(await page(`?agent=${salesId}`))).toEqual([first]);
    expect(idsOf(await page(`?agent=${sales2Id}`))).toEqual([second]);
    expect(idsOf(await page("?agent=unassigned"))).toEqual([third]);
    expect(idsOf(await page("?agent=999"))).toEqual([]);
    await setActive(sales2Id, "ventas2@example.com", false);
    expect(idsOf(await page("?agent=unassigned"))).toEqual([third, second]);
    expect(metaOf(await page(`?agent=${sales2Id}`))).toEqual({ total: 0, page: 1, pageSize: 50 });
  });

  it("keeps the leads received in a date range: the first bound in, the second out", async () => {
    const early = await addLead(person("Ana", "Uno"), 0);
    const middle = await addLead(person("Ana", "Dos"), 60);
    const late = await addLead(person("Ana", "Tres"), 120);
    const at = (minute: number) => encodeURIComponent(new Date(base + minute * 60_000).toISOString());
    expect(idsOf(await page(`?receivedFrom=${at(60)}`))).toEqual([late, middle]);
    expect(idsOf(await page(`?receivedBefore=${at(60)}`))).toEqual([early]);
    expect(idsOf(await page(`?receivedFrom=${at(1)}&receivedBefore=${at(120)}`))).toEqual([middle]);
    expect(metaOf(await page(`?receivedFrom=${at(0)}&receivedBefore=${at(121)}&pageSize=2`))).toEqual({
      total: 3,
      page: 1,
      pageSize: 2,
    });
    // an offset says the same moment in another zone: 2030-01-01T01:00 UTC
    expect(idsOf(await page(`?receivedFrom=${encodeURIComponent("2029-12-31T20:00:00-05:00")}`))).toEqual([late, middle]);
  });

  it("sorts by a column either way, the unassigned last when sorting by agent", async () => {
    const zoe = await addLead(person("Zoe", "Ayala", { email: "b@example.com" }), 0);
    const ana = await addLead(person("ana", "Zambrano", { email: "C@example.com" }), 1);
    const luis = await addLead(person("Luis", "Mora", { email: "a@example.com" }), 2);
    await give(zoe, salesId);
    expect(idsOf(await page("?sort=name"))).toEqual([ana, luis, zoe]);
    expect(idsOf(await page("?sort=name&direction=desc"))).toEqual([zoe, luis, ana]);
    expect(idsOf(await page("?sort=email"))).toEqual([luis, zoe, ana]);
    expect(idsOf(await page("?sort=date&direction=asc&pageSize=2&page=2"))).toEqual([luis]);
    expect(idsOf(await page("?sort=agent"))).toEqual([zoe, ana, luis]);
    expect(idsOf(await page("?sort=name&q=ana"))).toEqual([ana]);
    // a sorted page and one past the last carry the count of every lead selected
    const second = await page("?sort=name&pageSize=2&page=2");
    expect([idsOf(second), metaOf(second)]).toEqual([[zoe], { total: 3, page: 2, pageSize: 2 }]);
    const beyond = await page("?sort=email&q=example&pageSize=2&page=5");
    expect([idsOf(beyond), metaOf(beyond)]).toEqual([[], { total: 3, page: 5, pageSize: 2 }]);
    // an accented capital sorts by its letter, neither after "z" nor before "a"
    const alvaro = await addLead(person("Álvaro", "Pérez", { email: "d@example.com" }), 3);
    expect(idsOf(await page("?sort=name"))).toEqual([alvaro, ana, luis, zoe]);
  });

  it.each([
    ["page=0"],
    ["page=-1"],
    ["page=x"],
    ["pageSize=0"],
    ["pageSize=101"],
    ["order=random"],
    ["sort=message"],
    ["direction=up"],
    ["receivedFrom=2026-11-01"],
    ["receivedFrom=yesterday"],
    ["receivedBefore=2026-13-45T00:00:00Z"],
    ["agent=abc"],
    ["agent=0"],
    ["agent=-3"],
    ["agent=2147483648"],
    [`q=${"a".repeat(201)}`],
  ])("refuses %s with 400", async (query) => {
    const answer = await page(`?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });
});

/** The words the random leads and searches are made of: accents, case, LIKE's wildcards. */
const words = ["Ana", "ána", "PÉREZ", "perez", "Galápagos", "galapagos", "x_y", "50%", "ñandú", "Nandu", "crucero", "a\\b"];
const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(" "));

const leadArb = fc.record({
  firstName: text,
  lastName: text,
  email: fc.constantFrom("ana@example.com", "perez@mail.ec", "x_y@example.org"),
  phone: fc.constantFrom("+593 99 123 4567", "0991234567", "+1 (415) 555"),
  message: text,
  minute: fc.integer({ min: 0, max: 5 }),
  agent: fc.constantFrom<"none" | "first" | "second">("none", "first", "second"),
});

const queryArb = fc.record(
  {
    page: fc.integer({ min: 1, max: 4 }),
    pageSize: fc.integer({ min: 1, max: 5 }),
    q: fc.oneof(fc.constantFrom(...words, "example", "4567", "", " "), text, fc.constantFrom("%", "_", "\\")),
    agent: fc.constantFrom<"first" | "second" | "unassigned">("first", "second", "unassigned"),
    order: fc.constantFrom<"newest" | "oldest">("newest", "oldest"),
    from: fc.integer({ min: 0, max: 6 }),
    before: fc.integer({ min: 0, max: 6 }),
  },
  { requiredKeys: [] },
);

describe("paging, search and filters against a model", () => {
  it("answer exactly the matching leads, in order, with their total", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(leadArb, { maxLength: 10 }),
        fc.boolean(),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (leads, secondInactive, queries) => {
          await setUp();
          const agents = { none: null, first: salesId, second: sales2Id };
          const stored: Array<{ id: number; minute: number; agent: number | null; search: string }> = [];
          for (const lead of leads) {
            const id = await addLead(lead, lead.minute);
            const agent = agents[lead.agent];
            if (agent !== null) await give(id, agent);
            stored.push({ id, minute: lead.minute, agent, search: leadSearchText(lead) });
          }
          if (secondInactive) await setActive(sales2Id, "ventas2@example.com", false);
          const active = (agent: number | null) => agent !== null && !(secondInactive && agent === sales2Id);
          for (const query of queries) {
            const wanted = query.q === undefined ? [] : foldText(query.q).split(/\s+/).filter((word) => word !== "");
            const agentId = query.agent === "first" ? salesId : query.agent === "second" ? sales2Id : undefined;
            const matching = stored
              .filter((lead) => wanted.every((word) => lead.search.includes(word)))
              .filter((lead) =>
                query.agent === undefined
                  ? true
                  : query.agent === "unassigned"
                    ? !active(lead.agent)
                    : active(lead.agent) && lead.agent === agentId,
              )
              .filter((lead) => (query.from === undefined || lead.minute >= query.from) && (query.before === undefined || lead.minute < query.before))
              .sort((a, b) => (a.minute - b.minute || a.id - b.id) * (query.order === "oldest" ? 1 : -1));
            const pageNumber = query.page ?? 1;
            const pageSize = query.pageSize ?? 50;
            const params = new URLSearchParams();
            if (query.page !== undefined) params.set("page", String(query.page));
            if (query.pageSize !== undefined) params.set("pageSize", String(query.pageSize));
            if (query.q !== undefined) params.set("q", query.q);
            if (agentId !== undefined) params.set("agent", String(agentId));
            else if (query.agent === "unassigned") params.set("agent", "unassigned");
            if (query.order !== undefined) params.set("order", query.order);
            const moment = (minute: number) => new Date(base + minute * 60_000).toISOString();
            if (query.from !== undefined) params.set("receivedFrom", moment(query.from));
            if (query.before !== undefined) params.set("receivedBefore", moment(query.before));
            const answer = await page(`?${params}`);
            expect(answer.status, answer.text).toBe(200);
            expect(idsOf(answer)).toEqual(
              matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((lead) => lead.id),
            );
            expect(metaOf(answer)).toEqual({ total: matching.length, page: pageNumber, pageSize });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
