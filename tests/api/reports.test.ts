import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, HOUR, payDeposit, request, sessionFor, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * The Reportes section (decision 043): each report's figures against a reference this file works
 * out itself from the API's answers about the reservations and leads it made (their spaces'
 * states, prices, agencies, executives, notes), who may read which report, and the questions
 * refused with their message and nothing changed.
 */
const db = testDatabase();
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { explorer: 0, seaLion: 0, north: 0, cuenca: 0, quito: 0, male: 0, female: 0, june: 0, late: 0, september: 0 };
const DAY = 24 * HOUR;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

const ok = async (answer: Promise<Answer>): Promise<unknown> => {
  const settled = await answer;
  expect(settled.status, settled.text).toBe(200);
  return dataOf(settled);
};

/** Sessions last 12 hours: after the clock moves on, each role signs in again. */
const signInAgain = async (): Promise<void> => {
  const fresh = new Map<RoleName, string>();
  for (const role of tokens.keys()) {
    const [user] = await db.query<{ id: number }>("select id from users where email = $1", [`${role}@example.com`]);
    fresh.set(role, await sessionFor(server, db, user?.id ?? 0));
  }
  tokens = fresh;
};

const schedule = async (startDate: string, yacht = ids.explorer): Promise<number> => {
  await ok(call("POST", "/cruises/createCruise", { yachtId: yacht, cruiseItineraryId: ids.north, startDate, guideIds: [await idNamed("guides", "Juan")] }, "admin"));
  const [row] = await db.query<{ id: number }>("select id from cruises where start_date = $1::date and yacht_id = $2", [startDate, yacht]);
  return row?.id ?? 0;
};

interface CabinAnswer {
  readonly id: number;
  readonly name: string;
  readonly capacity: number;
}
const cabinsOf = async (cruise: number) => (await ok(call("GET", `/cruises/${cruise}/cabins`))) as ReadonlyArray<CabinAnswer>;
const cabinNamed = async (cruise: number, name: string) => (await cabinsOf(cruise)).find((cabin) => cabin.name === name)?.id ?? 0;

interface ReservationAnswer {
  readonly id: number;
  readonly code: string;
  readonly cruiseId: number;
  readonly agencyId: number | null;
  readonly agencyName: string | null;
  readonly executive: { readonly id: number; readonly name: string } | null;
  readonly state: string;
  readonly timeLimit: string | null;
  readonly price: { readonly total: number; readonly commission: number; readonly net: number };
  readonly bookings: ReadonlyArray<{ readonly spaces: ReadonlyArray<{ readonly id: number; readonly state: string }> }>;
}

/** Holds berths on a departure (cabin name -> how many men) and answers the reservation's id. */
const hold = async (cruiseId: number, cabins: Readonly<Record<string, number>>, extra: Record<string, unknown> = {}, role: RoleName = "sales") => {
  const requested = [];
  for (const [name, count] of Object.entries(cabins)) {
    requested.push({ cabinId: await cabinNamed(cruiseId, name), spaces: Array.from({ length: count }, () => ({ genderId: ids.male })) });
  }
  const held = (await ok(call("POST", "/reservations/createReservation", { cruiseId, agencyId: ids.cuenca, type: "general", cabins: requested, ...extra }, role))) as {
    id: number;
  };
  return held.id;
};
const reservation = async (id: number) => (await ok(call("GET", `/reservations/${id}`))) as ReservationAnswer;
/** Confirms a held reservation once its deposit is recorded (decision 065), as sales records it. */
const confirm = async (id: number, role: RoleName = "sales") => {
  await payDeposit(server, tokens.get("sales") ?? "", id);
  return ok(call("PUT", `/reservations/confirmReservation/${id}`, {}, role));
};

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.explorer = await idNamed("yachts", "Galápagos Explorer");
  ids.seaLion = await idNamed("yachts", "Sea Lion");
  ids.north = await idNamed("cruise_itineraries", "Norte 4 días");
  ids.cuenca = await idNamed("agencies", "Cuenca Travel");
  ids.quito = await idNamed("agencies", "Metropolitan Touring Agencia");
  ids.male = await idNamed("genders", "Hombre adulto");
  ids.female = await idNamed("genders", "Mujer adulta");
  ids.june = await schedule("2030-06-06");
  ids.late = await schedule("2030-06-20");
  ids.september = await schedule("2030-09-05");
});

