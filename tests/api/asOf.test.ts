import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { createLogger } from "../../server/log.ts";
import { outboxMailer } from "../../server/mail/mailer.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { availabilityOf, departuresIn, scheduledDepartures } from "../../server/reservations/availability.ts";
import { runDueWork } from "../../server/reservations/worker.ts";
import { defaultHoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { cabins, decks, yachts } from "../../src/records/fleet.ts";
import { keptSeed, resetDatabase, testDatabase } from "../setup/database.ts";
import { createStaff, dataOf, HOUR, idOfNamed, MINUTE, request, sessionFor, startServer, type TestServer } from "./support.ts";

/**
 * Issue 40, item 1 (decision 071): the availability grid and a departure's berth plan as of any
 * instant, replayed from the event log. For random sequences of commands on a departure and on
 * its yacht's cabins, decks and name, the answer as of the instant of each command equals what
 * the tables held right after it.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

const JUNE = "2030-06-06";

/** One command of a seller's day on the departure; `pick` chooses among its reservations or spaces. */
type Command =
  | { readonly kind: "hold"; readonly cabin: number; readonly people: ReadonlyArray<number>; readonly agency: boolean; readonly waitlist: boolean; readonly minutes: number | null }
  | { readonly kind: "charter" }
  | { readonly kind: "confirm" | "cancel" | "cancelSpace" | "extend"; readonly pick: number }
  | { readonly kind: "add"; readonly pick: number; readonly cabin: number; readonly person: number }
  | { readonly kind: "expire"; readonly hours: number }
  | { readonly kind: "renameCabin" | "toggleCabin" | "renameDeck"; readonly pick: number }
  | { readonly kind: "renameYacht" }
  | { readonly kind: "cancelDeparture" };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("hold" as const),
      cabin: fc.nat(20),
      // a party of one space type, mostly adults: a child alone is refused
      people: fc.tuple(fc.constantFrom(0, 0, 1, 1, 2), fc.integer({ min: 1, max: 2 })).map(([person, count]) => Array.from({ length: count }, () => person)),
      agency: fc.boolean(),
      waitlist: fc.boolean(),
      minutes: fc.option(fc.integer({ min: 20, max: 180 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "charter" as const }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom("confirm" as const, "cancel" as const, "cancelSpace" as const, "extend" as const), pick: fc.nat(50) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add" as const), pick: fc.nat(50), cabin: fc.nat(20), person: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("expire" as const), hours: fc.integer({ min: 1, max: 4 }) }) },
  // the fleet changes too: a past plan names and counts the cabins of then
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom("renameCabin" as const, "toggleCabin" as const, "renameDeck" as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "renameYacht" as const }) },
);

/** A day's commands, the minutes between them, and whether the departure is canceled at the end (once in four). */
const day = fc.record({
  steps: fc.array(command, { minLength: 6, maxLength: 14 }),
  pauses: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 15, maxLength: 15 }),
  canceled: fc.nat(3).map((drawn) => drawn === 3),
});

interface Setting {
  readonly cruiseId: number;
  readonly yachtId: number;
  readonly cabins: ReadonlyArray<number>;
  readonly genders: ReadonlyArray<number>;
  readonly agencyUser: number;
  readonly ownAgency: number;
  readonly admin: number;
}

/** What the tables held right after one command, and when. */
interface Recorded {
  readonly at: string;
  readonly cabins: unknown;
  readonly agencyCabins: unknown;
  readonly availability: unknown;
}

/** Each user's session and when it was opened: a session lasts 12 hours of the moving clock. */
const sessions = new Map<number, { readonly token: string; readonly at: number }>();

const tokenOf = async (user: number): Promise<string> => {
  const now = server.clock.now().getTime();
  const open = sessions.get(user);
  if (open !== undefined && now - open.at < 10 * HOUR) return open.token;
  const token = await sessionFor(server, db, user);
  sessions.set(user, { token, at: now });
  return token;
};

const as = async (user: number, method: string, path: string, body?: unknown) =>
  request(server, method, `/api${path}`, { token: await tokenOf(user), ...(body === undefined ? {} : { body }) });

const periodOf = (setting: Setting) => ({ from: JUNE, to: JUNE, yachtId: setting.yachtId });

/** The grid of the departure's day as the tables hold it now (the berth index's own reads, without its memory). */
const liveGrid = async (setting: Setting) => {
  const answers = await availabilityOf(db, departuresIn(await scheduledDepartures(db), periodOf(setting)));
  return JSON.parse(JSON.stringify(answers)) as unknown;
};

const record = async (setting: Setting): Promise<Recorded> => ({
  at: server.clock.now().toISOString(),
  cabins: dataOf(await as(setting.admin, "GET", `/cruises/${setting.cruiseId}/cabins`)),
  agencyCabins: dataOf(await as(setting.agencyUser, "GET", `/cruises/${setting.cruiseId}/cabins`)),
  availability: await liveGrid(setting),
});

