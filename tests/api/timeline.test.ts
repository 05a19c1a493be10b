import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { createLogger } from "../../server/log.ts";
import { outboxMailer } from "../../server/mail/mailer.ts";
import { runDueWork } from "../../server/reservations/worker.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import type { DepartureTimeline } from "../../src/api/timeline.ts";
import { defaultHoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { dataOf, HOUR, idOfNamed, MINUTE, request, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 40, item 2 (decision 071): a departure's held, confirmed and waiting berths over time,
 * replayed from the event log, each moment with the events behind it and its marks.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, male: 0 };
let cabins: ReadonlyArray<{ readonly id: number; readonly name: string; readonly capacity: number }> = [];

const call = (method: string, path: string, body?: unknown, role: RoleName = "admin") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });

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
  const departure = {
    yachtId: await idOfNamed(db, "yachts", "Galápagos Explorer"),
    cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
    startDate: "2030-06-06",
    guideIds: [await idOfNamed(db, "guides", "Juan")],
  };
  expect((await call("POST", "/cruises/createCruise", departure)).status).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as typeof cabins;
});

const hold = async (body: Record<string, unknown>, role: RoleName = "admin"): Promise<{ id: number; code: string }> => {
  server.clock.advance(MINUTE);
  const answer = await call("POST", "/reservations/createReservation", { cruiseId: ids.june, agencyId: null, type: "general", ...body }, role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as { id: number; code: string };
};

const males = (count: number) => Array.from({ length: count }, () => ({ genderId: ids.male }));

const timeline = async (role: RoleName = "admin") => dataOf(await call("GET", `/cruises/${ids.june}/timeline`, undefined, role)) as DepartureTimeline;

describe("a departure's timeline", () => {
  it("counts its berths after each moment, marks when it went full, an expiry and a promotion, and names who did what", async () => {
    const cabin3 = cabins.find((cabin) => cabin.name === "3");
    const others = cabins.filter((cabin) => cabin !== cabin3).map((cabin) => ({ cabinId: cabin.id, spaces: males(cabin.capacity) }));
    const capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
    const group = await hold({ cabins: others });
    const last = await hold({ cabins: [{ cabinId: cabin3?.id, spaces: males(2) }], timeLimit: new Date(server.clock.now().getTime() + 2 * MINUTE + HOUR).toISOString() }, "sales");
    const waiting = await hold({ cabins: [{ cabinId: cabin3?.id, spaces: males(1) }], waitlist: true }, "sales");
    server.clock.advance(2 * HOUR);
    await runDueWork({ db, mailer: outboxMailer(db, createLogger("silent")), policy: defaultHoldPolicy, now: server.clock.now(), log: createLogger("silent") });
    server.clock.advance(MINUTE);
    expect((await call("PUT", `/reservations/confirmReservation/${group.id}`, { reason: "Pagará al embarcar" })).status).toBe(200);

    const { points, capacity: counted, code } = await timeline();
    expect([counted, code]).toEqual([capacity, "GEX-20300606"]);
    expect(points.map(({ held, confirmed, waiting: waits, free, marks }) => ({ held, confirmed, waits, free, marks }))).toEqual([
      { held: 0, confirmed: 0, waits: 0, free: capacity, marks: ["opened"] },
      { held: capacity - 2, confirmed: 0, waits: 0, free: 2, marks: [] },
      { held: capacity, confirmed: 0, waits: 0, free: 0, marks: ["full"] },
      { held: capacity, confirmed: 0, waits: 1, free: 0, marks: [] },
      { held: capacity - 1, confirmed: 0, waits: 0, free: 1, marks: ["expiry", "promotion"] },
      { held: 1, confirmed: capacity - 2, waits: 0, free: 1, marks: [] },
    ]);
    expect(points[2]?.events).toEqual([{ id: expect.any(Number), type: "reservation.hold", reservationCode: last.code, actor: { id: expect.any(Number), name: "Ana Vera" } }]);
    expect(points[4]?.events.map(({ type, reservationCode, actor }) => [type, reservationCode, actor])).toEqual([
      ["reservation.expire", last.code, null],
      ["reservation.promote", waiting.code, null],
    ]);
    expect(points[4]?.at).toBe(new Date(server.clock.now().getTime() - MINUTE).toISOString());
    const live = dataOf(await call("GET", `/availability?from=2030-06-06&to=2030-06-06`)) as ReadonlyArray<{ free: number; waiting: number }>;
    expect(live.map(({ free, waiting: waits }) => ({ free, waits }))).toEqual([{ free: points.at(-1)?.free, waits: points.at(-1)?.waiting }]);
  });

  it("marks a charter, which fills the departure at once, and its cancellation", async () => {
    await hold({ type: "charter", cabins: [] });
    server.clock.advance(MINUTE);
    expect((await call("PUT", `/cruises/cancelCruise/${ids.june}`, { reason: "Mantenimiento" })).status).toBe(200);
    const { points } = await timeline("sales");
    expect(points.map(({ marks, free }) => ({ marks, free }))).toEqual([
      { marks: ["opened"], free: points[0]?.free },
      { marks: ["charter", "full"], free: 0 },
      { marks: ["canceled"], free: points[0]?.free },
    ]);
  });

  it("is read by staff only; no departure is 404", async () => {
    expect((await call("GET", `/cruises/${ids.june}/timeline`, undefined, "marketing")).status).toBe(200);
    expect((await call("GET", `/cruises/${ids.june}/timeline`, undefined, "agency")).status).toBe(403);
    expect((await call("GET", "/cruises/999999/timeline")).status).toBe(404);
  });
});
