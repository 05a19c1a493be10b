import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, idOfNamed, request, sessionFor, snapshot, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 40, item 3 (decision 071): every command a domain machine's guard refused is kept as a
 * refusal record, in its own transaction, with the caller, the command, the guard, the rule in
 * words and the facts the machine read; the refused answer names it beside its message.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, cabin3: 0, cabin4: 0, male: 0, female: 0, retailer: 0, ownAgency: 0 };

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });

const draft = (agencyId: number | null, cabinId: number, genderId: number) => ({
  cruiseId: ids.june,
  agencyId,
  type: "general",
  cabins: [{ cabinId, spaces: [{ genderId }] }],
});

/** The refusal id a refused answer names. */
const refusalIdOf = (answer: Answer): number => {
  const body = answer.body;
  const meta = typeof body === "object" && body !== null && "meta" in body ? body.meta : null;
  const id = typeof meta === "object" && meta !== null && "refusalId" in meta ? meta.refusalId : null;
  if (typeof id !== "number") throw new Error(`no refusal id in ${answer.status} ${answer.text}`);
  return id;
};

interface RefusalAnswer {
  readonly guard: string;
  readonly command: string;
  readonly message: string;
  readonly rule: string;
  readonly cruiseId: number | null;
  readonly caller: { readonly role: string; readonly agencyId: number | null };
  readonly facts: { readonly live: ReadonlyArray<{ readonly reservationId: number | null }> };
  readonly cabins: ReadonlyArray<{ readonly cabinName: string; readonly held: ReadonlyArray<{ readonly genderName: string; readonly reservationCode: string | null }> }>;
}

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.male = await idOfNamed(db, "genders", "Hombre adulto");
  ids.female = await idOfNamed(db, "genders", "Mujer adulta");
  ids.retailer = await idOfNamed(db, "agencies", "Cuenca Travel");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  const departure = {
    yachtId: await idOfNamed(db, "yachts", "Galápagos Explorer"),
    cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
    startDate: "2030-06-06",
    guideIds: [await idOfNamed(db, "guides", "Juan")],
  };
  expect((await call("POST", "/cruises/createCruise", departure, "admin")).status).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  ids.cabin3 = cabins.find((cabin) => cabin.name === "3")?.id ?? 0;
  ids.cabin4 = cabins.find((cabin) => cabin.name === "4")?.id ?? 0;
});

/** A woman of Cuenca Travel in cabin 3, held by sales, and the code of her reservation. */
const womanInCabin3 = async (): Promise<string> => {
  const answer = await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.female));
  expect(answer.status, answer.text).toBe(200);
  return (dataOf(answer) as { code: string }).code;
};