const asOf = async (setting: Setting, at: string): Promise<Omit<Recorded, "at">> => {
  const when = encodeURIComponent(at);
  const { from, to, yachtId } = periodOf(setting);
  return {
    cabins: dataOf(await as(setting.admin, "GET", `/cruises/${setting.cruiseId}/cabins?asOf=${when}`)),
    agencyCabins: dataOf(await as(setting.agencyUser, "GET", `/cruises/${setting.cruiseId}/cabins?asOf=${when}`)),
    availability: dataOf(await as(setting.admin, "GET", `/availability?from=${from}&to=${to}&yachtId=${yachtId}&asOf=${when}`)),
  };
};

const pickOf = <T>(items: ReadonlyArray<T>, pick: number): T | undefined => (items.length === 0 ? undefined : items[pick % items.length]);

/** Runs one command through the API (a refusal is an answer too: it writes nothing). */
const run = async (setting: Setting, step: Command): Promise<void> => {
  // each command picks among the reservations it applies to: a hold to confirm or extend, a live one to cancel or add to
  const states = step.kind === "confirm" || step.kind === "extend" ? ["reserved"] : ["reserved", "waiting", "confirmed"];
  const reservations = (
    await db.query<{ id: number }>("select id from reservations where cruise_id = $1 and status = any($2::text[]) order by id", [setting.cruiseId, states])
  ).map((row) => row.id);
  const reservation = "pick" in step ? pickOf(reservations, step.pick) : undefined;
  const now = server.clock.now().getTime();
  switch (step.kind) {
    case "hold": {
      const agencyId = step.agency ? setting.ownAgency : null;
      const body = {
        cruiseId: setting.cruiseId,
        agencyId,
        type: "general",
        cabins: [{ cabinId: pickOf(setting.cabins, step.cabin), spaces: step.people.map((person) => ({ genderId: pickOf(setting.genders, person) })) }],
        waitlist: step.waitlist,
        ...(step.minutes === null ? {} : { timeLimit: new Date(now + step.minutes * MINUTE).toISOString() }),
      };
      await as(step.agency ? setting.agencyUser : setting.admin, "POST", "/reservations/createReservation", body);
      return;
    }
    case "charter":
      await as(setting.admin, "POST", "/reservations/createReservation", { cruiseId: setting.cruiseId, agencyId: null, type: "charter", cabins: [] });
      return;
    case "confirm":
      if (reservation !== undefined) await as(setting.admin, "PUT", `/reservations/confirmReservation/${reservation}`, { reason: "Pagará al embarcar" });
      return;
    case "cancel":
      if (reservation !== undefined) await as(setting.admin, "PUT", `/reservations/cancelReservation/${reservation}`, { reason: "Cambio de planes" });
      return;
    case "extend":
      if (reservation !== undefined) await as(setting.admin, "PUT", `/reservations/extendTimeLimit/${reservation}`, { timeLimit: new Date(now + 3 * HOUR).toISOString() });
      return;
    case "cancelSpace": {
      const spaces = await db.query<{ id: number }>("select id from spaces where cruise_id = $1 and status <> 'canceled' order by id", [setting.cruiseId]);
      const space = pickOf(spaces, step.pick);
      if (space !== undefined) await as(setting.admin, "PUT", `/spaces/cancelSpace/${space.id}`, { reason: "No viaja" });
      return;
    }
    case "add": {
      if (reservation === undefined) return;
      const found = dataOf(await as(setting.admin, "GET", `/reservations/${reservation}`)) as {
        version: number;
        bookings: ReadonlyArray<{ cabinId: number; spaces: ReadonlyArray<{ genderId: number; state: string }> }>;
      };
      const cabins = found.bookings
        .map(({ cabinId, spaces }) => ({ cabinId, spaces: spaces.filter((space) => space.state !== "canceled").map(({ genderId }) => ({ genderId })) }))
        .filter(({ spaces }) => spaces.length > 0);
      const cabinId = pickOf(setting.cabins, step.cabin) ?? 0;
      const genderId = pickOf(setting.genders, step.person) ?? 0;
      const booked = cabins.find((cabin) => cabin.cabinId === cabinId);
      const wanted = booked === undefined ? [...cabins, { cabinId, spaces: [{ genderId }] }] : cabins.map((cabin) => (cabin === booked ? { cabinId, spaces: [...cabin.spaces, { genderId }] } : cabin));
      await as(setting.admin, "PUT", `/reservations/updateReservation/${reservation}`, { notes: "", cabins: wanted, version: found.version });
      return;
    }
    case "expire":
      server.clock.advance(step.hours * HOUR);
      await runDueWork({ db, mailer: outboxMailer(db, createLogger("silent")), policy: defaultHoldPolicy, now: server.clock.now(), log: createLogger("silent") });
      return;
    case "cancelDeparture":
      await as(setting.admin, "PUT", `/cruises/cancelCruise/${setting.cruiseId}`, { reason: "Mantenimiento" });
      return;
    case "renameCabin":
      await editItem(setting, cabins, pickOf(setting.cabins, step.pick) ?? 0, (item) => ({ name: `${String(item.name)}b` }));
      return;
    case "toggleCabin":
      await editItem(setting, cabins, pickOf(setting.cabins, step.pick) ?? 0, (item) => ({ active: item.active !== true }));
      return;
    case "renameDeck": {
      const cabin = dataOf(await as(setting.admin, "GET", pathOf(cabins.api.get.path, pickOf(setting.cabins, step.pick) ?? 0))) as { deck: number };
      await editItem(setting, decks, cabin.deck, (item) => ({ name: `${String(item.name)} alta` }));
      return;
    }
    case "renameYacht":
      await editItem(setting, yachts, setting.yachtId, (item) => ({ name: `${String(item.name)} II` }));
      return;
  }
};