/**
 * The selling the reports read: sold, held, canceled and waiting spaces on two June departures,
 * a sale in September (outside the period asked), by two agencies, direct, and two executives.
 */
const sell = async (): Promise<ReadonlyArray<number>> => {
  const made: number[] = [];
  const sold = await hold(ids.june, { "1": 2, "3": 1 });
  await confirm(sold);
  made.push(sold);
  made.push(await hold(ids.june, { "4": 2 }, { agencyId: null }, "admin"));
  const partly = await hold(ids.late, { "1": 2 }, { agencyId: ids.quito }, "admin");
  await confirm(partly, "admin");
  const [kept] = (await reservation(partly)).bookings[0]?.spaces ?? [];
  await ok(call("PUT", `/spaces/cancelSpace/${kept?.id ?? 0}`, { reason: "Un pasajero no viaja" }));
  made.push(partly);
  const canceled = await hold(ids.late, { "3": 2 });
  await ok(call("PUT", `/reservations/cancelReservation/${canceled}`, { reason: "El cliente desistió" }));
  made.push(canceled);
  const direct = await hold(ids.late, { "4": 1 }, { agencyId: null });
  await confirm(direct);
  made.push(direct);
  const later = await hold(ids.september, { "1": 2 });
  await confirm(later);
  made.push(later);
  return made;
};

interface Figures {
  readonly capacity: number;
  readonly sold: number;
  readonly held: number;
  readonly free: number;
  readonly waiting: number;
  readonly soldPercent: number;
  readonly heldPercent: number;
  readonly freePercent: number;
}
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
const expected = (capacity: number, sold: number, held: number): Figures => ({
  capacity,
  sold,
  held,
  free: capacity - sold - held,
  waiting: 0,
  soldPercent: percent(sold, capacity),
  heldPercent: percent(held, capacity),
  freePercent: percent(capacity - sold - held, capacity),
});

/**
 * The berths of each departure as the event log tells them, replayed here by hand (not by the
 * projections): every space a hold or a wait opened, moved by the confirmations and cancellations
 * that followed. An event this replay does not know fails the test rather than being skipped.
 */
const berthsFromEvents = async (): Promise<ReadonlyMap<number, { readonly sold: number; readonly held: number; readonly waiting: number }>> => {
  const events = await db.query<{ stream_id: string; type: string; data: Record<string, unknown> }>(
    "select stream_id, type, data from events where stream = 'reservation' order by id",
  );
  const spaces = new Map<number, { cruiseId: number; reservation: string; state: string }>();
  const ofReservation = (reservation: string) => [...spaces.values()].filter((space) => space.reservation === reservation);
  for (const { stream_id: reservation, type, data } of events) {
    switch (type) {
      case "reservation.hold":
      case "reservation.waitlist":
        for (const space of data.spaces as ReadonlyArray<{ id: number }>) {
          spaces.set(space.id, { cruiseId: Number(data.cruiseId), reservation, state: type === "reservation.hold" ? "reserved" : "waiting" });
        }
        break;
      case "reservation.confirm":
        for (const space of ofReservation(reservation)) if (space.state === "reserved") space.state = "confirmed";
        break;
      case "reservation.cancel":
        for (const space of ofReservation(reservation)) space.state = "canceled";
        break;
      case "space.cancel": {
        const space = spaces.get(Number(data.spaceId));
        if (space !== undefined) space.state = "canceled";
        break;
      }
      default:
        throw new Error(`the reference does not replay ${type}`);
    }
  }
  const berths = new Map<number, { sold: number; held: number; waiting: number }>();
  for (const space of spaces.values()) {
    const counted = berths.get(space.cruiseId) ?? { sold: 0, held: 0, waiting: 0 };
    if (space.state === "confirmed") counted.sold += 1;
    if (space.state === "reserved") counted.held += 1;
    if (space.state === "waiting") counted.waiting += 1;
    berths.set(space.cruiseId, counted);
  }
  return berths;
};

/** The figures of a report's row, without what names it. */
const figuresOf = (row: Figures): Figures => ({
  capacity: row.capacity,
  sold: row.sold,
  held: row.held,
  free: row.free,
  waiting: row.waiting,
  soldPercent: row.soldPercent,
  heldPercent: row.heldPercent,
  freePercent: row.freePercent,
});