describe("a refused command", () => {
  it("answers its message with the refusal's id beside it, changes nothing else, and is kept with the guard and the facts", async () => {
    const code = await womanInCabin3();
    const before = await snapshot(db);
    const refused = await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ data: messages.genderNotAllowed, meta: { refusalId: refusalIdOf(refused) } });
    expect(await snapshot(db)).toEqual(before);
    const kept = dataOf(await call("GET", `/refusals/${refusalIdOf(refused)}`)) as RefusalAnswer;
    expect(kept).toMatchObject({
      guard: "isGenderNotAllowed",
      command: "reservation.hold",
      message: messages.genderNotAllowed,
      cruiseId: ids.june,
      caller: { role: "sales", agencyId: null },
      rule: expect.stringContaining("gender not allowed"),
    });
    expect(kept.cabins).toEqual([{ cabinId: ids.cabin3, cabinName: "3", held: [{ state: "reserved", genderName: "Mujer adulta", reservationCode: code }] }]);
  });

  it("is kept once, even when 20 are refused at once", async () => {
    await womanInCabin3();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male))));
    const refusalIds = answers.map(refusalIdOf);
    expect(new Set(refusalIds).size).toBe(20);
    const [counted] = await db.query<{ count: number }>("select count(*)::int as count from refusals where id = any($1::int[])", [refusalIds]);
    expect(counted?.count).toBe(20);
  });

  it("replays through its machine from the stored facts and is refused by the same guard (QA's replay)", async () => {
    await womanInCabin3();
    // a direct client's: confirmed only once its deposit is received
    const held = await call("POST", "/reservations/createReservation", draft(null, ids.cabin4, ids.male));
    const { id: heldId } = dataOf(held) as { id: number };
    const threeInCabin3 = { ...draft(ids.retailer, ids.cabin3, ids.female), cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.female }, { genderId: ids.female }] }] };
    const refusalIds = [
      refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male))),
      refusalIdOf(await call("POST", "/reservations/createReservation", threeInCabin3)),
      refusalIdOf(await call("PUT", `/reservations/extendTimeLimit/${heldId}`, { timeLimit: "2030-02-01T10:00:00Z" })),
      refusalIdOf(await call("PUT", `/reservations/confirmReservation/${heldId}`, {})),
    ];
    const machines: Readonly<Record<string, AnyStateMachine>> = { reservation: reservationMachine, space: spaceMachine };
    const stored = await db.query<{ machine: string; state: string | null; command: string; data: Record<string, unknown>; facts: unknown; guard: string }>(
      "select machine, state, command, data, facts, guard from refusals where id = any($1::int[]) order by id",
      [refusalIds],
    );
    expect(stored.map(({ guard }) => guard)).toEqual(["isGenderNotAllowed", "isCabinUnavailable", "isTimeLimitRefused", "isDepositMissing"]);
    for (const refusal of stored) {
      const machine = machines[refusal.machine];
      if (machine === undefined) throw new Error(`no machine ${refusal.machine}`);
      const verdict = judge(machine, refusal.state, { ...refusal.data, type: refusal.command }, refusal.facts);
      expect(verdict.kind === "refused" ? verdict.refusal.guard : verdict.kind, refusal.command).toBe(refusal.guard);
    }
  });

  it("is not kept when the command is accepted, for a field the caller sent, nor for a caller without a session", async () => {
    const code = await womanInCabin3();
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>("select id from reservations where code = $1", [code]);
    const blankReason = await call("PUT", `/reservations/cancelReservation/${id}`, { reason: " " });
    expect(blankReason.body).toEqual({ data: messages.requiredInformation });
    const wrongPassword = await request(server, "POST", "/api/auth/login", { body: { email: "sales@example.com", password: "Wrong1234" } });
    expect(wrongPassword.body).toEqual({ data: messages.wrongCredentials });
    const [counted] = await db.query<{ count: number }>("select count(*)::int as count from refusals");
    expect(counted?.count).toBe(0);
  });

  it("keeps no secret of the command: a user refused for a taken email is stored without its password hash", async () => {
    const refused = await call("POST", "/users/createUser", { firstName: "Otra", lastName: "Vez", email: "sales@example.com", roleId: 3 }, "admin");
    expect(refused.status, refused.text).toBe(409);
    const [stored] = await db.query<{ command: string; data: Record<string, unknown> }>("select command, data from refusals where id = $1", [refusalIdOf(refused)]);
    expect(stored?.command).toBe("user.create");
    expect(stored?.data).toMatchObject({ email: "sales@example.com" });
    expect(Object.keys(stored?.data ?? {}).filter((key) => /hash|password|token/i.test(key))).toEqual([]);
  });
});

