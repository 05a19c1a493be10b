/**
 * No cross-agency oracle (issue 35, item 5; decision 058). Whether a record exists and is the
 * caller's is decided before anything else about the command, the version it was loaded at
 * included: agency A's command on agency B's reservation, space, passenger or flight leg answers
 * exactly what it answers for a record that does not exist (404 'resource not found'), whatever
 * version it sends, and writes nothing. Before, a wrong version answered 409 and the right one
 * 404, so A learned B's version by trying.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { messages } from "../../src/api/messages.ts";
import { endpoints } from "../../src/records/index.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, request, sessionFor, snapshot, startServer, type TestServer, versionIn, idOfNamed } from "./support.ts";

const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
/** Agency A's user, who tries; agency B's user, whose records they are. */
const tokens = { a: "", b: "" };
const ids = { june: 0, cabin3: 0, cabin4: 0, female: 0, passport: 0, usa: 0, outbound: 0 };

/** B's records, and A's own reservation's space. */
interface Theirs {
  readonly agency: number;
  readonly reservation: number;
  readonly reservationVersion: number;
  readonly space: number;
  readonly passenger: number;
  readonly passengerVersion: number;
  readonly leg: number;
  readonly ownSpace: number;
  /** A payment recorded by staff for B's reservation. */
  readonly payment: number;
  /** B's hold of a man beside its own woman in cabin 3, refused and kept. */
  readonly refusal: number;
}

/** No record of any kind has this id. */
const MISSING = 999_999;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (token: string, method: string, path: string, body?: unknown) =>
  request(server, method, `/api${path}`, { token, ...(body === undefined ? {} : { body }) });

const succeeded = (answer: Answer): Answer => {
  expect(answer.status, answer.text).toBe(200);
  return answer;
};

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

const person = (identification: string) => ({
  firstName: "Lucía",
  lastName: "Andrade",
  identificationTypeId: ids.passport,
  identification,
  birthday: "1985-04-12",
  countryId: ids.usa,
  gender: "female",
  agencyId: null,
});

const hold = async (token: string, agencyId: number, cabinId: number): Promise<{ readonly id: number; readonly space: number }> => {
  const body = { cruiseId: ids.june, agencyId, type: "general", cabins: [{ cabinId, spaces: [{ genderId: ids.female }] }] };
  const { id } = dataOf(succeeded(await call(token, "POST", "/reservations/createReservation", body))) as { id: number };
  const found = dataOf(succeeded(await call(token, "GET", `/reservations/${id}`))) as { bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ id: number }> }> };
  return { id, space: found.bookings[0]?.spaces[0]?.id ?? 0 };
};

let theirs: Theirs;

beforeEach(async () => {
  await seedSelling();
  const cuenca = await idNamed("agencies", "Cuenca Travel");
  const ownAgency = await idNamed("agencies", "Guayaquil Viajes");
  tokens.a = await sessionFor(server, db, await createStaff(db, { email: "reservas@a.example.com", role: "agency", agencyId: ownAgency }));
  tokens.b = await sessionFor(server, db, await createStaff(db, { email: "reservas@b.example.com", role: "agency", agencyId: cuenca }));
  const admin = await sessionFor(server, db, await createStaff(db, { email: "admin@example.com", role: "admin" }));
  ids.female = await idNamed("genders", "Mujer adulta");
  ids.passport = await idNamed("identification_types", "Pasaporte");
  ids.usa = await idNamed("countries", "Estados Unidos");
  ids.outbound = await idNamed("flights", "AV1630");
  const departure = { yachtId: await idNamed("yachts", "Galápagos Explorer"), cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"), startDate: "2030-06-06", guideIds: [await idNamed("guides", "Juan")] };
  succeeded(await call(admin, "POST", "/cruises/createCruise", departure));
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  const cabins = dataOf(await call(admin, "GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  ids.cabin3 = cabins.find((cabin) => cabin.name === "3")?.id ?? 0;
  ids.cabin4 = cabins.find((cabin) => cabin.name === "4")?.id ?? 0;

  const held = await hold(tokens.b, cuenca, ids.cabin3);
  const { id: passenger } = dataOf(succeeded(await call(tokens.b, "POST", "/passengers/createPassenger", person("B1")))) as { id: number };
  succeeded(await call(tokens.b, "PUT", `/spaces/assignPassenger/${held.space}`, { passengerId: passenger }));
  const leg = { passengerId: passenger, cruiseId: ids.june, direction: "outbound", flightId: ids.outbound, date: "2030-06-05" };
  succeeded(await call(tokens.b, "POST", "/passengerFlights/createPassengerFlight", leg));
  const [booked] = await db.query<{ id: number }>("select id from passenger_flights where passenger_id = $1", [passenger]);
  const own = await hold(tokens.a, ownAgency, ids.cabin4);
  const paid = { reservationId: held.id, amount: "10", receivedAt: "2030-03-01", method: "transfer", reference: "BP-1", payer: "Cuenca Travel" };
  succeeded(await call(admin, "POST", "/payments/recordPayment", paid));
  const [payment] = await db.query<{ id: number }>("select id from payments where reservation_id = $1", [held.id]);
  const refused = await call(tokens.b, "POST", "/reservations/createReservation", {
    cruiseId: ids.june,
    agencyId: cuenca,
    type: "general",
    cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: await idNamed("genders", "Hombre adulto") }] }],
  });
  const meta = typeof refused.body === "object" && refused.body !== null && "meta" in refused.body ? refused.body.meta : null;
  theirs = {
    agency: cuenca,
    reservation: held.id,
    reservationVersion: versionIn(await call(tokens.b, "GET", `/reservations/${held.id}`)),
    space: held.space,
    passenger,
    passengerVersion: versionIn(await call(tokens.b, "GET", `/passengers/${passenger}`)),
    leg: booked?.id ?? 0,
    ownSpace: own.space,
    payment: payment?.id ?? 0,
    refusal: typeof meta === "object" && meta !== null && "refusalId" in meta && typeof meta.refusalId === "number" ? meta.refusalId : 0,
  };
  expect(theirs.refusal, refused.text).toBeGreaterThan(0);
});