describe("the occupancy report", () => {
  it("counts each departure's berths sold, held and free as the reservations' spaces stand, by departure, by yacht and in total", async () => {
    const made = await sell();
    const answers = await Promise.all(made.map(reservation));
    const capacity = (await cabinsOf(ids.june)).reduce((total, cabin) => total + cabin.capacity, 0);
    const spacesOn = (cruiseId: number, state: string) =>
      answers
        .filter((answer) => answer.cruiseId === cruiseId)
        .flatMap((answer) => answer.bookings.flatMap((booking) => booking.spaces))
        .filter((space) => space.state === state).length;
    const june = expected(capacity, spacesOn(ids.june, "confirmed"), spacesOn(ids.june, "reserved"));
    const late = expected(capacity, spacesOn(ids.late, "confirmed"), spacesOn(ids.late, "reserved"));
    // the reference is not empty: three berths sold and two held in early June, two sold late June
    expect([june.sold, june.held, late.sold, late.held]).toEqual([3, 2, 2, 0]);
    // the event log, replayed by hand, tells the same berths
    const replayed = await berthsFromEvents();
    expect([replayed.get(ids.june), replayed.get(ids.late)]).toEqual([
      { sold: june.sold, held: june.held, waiting: 0 },
      { sold: late.sold, held: late.held, waiting: 0 },
    ]);

    const report = (await ok(call("GET", "/reports/occupancy?from=2030-06-01&to=2030-06-30"))) as {
      departures: ReadonlyArray<{ cruiseId: number; yachtName: string } & Figures>;
      yachts: ReadonlyArray<{ yachtId: number; departures: number } & Figures>;
      total: Figures;
      fleet: ReadonlyArray<{ id: number; name: string }>;
    };
    expect(report.departures.map(({ cruiseId, yachtName, ...row }) => [cruiseId, yachtName, figuresOf(row)])).toEqual([
      [ids.june, "Galápagos Explorer", june],
      [ids.late, "Galápagos Explorer", late],
    ]);
    const both = expected(2 * capacity, june.sold + late.sold, june.held + late.held);
    expect(report.yachts).toEqual([{ yachtId: ids.explorer, yachtName: "Galápagos Explorer", departures: 2, ...both }]);
    expect(report.total).toEqual(both);
    expect(report.fleet.map((yacht) => yacht.id)).toEqual(expect.arrayContaining([ids.explorer, ids.seaLion]));

    const september = (await ok(call("GET", "/reports/occupancy?from=2030-09-01&to=2030-09-30"))) as { departures: ReadonlyArray<{ cruiseId: number; sold: number }> };
    expect(september.departures.map(({ cruiseId, sold }) => [cruiseId, sold])).toEqual([[ids.september, 2]]);
    const otherYacht = (await ok(call("GET", `/reports/occupancy?from=2030-06-01&to=2030-06-30&yachtId=${ids.seaLion}`))) as { departures: unknown[]; total: Figures };
    expect(otherYacht.departures).toEqual([]);
    expect(otherYacht.total.capacity).toBe(0);
  });

  it("counts spaces on the waiting list apart: they hold no berth", async () => {
    const cabins = await cabinsOf(ids.june);
    const everyBerth = cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: ids.male })) }));
    await ok(call("POST", "/reservations/createReservation", { cruiseId: ids.june, agencyId: ids.cuenca, type: "general", cabins: everyBerth }));
    await ok(
      call("POST", "/reservations/createReservation", {
        cruiseId: ids.june,
        agencyId: ids.cuenca,
        type: "general",
        waitlist: true,
        cabins: [{ cabinId: cabins[0]?.id ?? 0, spaces: [{ genderId: ids.male }] }],
      }),
    );
    const capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
    const report = (await ok(call("GET", "/reports/occupancy?from=2030-06-06&to=2030-06-06"))) as { departures: ReadonlyArray<Figures> };
    expect(report.departures).toEqual([expect.objectContaining({ ...expected(capacity, 0, capacity), waiting: 1 })]);
  });
});