describe("GET /refusals", () => {
  it("lists a departure's refusals newest first, since an instant", async () => {
    await womanInCabin3();
    const first = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male)));
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    const second = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.ownAgency, ids.cabin3, ids.male), "agency"));
    const listed = await call("GET", `/refusals?cruiseId=${ids.june}`, undefined, "admin");
    expect(listed.status).toBe(200);
    expect((dataOf(listed) as ReadonlyArray<{ id: number }>).map(({ id }) => id)).toEqual([second, first]);
    expect(listed.body).toMatchObject({ meta: { total: 2, page: 1, pageSize: 50 } });
    const recent = await call("GET", `/refusals?cruiseId=${ids.june}&from=${encodeURIComponent(since)}&pageSize=1`);
    expect(recent.body).toMatchObject({ data: [{ id: second, caller: { role: "agency", agencyId: ids.ownAgency }, guard: "isGenderNotAllowed" }], meta: { total: 1 } });
    expect((dataOf(await call("GET", "/refusals?cruiseId=999999")) as unknown[]).length).toBe(0);
    expect((await call("GET", "/refusals?from=yesterday")).status).toBe(400);
  });

  it("lists an agency user its own agency's refusals only, and every caller those of one machine's guard", async () => {
    await womanInCabin3();
    const staffs = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male)));
    const own = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.ownAgency, ids.cabin3, ids.male), "agency"));
    const listedTo = async (role: RoleName, query: string) =>
      (dataOf(await call("GET", `/refusals?${query}`, undefined, role)) as ReadonlyArray<{ id: number; rule: string; machine: string }>).map(({ id }) => id);
    expect(await listedTo("agency", `cruiseId=${ids.june}`)).toEqual([own]);
    expect(await listedTo("marketing", "machine=reservation&guard=isGenderNotAllowed")).toEqual([own, staffs]);
    expect(await listedTo("admin", "machine=reservation&guard=isCabinUnavailable")).toEqual([]);
    expect(await listedTo("admin", "machine=space&guard=isGenderNotAllowed")).toEqual([]);
    const [listed] = dataOf(await call("GET", `/refusals?cruiseId=${ids.june}&pageSize=1`, undefined, "admin")) as ReadonlyArray<{ rule: string; machine: string }>;
    expect(listed).toMatchObject({ machine: "reservation", rule: expect.stringContaining("gender not allowed") });
    expect((await call("GET", "/refusals?guard=drop%20table")).status).toBe(400);
  });
});

describe("GET /refusals/guards", () => {
  it("counts each guard's refusals of a machine, with the newest's instant, an agency user its own agency's", async () => {
    await womanInCabin3();
    await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male));
    const threeInCabin3 = { ...draft(ids.retailer, ids.cabin3, ids.female), cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.female }, { genderId: ids.female }] }] };
    await call("POST", "/reservations/createReservation", threeInCabin3);
    server.clock.advance(60_000);
    await call("POST", "/reservations/createReservation", draft(ids.ownAgency, ids.cabin3, ids.male), "agency");
    const now = server.clock.now().toISOString();
    expect(dataOf(await call("GET", "/refusals/guards?machine=reservation", undefined, "marketing"))).toEqual([
      { guard: "isGenderNotAllowed", count: 2, lastAt: now },
      { guard: "isCabinUnavailable", count: 1, lastAt: expect.any(String) },
    ]);
    expect(dataOf(await call("GET", "/refusals/guards?machine=reservation", undefined, "agency"))).toEqual([{ guard: "isGenderNotAllowed", count: 1, lastAt: now }]);
    expect(dataOf(await call("GET", "/refusals/guards?machine=lead", undefined, "admin"))).toEqual([]);
    expect((await call("GET", "/refusals/guards")).status).toBe(400);
  });
});

describe("GET /refusals/{id}", () => {
  it("shows an agency user its own agency's refusals, another agency's reservations without code or id, and no other agency's refusal", async () => {
    const code = await womanInCabin3();
    const own = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.ownAgency, ids.cabin3, ids.male), "agency"));
    const staffs = refusalIdOf(await call("POST", "/reservations/createReservation", draft(ids.retailer, ids.cabin3, ids.male)));
    const seen = dataOf(await call("GET", `/refusals/${own}`, undefined, "agency")) as RefusalAnswer;
    expect(seen.cabins).toEqual([{ cabinId: ids.cabin3, cabinName: "3", held: [{ state: "reserved", genderName: "Mujer adulta", reservationCode: null }] }]);
    expect(seen.facts.live.map(({ reservationId }) => reservationId)).toEqual([null]);
    const staffSees = dataOf(await call("GET", `/refusals/${own}`, undefined, "admin")) as RefusalAnswer;
    expect(staffSees.cabins[0]?.held[0]?.reservationCode).toBe(code);
    expect((await call("GET", `/refusals/${own}`, undefined, "marketing")).status).toBe(200);
    const otherAgency = await sessionFor(server, db, await createStaff(db, { email: "reservas@otra.example.com", role: "agency", agencyId: ids.retailer }));
    for (const id of [own, staffs, 999_999]) {
      const answer = await request(server, "GET", `/api/refusals/${id}`, { token: otherAgency });
      expect([answer.status, answer.body], String(id)).toEqual([404, { data: messages.notFound }]);
    }
    expect((await call("GET", `/refusals/${staffs}`, undefined, "agency")).status).toBe(404);
  });
});