/** A sheet of passengers to import, sent as the panel sends it. */
const importInto = async (reservationId: number): Promise<Answer> => {
  const form = new FormData();
  form.append("file", new Blob(["Nombre\nRosa"]), "lista.csv");
  const response = await fetch(`${server.base}/api/passengers/importPassengers/${reservationId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.a}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as unknown, headers: response.headers };
};

/**
 * A request agency A can make on a record: which of B's records it addresses (or, for another
 * case of one endpoint, names in its body), the version B's record is at when the request sends
 * one, and the request for a record id and a version. Named by the contract's endpoint.
 */
interface Attempt {
  readonly record: (of: Theirs) => number;
  readonly version?: (of: Theirs) => number;
  readonly send: (id: number, version: number) => Promise<Answer>;
}

const tomorrow = () => new Date(server.clock.now().getTime() + 86_400_000).toISOString();

const attempts: Readonly<Record<string, Attempt>> = {
  "agencies.users": { record: (of) => of.agency, send: (id) => call(tokens.a, "GET", `/agencies/${id}/users`) },
  "reservations.get": { record: (of) => of.reservation, send: (id) => call(tokens.a, "GET", `/reservations/${id}`) },
  "documents.voucher": { record: (of) => of.reservation, send: (id) => call(tokens.a, "GET", `/reservations/${id}/voucher`) },
  "reservations.update": {
    record: (of) => of.reservation,
    version: (of) => of.reservationVersion,
    send: (id, version) =>
      call(tokens.a, "PUT", `/reservations/updateReservation/${id}`, {
        notes: "Nota",
        cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.female }, { genderId: ids.female }] }],
        version,
      }),
  },
  "reservations.confirm": { record: (of) => of.reservation, send: (id) => call(tokens.a, "PUT", `/reservations/confirmReservation/${id}`, {}) },
  "reservations.extend": {
    record: (of) => of.reservation,
    send: (id) => call(tokens.a, "PUT", `/reservations/extendTimeLimit/${id}`, { timeLimit: tomorrow() }),
  },
  "reservations.cancel": {
    record: (of) => of.reservation,
    send: (id) => call(tokens.a, "PUT", `/reservations/cancelReservation/${id}`, { reason: "No es mía" }),
  },
  "reservations.delete": { record: (of) => of.reservation, send: (id) => call(tokens.a, "DELETE", `/reservations/${id}`) },
  "passengers.import": { record: (of) => of.reservation, send: (id) => importInto(id) },
  "spaces.cancel": { record: (of) => of.space, send: (id) => call(tokens.a, "PUT", `/spaces/cancelSpace/${id}`, { reason: "No es mía" }) },
  "spaces.assignPassenger": { record: (of) => of.space, send: (id) => call(tokens.a, "PUT", `/spaces/assignPassenger/${id}`, { passengerId: null }) },
  "spaces.assignPassenger (B's passenger to A's space)": {
    record: (of) => of.passenger,
    send: (id) => call(tokens.a, "PUT", `/spaces/assignPassenger/${theirs.ownSpace}`, { passengerId: id }),
  },
  "spaces.newPassenger": { record: (of) => of.space, send: (id) => call(tokens.a, "POST", `/spaces/newPassenger/${id}`, person("A2")) },
  "passengers.get": { record: (of) => of.passenger, send: (id) => call(tokens.a, "GET", `/passengers/${id}`) },
  "history.get": { record: (of) => of.reservation, send: (id) => call(tokens.a, "GET", `/history/reservation/${id}`) },
  "history.get (B's passenger)": { record: (of) => of.passenger, send: (id) => call(tokens.a, "GET", `/history/passenger/${id}`) },
  "passengers.update": {
    record: (of) => of.passenger,
    version: (of) => of.passengerVersion,
    send: (id, version) => call(tokens.a, "PUT", `/passengers/updatePassenger/${id}`, { ...person("A1"), version }),
  },
  "passengerFlights.create": {
    record: (of) => of.passenger,
    send: (id) =>
      call(tokens.a, "POST", "/passengerFlights/createPassengerFlight", { passengerId: id, cruiseId: ids.june, direction: "outbound", flightId: ids.outbound, date: "2030-06-05" }),
  },
  "passengerFlights.delete": { record: (of) => of.leg, send: (id) => call(tokens.a, "DELETE", `/passengerFlights/${id}`) },
  "reservations.account": { record: (of) => of.reservation, send: (id) => call(tokens.a, "GET", `/reservations/${id}/account`) },
  "payments.receipt": { record: (of) => of.payment, send: (id) => call(tokens.a, "GET", `/payments/${id}/receipt?format=pdf`) },
  "agencies.statement": { record: (of) => of.agency, send: (id) => call(tokens.a, "GET", `/agencies/${id}/statement?from=2030-03-01&to=2030-03-31&format=xlsx`) },
  "refusals.get": { record: (of) => of.refusal, send: (id) => call(tokens.a, "GET", `/refusals/${id}`) },
  "payments.report": {
    record: (of) => of.reservation,
    send: (id) =>
      call(tokens.a, "POST", "/payments/reportPayment", { reservationId: id, amount: "10", receivedAt: "2030-01-10", method: "transfer", reference: "", payer: "" }),
  },
};

/** What an agency user may address that is no agency's: departures and the reference lists. */
const shared = new Set(["cruises.cabins", "availability.get", "identificationTypes.get", "countries.get", "genders.get"]);

const notFound = [404, JSON.stringify({ data: messages.notFound })];
const answered = (answer: Answer) => [answer.status, answer.text];

describe("agency A on agency B's records", () => {
  it("covers every request of the contract an agency user makes on an agency's record", () => {
    const reachable = endpoints.filter(
      (endpoint) =>
        endpoint.access.kind === "session" &&
        endpoint.access.roles.includes("agency") &&
        (endpoint.path.includes(":id") || endpoint.name === "passengerFlights.create" || endpoint.name === "payments.report") &&
        !shared.has(endpoint.name),
    );
    expect(reachable.map((endpoint) => endpoint.name).sort()).toEqual([...new Set(Object.keys(attempts).map((name) => name.split(" ")[0]))].sort());
  });

  for (const [name, attempt] of Object.entries(attempts)) {
    it(`${name}: answers as for a record that does not exist, whatever version is sent, and writes nothing`, async () => {
      const before = await snapshot(db);
      const current = attempt.version?.(theirs);
      // the version B's record is at, one it is not at, and one it was at
      for (const sent of current === undefined ? [0] : [current, current + 1, current - 1]) {
        expect(answered(await attempt.send(attempt.record(theirs), sent)), `B's record, version ${sent}`).toEqual(notFound);
        expect(answered(await attempt.send(MISSING, sent)), `no record, version ${sent}`).toEqual(notFound);
      }
      expect(await snapshot(db)).toEqual(before);
    });
  }
});

describe("agency A quoting for agency B", () => {
  it("rates.quote: B's agency answers as an agency that does not exist, as A's hold for B does, and writes nothing", async () => {
    const before = await snapshot(db);
    const draftFor = (agencyId: number) => ({ cruiseId: ids.june, agencyId, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] });
    const forB = answered(await call(tokens.a, "POST", "/rates/quote", draftFor(theirs.agency)));
    expect(forB).toEqual([403, JSON.stringify({ data: messages.forbidden })]);
    expect(answered(await call(tokens.a, "POST", "/rates/quote", draftFor(MISSING)))).toEqual(forB);
    expect(answered(await call(tokens.a, "POST", "/reservations/createReservation", { ...draftFor(theirs.agency), type: "general" }))).toEqual(forB);
    expect(await snapshot(db)).toEqual(before);
  });
});
