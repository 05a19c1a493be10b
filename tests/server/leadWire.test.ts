import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStorableText } from "../../server/http/register.ts";
import { getLead, listLeads } from "../../server/leads/leads.ts";
import { Lead } from "../../src/api/leads.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";

/**
 * Decision 156: a lead page's leads are written for the wire by the database, not by the
 * contract's encoder. Over leads of any storable text, moment, details and notes, each lead of a
 * page, whichever way the page is read, is what the contract's encoder writes for that lead (the
 * single lead's answer), fields the contract does not name left out.
 */
const db = testDatabase();

/** Text a request may bring (the server refuses the rest): quotes, backslashes, line breaks, accents and emoji among any letters. */
const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 24 }).filter(isStorableText),
  fc.constantFrom('"', "\\", "a\nb\tc\r", "Año Galápagos 🐢", "</script>", "\u2028", "€ 1.234,56"),
);
const moment = fc.date({ min: new Date("1971-01-01T00:00:00.000Z"), max: new Date("2099-12-31T23:59:59.999Z"), noInvalidDate: true });
const amount = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), { nil: null });
const int4 = fc.option(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), { nil: null });
const details = fc.record({
  in: fc.option(text, { nil: null }),
  out: fc.option(text, { nil: null }),
  itinerary: fc.option(text, { nil: null }),
  spaces: int4,
  cabins: int4,
  conditions: fc.option(text, { nil: null }),
  isLastMinute: fc.boolean(),
  mainLowerLm: amount,
  mainLowerGross: amount,
  upperLm: amount,
  upperGross: amount,
});
const person = fc.record({ firstName: text, lastName: text, active: fc.boolean() });
const lead = fc.record({
  firstName: text,
  lastName: text,
  message: text,
  email: text,
  country: text,
  phone: text,
  yachtName: fc.option(text, { nil: null }),
  details: fc.option(details, { nil: null }),
  createdAt: moment,
  agent: fc.option(fc.nat({ max: 2 }), { nil: null }),
  notes: fc.array(fc.record({ comments: text, at: moment, author: fc.nat({ max: 2 }) }), { maxLength: 3 }),
});

type DrawnLead = typeof lead extends fc.Arbitrary<infer T> ? T : never;
type DrawnPerson = typeof person extends fc.Arbitrary<infer T> ? T : never;

/** The people and leads written straight into the read tables, as the projections keep them. */
const write = async (people: ReadonlyArray<DrawnPerson>, leads: ReadonlyArray<DrawnLead>): Promise<{ readonly userIds: number[]; readonly leadIds: number[] }> => {
  const userIds: number[] = [];
  for (const [index, one] of people.entries()) {
    const [row] = await db.query<{ id: number }>(
      `insert into users (first_name, last_name, email, role_id, active, status, version, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 1, now(), now()) returning id`,
      [one.firstName, one.lastName, `wire${index}@example.com`, roleIds.sales, one.active, one.active ? "active" : "inactive"],
    );
    userIds.push(row?.id ?? 0);
  }
  const leadIds: number[] = [];
  for (const [index, one] of leads.entries()) {
    // the stored details carry a field the contract does not name
    const stored = one.details === null ? null : JSON.stringify({ ...one.details, internal: "never sent" });
    const [row] = await db.query<{ id: number }>(
      `insert into leads (first_name, last_name, email, country, phone, message, yacht_name, details, agent_id, search, status, version, created_at, updated_at, ordinal)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, 'x', 'open', 1, $10, $10, $11) returning id`,
      [one.firstName, one.lastName, one.email, one.country, one.phone, one.message, one.yachtName, stored, one.agent === null ? null : userIds[one.agent], one.createdAt, index + 1],
    );
    const id = row?.id ?? 0;
    leadIds.push(id);
    for (const [version, note] of one.notes.entries()) {
      await db.query("insert into lead_notes (lead_id, version, author_id, comments, created_at) values ($1, $2, $3, $4, $5)", [id, version + 1, userIds[note.author], note.comments, note.at]);
    }
  }
  return { userIds, leadIds };
};

/** What the contract's encoder writes for a drawn lead, read back as JSON. */
const expectedWire = (id: number, one: DrawnLead, people: ReadonlyArray<DrawnPerson>, userIds: ReadonlyArray<number>) => {
  const agent = one.agent === null ? undefined : people[one.agent];
  return {
    id,
    createdAt: one.createdAt.toISOString(),
    firstName: one.firstName,
    lastName: one.lastName,
    message: one.message,
    email: one.email,
    country: one.country,
    phone: one.phone,
    lead_user: agent === undefined || !agent.active || one.agent === null ? null : { id: userIds[one.agent], firstName: agent.firstName, lastName: agent.lastName },
    yachtName: one.yachtName,
    details: one.details === null ? null : JSON.parse(JSON.stringify(one.details)),
    trakin: one.notes.map((note) => ({
      coments: note.comments,
      createdAt: note.at.toISOString(),
      trankin_user: { firstName: people[note.author]?.firstName, lastName: people[note.author]?.lastName },
    })),
  };
};

const encodeLead = Schema.encodeSync(Lead);

describe("a lead page written by the database (server/leads/leads.ts)", () => {
  it("sends each lead as the contract's encoder writes it, on every way a page is read", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 3, maxLength: 3 }), fc.array(lead, { minLength: 1, maxLength: 4 }), async (people, leads) => {
        await resetDatabase(db);
        const { userIds, leadIds } = await write(people, leads);
        const expected = new Map(leads.map((one, index) => [leadIds[index] ?? 0, expectedWire(leadIds[index] ?? 0, one, people, userIds)]));
        // by ordinals, by a column's sort, and by stepping over the date index (an agent's leads)
        const pages = [
          await listLeads(db, { pageSize: 10 }),
          await listLeads(db, { pageSize: 10, sort: "name", direction: "asc" }),
          ...(await Promise.all(userIds.map((agent) => listLeads(db, { pageSize: 10, agent: String(agent) })))),
        ];
        const seen = new Set<number>();
        for (const page of pages) {
          for (const item of page.leads) {
            const wire = JSON.parse(item) as { id: number };
            seen.add(wire.id);
            expect(wire).toEqual(expected.get(wire.id));
            const single = await getLead(db, wire.id as Lead["id"]);
            expect(single === null ? null : encodeLead(single)).toEqual(wire);
          }
        }
        expect(seen).toEqual(new Set(leadIds));
      }),
      { numRuns: 25 },
    );
  });
});