describe("the sales report", () => {
  it("adds up the confirmed reservations of the period's departures by agency and by executive, at the price each shows", async () => {
    const made = await sell();
    const answers = (await Promise.all(made.map(reservation))).filter(
      (answer) => answer.state === "confirmed" && answer.cruiseId !== ids.september,
    );
    expect(answers).toHaveLength(3);
    const cents = (amount: number) => Math.round(amount * 100) / 100;
    const lineOf = (group: ReadonlyArray<ReservationAnswer>) => ({
      reservations: group.length,
      berths: group.flatMap((answer) => answer.bookings.flatMap((booking) => booking.spaces)).filter((space) => space.state === "confirmed").length,
      revenue: cents(group.reduce((total, answer) => total + answer.price.total, 0)),
      commission: cents(group.reduce((total, answer) => total + answer.price.commission, 0)),
      net: cents(group.reduce((total, answer) => total + answer.price.net, 0)),
    });
    const by = (key: (answer: ReservationAnswer) => [number | null, string | null]) => {
      const groups = new Map<number | null, ReservationAnswer[]>();
      for (const answer of answers) groups.set(key(answer)[0], [...(groups.get(key(answer)[0]) ?? []), answer]);
      return [...groups.values()].map((group) => {
        const [first] = group;
        const [id, name] = first === undefined ? [null, null] : key(first);
        return { id, name, ...lineOf(group) };
      });
    };
    const report = (await ok(call("GET", "/reports/sales?from=2030-06-01&to=2030-06-30"))) as Record<string, unknown>;
    const sorted = (lines: ReadonlyArray<{ readonly id: number | null }>) => [...lines].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    expect(sorted(report.agencies as ReadonlyArray<{ id: number | null }>)).toEqual(sorted(by((answer) => [answer.agencyId, answer.agencyName])));
    expect(sorted(report.executives as ReadonlyArray<{ id: number | null }>)).toEqual(
      sorted(by((answer) => [answer.executive?.id ?? null, answer.executive?.name ?? null])),
    );
    expect(report.total).toEqual(lineOf(answers));
    expect((report.total as { commission: number }).commission).toBeGreaterThan(0);
    // the agency column of a direct client's sale is null; the panel names it
    expect((report.agencies as ReadonlyArray<{ id: number | null }>).some((line) => line.id === null)).toBe(true);
  });
});

describe("the reservations expiring soon", () => {
  it("lists the holds whose time limit passes within the hours asked (48 unless asked), soonest first", async () => {
    const now = server.clock.now().getTime();
    const soon = await hold(ids.june, { "1": 2 }, { timeLimit: new Date(now + 27 * HOUR).toISOString() });
    const week = await hold(ids.june, { "3": 1 });
    const sold = await hold(ids.june, { "4": 1 }, { timeLimit: new Date(now + 5 * HOUR).toISOString() });
    await confirm(sold);
    const [soonAnswer, weekAnswer] = [await reservation(soon), await reservation(week)];
    const limits = [soonAnswer, weekAnswer].map((answer) => Date.parse(answer.timeLimit ?? ""));
    expect(limits[1] ?? 0).toBeGreaterThan(now + 48 * HOUR);

    const standard = (await ok(call("GET", "/reports/expiring"))) as {
      hours: number;
      reservations: ReadonlyArray<{ id: number; code: string; held: number; hoursLeft: number; timeLimit: string; revenue: number; agencyName: string | null }>;
      days: ReadonlyArray<{ day: string; reservations: number; held: number }>;
    };
    expect(standard.hours).toBe(48);
    expect(standard.reservations).toEqual([
      expect.objectContaining({
        id: soon,
        code: soonAnswer.code,
        held: 2,
        hoursLeft: 27,
        timeLimit: soonAnswer.timeLimit,
        revenue: soonAnswer.price.total,
        agencyName: "Cuenca Travel",
      }),
    ]);
    expect(standard.days).toEqual([{ day: (soonAnswer.timeLimit ?? "").slice(0, 10), reservations: 1, held: 2 }]);

    const hoursToWeek = Math.ceil(((limits[1] ?? 0) - now) / HOUR);
    const wider = (await ok(call("GET", `/reports/expiring?hours=${hoursToWeek}`))) as { reservations: ReadonlyArray<{ id: number }> };
    expect(wider.reservations.map((held) => held.id)).toEqual([soon, week]);
  });
});