const pathOf = (template: string, id: number) => template.replace(":id", String(id));

/** Saves a fleet item's edit form as loaded, with `change` made to it. */
const editItem = async (setting: Setting, catalogue: CatalogueDeclaration, id: number, change: (item: Readonly<Record<string, unknown>>) => Record<string, unknown>) => {
  const { id: _loaded, ...item } = dataOf(await as(setting.admin, "GET", pathOf(catalogue.api.get.path, id))) as Record<string, unknown>;
  await as(setting.admin, "PUT", pathOf(catalogue.api.update.path, id), { ...item, ...change(item) });
};

/** A fresh seed, a June departure, an admin and an agency user. */
const prepare = async (): Promise<Setting> => {
  await resetDatabase(db);
  sessions.clear();
  await seedSelling();
  const admin = await createStaff(db, { email: "admin@example.com", role: "admin" });
  const ownAgency = await idOfNamed(db, "agencies", "Guayaquil Viajes");
  const agencyUser = await createStaff(db, { email: "reservas@gye.example.com", role: "agency", agencyId: ownAgency });
  const yachtId = await idOfNamed(db, "yachts", "Galápagos Explorer");
  const departure = { yachtId, cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"), startDate: JUNE, guideIds: [await idOfNamed(db, "guides", "Juan")] };
  expect((await as(admin, "POST", "/cruises/createCruise", departure)).status).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = $1", [JUNE]);
  const cruiseId = june?.id ?? 0;
  const cabins = (dataOf(await as(admin, "GET", `/cruises/${cruiseId}/cabins`)) as ReadonlyArray<{ id: number }>).map(({ id }) => id);
  const genders = await Promise.all(["Hombre adulto", "Mujer adulta", "Niño"].map((name) => idOfNamed(db, "genders", name)));
  return { cruiseId, yachtId, cabins, genders, agencyUser, ownAgency, admin };
};

describe("a departure as of any moment", () => {
  it("answers, at each command's instant, the berth plan and the grid the tables held right after it; as of now, the live answer", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(day, async ({ steps, pauses, canceled }) => {
        const setting = await prepare();
        const recorded: Recorded[] = [await record(setting)];
        for (const [index, step] of [...steps, ...(canceled ? [{ kind: "cancelDeparture" } as const] : [])].entries()) {
          // every command at its own instant: an as-of answer is what the log held at one
          server.clock.advance((pauses[index] ?? 1) * MINUTE);
          await run(setting, step);
          recorded.push(await record(setting));
        }
        for (const { at, ...held } of recorded) expect(await asOf(setting, at), at).toEqual(held);
        server.clock.advance(MINUTE);
        const now = await record(setting);
        expect(await asOf(setting, now.at)).toEqual({ cabins: now.cabins, agencyCabins: now.agencyCabins, availability: now.availability });
      }),
      {
        numRuns: 6,
        // found by a CI run: a renamed cabin moved in the table, and the live grid listed its
        // departure's categories in another order than the past one (cabins are now read by id)
        examples: [[{ steps: [{ kind: "renameCabin", pick: 14 }, { kind: "hold", cabin: 0, people: [0], agency: false, waitlist: false, minutes: null }], pauses: Array.from({ length: 15 }, () => 1), canceled: false }]],
      },
    );
  });

  it("answers as of a moment before the departure was scheduled with 404 and an empty grid; a rebuild leaves the tables as of now", async () => {
    const before = new Date(server.clock.now().getTime() - MINUTE).toISOString();
    const setting = await prepare();
    await run(setting, { kind: "hold", cabin: 0, people: [0, 0], agency: false, waitlist: false, minutes: null });
    const answer = await as(setting.admin, "GET", `/cruises/${setting.cruiseId}/cabins?asOf=${encodeURIComponent(before)}`);
    expect(answer.status).toBe(404);
    expect((await asOf(setting, before)).availability).toEqual([]);
    const now = await record(setting);
    await rebuildProjections(db);
    expect(await record(setting)).toEqual(now);
    expect(await asOf(setting, now.at)).toEqual({ cabins: now.cabins, agencyCabins: now.agencyCabins, availability: now.availability });
  });

  it("refuses an instant without its offset or on a day that is none", async () => {
    const setting = await prepare();
    for (const asOfText of ["2030-03-01T10:00:00", "2030-02-30T10:00:00Z", "yesterday"]) {
      const answer = await as(setting.admin, "GET", `/cruises/${setting.cruiseId}/cabins?asOf=${encodeURIComponent(asOfText)}`);
      expect(answer.status, asOfText).toBe(400);
    }
  });
});