describe("the leads dashboard", () => {
  it("counts the period's leads per week, country and agent, and how long each waited for its first comment", async () => {
    // an agent who has chosen a password can be given leads
    const agentId = await createStaff(db, { email: "lucia@example.com", role: "sales", firstName: "Lucía", lastName: "Andrade" });
    const adminId = (await db.query<{ id: number }>("select id from users where email = 'admin@example.com'"))[0]?.id ?? 0;
    let agentToken = await sessionFor(server, db, agentId);
    const submit = async (email: string, country: string) => {
      await ok(
        request(server, "POST", "/api/leads/createLead", {
          body: { firstName: "Ana", lastName: "Vera", email, country, phone: "+593 99 123 4567", message: "Quisiera cotizar un crucero" },
        }),
      );
      const [row] = await db.query<{ id: number }>("select id from leads where email = $1", [email]);
      return row?.id ?? 0;
    };
    const byAgent = (leadId: number | undefined, coments: string) =>
      ok(request(server, "POST", "/api/leads/createTrakin", { token: agentToken, body: { userId: agentId, leadId, coments } }));
    const later = async (hours: number) => {
      server.clock.advance(hours * HOUR);
      await signInAgain();
      agentToken = await sessionFor(server, db, agentId);
    };
    const made: number[] = [];
    made.push(await submit("a@example.com", "Ecuador"));
    made.push(await submit("b@example.com", "Estados Unidos"));
    await ok(call("PUT", `/leads/assingLeadtoUser/${made[0]}`, { userId: agentId }, "admin"));
    await later(5);
    await byAgent(made[0], "Llamé al cliente");
    await later(3 * 24);
    made.push(await submit("c@example.com", "Ecuador"));
    await ok(call("PUT", `/leads/assingLeadtoUser/${made[2]}`, { userId: agentId }, "admin"));
    await later(2);
    await ok(call("POST", "/leads/createTrakin", { userId: adminId, leadId: made[1], coments: "Envié la cotización" }, "admin"));
    await byAgent(made[2], "Primera llamada");
    await later(1);
    await byAgent(made[2], "Segunda llamada");
    await later(17 * 24);
    made.push(await submit("d@example.com", "Alemania"));

    interface LeadAnswer {
      readonly createdAt: string;
      readonly country: string;
      readonly lead_user: { readonly id: number; readonly firstName: string; readonly lastName: string } | null;
      readonly trakin: ReadonlyArray<{ readonly createdAt: string }>;
    }
    const leads = (await Promise.all(made.map((id) => ok(call("GET", `/leads/${id}`))))) as ReadonlyArray<LeadAnswer>;
    const first = leads[0]?.createdAt.slice(0, 10) ?? "";
    const last = leads[3]?.createdAt.slice(0, 10) ?? "";
    const waited = (lead: LeadAnswer) => {
      const [note] = [...lead.trakin].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return note === undefined ? null : (Date.parse(note.createdAt) - Date.parse(lead.createdAt)) / HOUR;
    };
    const delays = (group: ReadonlyArray<LeadAnswer>) => {
      const hours = group.map(waited).filter((value): value is number => value !== null).sort((a, b) => a - b);
      const middle = Math.floor(hours.length / 2);
      const median = hours.length === 0 ? null : hours.length % 2 === 1 ? (hours[middle] ?? 0) : ((hours[middle - 1] ?? 0) + (hours[middle] ?? 0)) / 2;
      const round = (value: number) => Math.round(value * 10) / 10;
      return {
        commented: hours.length,
        averageHours: hours.length === 0 ? null : round(hours.reduce((total, value) => total + value, 0) / hours.length),
        medianHours: median === null ? null : round(median),
      };
    };
    const monday = (iso: string) => {
      const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    };
    const weeks = new Map<string, number>();
    for (let week = Date.parse(monday(first)); week <= Date.parse(`${last}T00:00:00Z`); week += 7 * DAY) weeks.set(new Date(week).toISOString().slice(0, 10), 0);
    for (const lead of leads) weeks.set(monday(lead.createdAt), (weeks.get(monday(lead.createdAt)) ?? 0) + 1);
    const countries = new Map<string, number>();
    for (const lead of leads) countries.set(lead.country, (countries.get(lead.country) ?? 0) + 1);
    const agents = new Map<number | null, LeadAnswer[]>();
    for (const lead of leads) agents.set(lead.lead_user?.id ?? null, [...(agents.get(lead.lead_user?.id ?? null) ?? []), lead]);

    const report = (await ok(call("GET", `/reports/leads?from=${first}&to=${last}`, undefined, "marketing"))) as {
      total: number;
      weeks: ReadonlyArray<{ week: string; leads: number }>;
      countries: ReadonlyArray<{ country: string; leads: number }>;
      agents: ReadonlyArray<{ agentId: number | null; agentName: string | null; leads: number }>;
      firstComment: unknown;
    };
    expect(report.total).toBe(4);
    expect(report.weeks).toEqual([...weeks].map(([week, count]) => ({ week, leads: count })));
    expect(report.weeks.some((week) => week.leads === 0)).toBe(true);
    expect([...report.countries].sort((a, b) => a.country.localeCompare(b.country))).toEqual(
      [...countries].map(([country, count]) => ({ country, leads: count })).sort((a, b) => a.country.localeCompare(b.country)),
    );
    expect([...report.agents].sort((a, b) => (a.agentId ?? 0) - (b.agentId ?? 0))).toEqual(
      [...agents]
        .map(([agentId, group]) => ({
          agentId,
          agentName: group[0]?.lead_user === null || group[0] === undefined ? null : `${group[0].lead_user.firstName} ${group[0].lead_user.lastName}`,
          leads: group.length,
          ...delays(group),
        }))
        .sort((a, b) => (a.agentId ?? 0) - (b.agentId ?? 0)),
    );
    expect(report.firstComment).toEqual(delays(leads));
    expect(report.firstComment).toMatchObject({ commented: 3, medianHours: 5 });

    const before = (await ok(call("GET", `/reports/leads?from=${first}&to=${first}`, undefined, "marketing"))) as { total: number };
    expect(before.total).toBe(2);
  });
});

describe("who reads which report", () => {
  const questions = {
    occupancy: "/reports/occupancy?from=2030-06-01&to=2030-06-30",
    sales: "/reports/sales?from=2030-06-01&to=2030-06-30",
    expiring: "/reports/expiring",
    leads: "/reports/leads?from=2030-06-01&to=2030-06-30",
  } as const;
  const readers: Readonly<Record<keyof typeof questions, ReadonlyArray<RoleName>>> = {
    occupancy: ["admin", "sales"],
    sales: ["admin", "sales"],
    expiring: ["admin", "sales"],
    leads: ["admin", "sales", "marketing"],
  };

  it("answers admin and sales every report, marketing the leads only, an agency none, and nobody without a session", async () => {
    for (const [report, path] of Object.entries(questions) as ReadonlyArray<[keyof typeof questions, string]>) {
      for (const role of ["admin", "marketing", "sales", "agency"] as const) {
        const answer = await call("GET", path, undefined, role);
        expect([report, role, answer.status], answer.text).toEqual([report, role, readers[report].includes(role) ? 200 : 403]);
        if (answer.status === 403) expect(dataOf(answer)).toBe(messages.forbidden);
      }
      expect((await request(server, "GET", `/api${path}`)).status).toBe(498);
    }
  });
});

describe("questions refused", () => {
  it("answers a missing, reversed, too long or malformed period, or hours out of range, with its message and changes nothing", async () => {
    await sell();
    const before = await snapshot(db);
    const refusals: ReadonlyArray<[string, number, string]> = [
      ["/reports/occupancy", 400, messages.reportDatesRequired],
      ["/reports/occupancy?from=2030-06-01", 400, messages.reportDatesRequired],
      ["/reports/sales?to=2030-06-01", 400, messages.reportDatesRequired],
      ["/reports/leads?from=&to=2030-06-01", 400, messages.reportDatesRequired],
      ["/reports/occupancy?from=2030-06-30&to=2030-06-01", 400, messages.periodReversed],
      ["/reports/sales?from=2030-06-30&to=2030-06-29", 400, messages.periodReversed],
      ["/reports/leads?from=2030-01-01&to=2031-01-02", 400, messages.periodTooLong],
      ["/reports/occupancy?from=2030-02-30&to=2030-03-01", 400, messages.invalidInput],
      ["/reports/occupancy?from=2030-06-01&to=2030-06-30&yachtId=abc", 400, messages.invalidInput],
      ["/reports/expiring?hours=0", 400, messages.invalidInput],
      ["/reports/expiring?hours=2161", 400, messages.invalidInput],
      ["/reports/expiring?hours=soon", 400, messages.invalidInput],
    ];
    for (const [path, status, message] of refusals) {
      expect([path, ...refusal(await call("GET", path))]).toEqual([path, status, message]);
    }
    // a whole year (a leap year's 366 days) is answered
    expect((await call("GET", "/reports/occupancy?from=2032-01-01&to=2032-12-31")).status).toBe(200);
    expect(await snapshot(db)).toEqual(before);
  });
});
