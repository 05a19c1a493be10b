import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, request, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 17, item 4: passengers registered, given spaces (gender and age on the departure day, one
 * person once per cruise), imported from XLSX or CSV with a per-row report, and their flight legs
 * booked outside the cruise's days at the air-ticket rate; every rule a guard with its message,
 * a refusal writing nothing; an agency user reaching its own agency's only.
 */
const db = testDatabase();
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { cabin1: 0, retailer: 0, ownAgency: 0, male: 0, female: 0, child: 0, june: 0, cabin3: 0, cabin4: 0, passport: 0, cedula: 0, ecuador: 0, usa: 0, outbound: 0, homeward: 0 };

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.retailer = await idNamed("agencies", "Cuenca Travel");
  ids.male = await idNamed("genders", "Hombre adulto");
  ids.female = await idNamed("genders", "Mujer adulta");
  ids.child = await idNamed("genders", "Niño");
  ids.passport = await idNamed("identification_types", "Pasaporte");
  ids.cedula = await idNamed("identification_types", "Cédula de identidad");
  ids.ecuador = await idNamed("countries", "Ecuador");
  ids.usa = await idNamed("countries", "Estados Unidos");
  ids.outbound = await idNamed("flights", "AV1630");
  ids.homeward = await idNamed("flights", "AV1631");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  const scheduled = await call(
    "POST",
    "/cruises/createCruise",
    { yachtId: await idNamed("yachts", "Galápagos Explorer"), cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"), startDate: "2030-06-06", guideIds: [await idNamed("guides", "Juan")] },
    "admin",
  );
  expect(refusal(scheduled)).toEqual([200, messages.created]);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  ids.cabin1 = cabins.find((cabin) => cabin.name === "1")?.id ?? 0;
  ids.cabin3 = cabins.find((cabin) => cabin.name === "3")?.id ?? 0;
  ids.cabin4 = cabins.find((cabin) => cabin.name === "4")?.id ?? 0;
});

const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Lucía",
  lastName: "Andrade",
  identificationTypeId: ids.passport,
  identification: "AB123456",
  birthday: "1985-04-12",
  countryId: ids.usa,
  gender: "female",
  maritalStatus: "married",
  email: "lucia@example.com",
  agencyId: ids.retailer,
  vegetarian: true,
  ...overrides,
});

interface PassengerAnswer {
  readonly id: number;
  readonly identification: string;
  readonly agencyId: number | null;
  readonly version: number;
  readonly vegetarian: boolean;
}

const register = async (overrides: Record<string, unknown> = {}, role: RoleName = "sales"): Promise<PassengerAnswer> => {
  const answer = await call("POST", "/passengers/createPassenger", person(overrides), role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as PassengerAnswer;
};

interface ReservationAnswer {
  readonly id: number;
  readonly price: { readonly total: number; readonly net: number };
  readonly bookings: ReadonlyArray<{ readonly spaces: ReadonlyArray<{ readonly id: number; readonly genderId: number; readonly passengerName: string | null }> }>;
  readonly lines: ReadonlyArray<{ readonly kind: string; readonly total: number }>;
}

/**
 * Holds cabin 3 for a woman and a child and cabin 4 for two women (or cabin 3 for the spaces
 * given), and answers the reservation with its spaces.
 */
const hold = async (spaces: ReadonlyArray<number> | null = null, agencyId = ids.retailer, role: RoleName = "sales") => {
  const cabins =
    spaces === null
      ? [
          { cabinId: ids.cabin3, spaces: [{ genderId: ids.female }, { genderId: ids.child }] },
          { cabinId: ids.cabin4, spaces: [{ genderId: ids.female }, { genderId: ids.female }] },
        ]
      : [{ cabinId: ids.cabin3, spaces: spaces.map((genderId) => ({ genderId })) }];
  const answer = await call("POST", "/reservations/createReservation", { cruiseId: ids.june, agencyId, type: "general", cabins }, role);
  expect(answer.status, answer.text).toBe(200);
  return reservation((dataOf(answer) as { id: number }).id);
};

const reservation = async (id: number): Promise<ReservationAnswer> => dataOf(await call("GET", `/reservations/${id}`)) as ReservationAnswer;
const spacesOf = (found: ReservationAnswer) => found.bookings.flatMap((booking) => booking.spaces);
const assign = (spaceId: number, passengerId: number | null, role: RoleName = "sales") =>
  call("PUT", `/spaces/assignPassenger/${spaceId}`, { passengerId }, role);

describe("registering passengers", () => {
  it("registers one with its identification kept without spaces and in capitals, and finds them by name or identification", async () => {
    const lucia = await register({ identification: " ab 123 456 " });
    expect(lucia.identification).toBe("AB123456");
    expect(lucia.vegetarian).toBe(true);
    const found = await call("GET", "/passengers?q=andrade%20ab123");
    expect((dataOf(found) as ReadonlyArray<{ id: number }>).map(({ id }) => id)).toEqual([lucia.id]);
    expect((found.body as { meta: { total: number } }).meta.total).toBe(1);
  });

  it("sorts a page by birthday or agency either way, ties by name, and refuses an unknown order", async () => {
    const lucia = await register();
    const ana = await register({ firstName: "Ana", lastName: "Zurita", identification: "ZZ1", birthday: "1990-01-01", agencyId: null });
    const beto = await register({ firstName: "Beto", lastName: "Bravo", identification: "BB1", birthday: "1970-06-30" });
    const order = async (query: string) => (dataOf(await call("GET", `/passengers?${query}`)) as ReadonlyArray<{ id: number }>).map(({ id }) => id);
    expect(await order("")).toEqual([lucia.id, beto.id, ana.id]);
    expect(await order("sort=birthday")).toEqual([beto.id, lucia.id, ana.id]);
    expect(await order("sort=birthday&order=desc")).toEqual([ana.id, lucia.id, beto.id]);
    // a passenger without agency last either way; the others by name
    expect(await order("sort=agency&order=desc")).toEqual([lucia.id, beto.id, ana.id]);
    expect(await order("sort=identification&order=desc&pageSize=1&page=3")).toEqual([lucia.id]);
    expect((await call("GET", "/passengers?sort=email")).status).toBe(400);
  });

  it("refuses a second passenger with the same identification, also typed otherwise, and writes nothing", async () => {
    await register();
    const before = await snapshot(db);
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ identification: "ab123456", firstName: "Otra" })))).toEqual([
      409,
      messages.passengerIdentificationTaken,
    ]);
    expect(await snapshot(db)).toEqual(before);
    // the same number under another document type is another identification
    expect((await call("POST", "/passengers/createPassenger", person({ identificationTypeId: ids.cedula }))).status).toBe(200);
  });

  it("refuses missing, malformed and impossible fields with the form's messages", async () => {
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ lastName: "" })))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ email: "lucia@" })))).toEqual([400, messages.invalidEmail]);
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ birthday: "2031-01-01" })))).toEqual([400, messages.invalidInput]);
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ gender: "other" })))).toEqual([400, messages.invalidInput]);
    expect(refusal(await call("POST", "/passengers/createPassenger", person({ countryId: 999_999 })))).toEqual([400, messages.invalidInput]);
  });

  it("changes a passenger with the version its form read, and refuses a stale one", async () => {
    const lucia = await register();
    expect(refusal(await call("PUT", `/passengers/updatePassenger/${lucia.id}`, { ...person({ lastName: "Andrade Vega" }), version: lucia.version }))).toEqual([
      200,
      messages.updated,
    ]);
    expect(refusal(await call("PUT", `/passengers/updatePassenger/${lucia.id}`, { ...person(), version: lucia.version }))).toEqual([409, messages.stale]);
    expect((dataOf(await call("GET", `/passengers/${lucia.id}`)) as { lastName: string }).lastName).toBe("Andrade Vega");
  });

  it("lets an agency user register, list and read its own agency's passengers only", async () => {
    const own = await register({ agencyId: ids.retailer, identification: "OWN1" }, "agency");
    expect(own.agencyId).toBe(ids.ownAgency);
    const other = await register({ agencyId: ids.retailer, identification: "OTHER1" }, "sales");
    const listed = dataOf(await call("GET", "/passengers", undefined, "agency")) as ReadonlyArray<{ id: number }>;
    expect(listed.map(({ id }) => id)).toEqual([own.id]);
    expect((await call("GET", `/passengers/${other.id}`, undefined, "agency")).status).toBe(404);
    expect((await call("PUT", `/passengers/updatePassenger/${other.id}`, { ...person(), version: 1 }, "agency")).status).toBe(404);
    expect((await call("POST", "/passengers/createPassenger", person({ identification: "M1" }), "marketing")).status).toBe(403);
    expect((await call("GET", `/passengers/${other.id}`, undefined, "marketing")).status).toBe(200);
  });
});

describe("giving spaces their passengers", () => {
  it("gives each space a passenger of its type and shows them on the reservation and the passenger's page", async () => {
    const held = await hold();
    const [first, childSpace] = spacesOf(held);
    const lucia = await register();
    const boy = await register({ firstName: "Mateo", identification: "C777", birthday: "2021-09-01", gender: "male" });
    expect(refusal(await assign(first?.id ?? 0, lucia.id))).toEqual([200, messages.updated]);
    expect(refusal(await assign(childSpace?.id ?? 0, boy.id))).toEqual([200, messages.updated]);
    const names = spacesOf(await reservation(held.id)).map((space) => space.passengerName);
    expect(names).toEqual(["Lucía Andrade", "Mateo Andrade", null, null]);
    const page = dataOf(await call("GET", `/passengers/${lucia.id}`)) as { cruises: ReadonlyArray<{ cruiseId: number; cabinName: string }> };
    expect(page.cruises.map(({ cruiseId, cabinName }) => [cruiseId, cabinName])).toEqual([[ids.june, "3"]]);
    expect(refusal(await assign(first?.id ?? 0, null))).toEqual([200, messages.updated]);
    expect(spacesOf(await reservation(held.id))[0]?.passengerName).toBeNull();
  });

  it("refuses a passenger of the other gender, a child in an adult space and an adult in a child's, and one person twice on a cruise", async () => {
    const held = await hold();
    const [first, childSpace, second] = spacesOf(held);
    const man = await register({ firstName: "Pedro", identification: "M1", gender: "male" });
    // eleven on the day of departure, twelve a week later
    const girl = await register({ firstName: "Ana", identification: "G1", birthday: "2018-06-13" });
    const teen = await register({ firstName: "Sara", identification: "T1", birthday: "2018-06-06" });
    const before = await snapshot(db);
    expect(refusal(await assign(first?.id ?? 0, man.id))).toEqual([409, messages.passengerGenderMismatch]);
    expect(refusal(await assign(first?.id ?? 0, girl.id))).toEqual([409, messages.childAgeMismatch]);
    expect(refusal(await assign(childSpace?.id ?? 0, teen.id))).toEqual([409, messages.childAgeMismatch]);
    expect(await snapshot(db)).toEqual(before);
    expect(refusal(await assign(childSpace?.id ?? 0, girl.id))).toEqual([200, messages.updated]);
    expect(refusal(await assign(first?.id ?? 0, teen.id))).toEqual([200, messages.updated]);
    expect(refusal(await assign(second?.id ?? 0, teen.id))).toEqual([409, messages.passengerOnCruise]);
    const other = await call("POST", "/reservations/createReservation", {
      cruiseId: ids.june,
      agencyId: null,
      type: "general",
      cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.female }] }],
    });
    const otherSpace = spacesOf(await reservation((dataOf(other) as { id: number }).id))[0];
    expect(refusal(await assign(otherSpace?.id ?? 0, teen.id))).toEqual([409, messages.passengerOnCruise]);
  });

  it("refuses a canceled space, and keeps an agency user to its own passengers and reservations", async () => {
    const held = await hold();
    const [first, , second] = spacesOf(held);
    const lucia = await register();
    expect((await call("PUT", `/spaces/cancelSpace/${second?.id ?? 0}`, { reason: "Viaja otro día" })).status).toBe(200);
    expect(refusal(await assign(second?.id ?? 0, lucia.id))).toEqual([409, messages.notAllowedNow]);
    const own = await register({ identification: "OWN2" }, "agency");
    // the staff's reservation for another agency and the staff's passenger are not the agency's
    expect((await assign(first?.id ?? 0, own.id, "agency")).status).toBe(404);
    const ownHold = await call("POST", "/reservations/createReservation", {
      cruiseId: ids.june,
      agencyId: ids.ownAgency,
      type: "general",
      cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.female }] }],
    }, "agency");
    expect(ownHold.status, ownHold.text).toBe(200);
    const ownSpace = spacesOf(await reservation((dataOf(ownHold) as { id: number }).id))[0];
    expect((await assign(ownSpace?.id ?? 0, lucia.id, "agency")).status).toBe(404);
    expect(refusal(await assign(ownSpace?.id ?? 0, own.id, "agency"))).toEqual([200, messages.updated]);
  });
});

describe("registering a passenger in a space in one step", () => {
  const seatNew = (spaceId: number, overrides: Record<string, unknown> = {}, role: RoleName = "sales") =>
    call("POST", `/spaces/newPassenger/${spaceId}`, person(overrides), role);

  it("registers the passenger with the reservation's agency, whatever the draft says, and seats them", async () => {
    const held = await hold();
    const [first, childSpace] = spacesOf(held);
    const answer = await seatNew(first?.id ?? 0, { agencyId: null });
    expect(answer.status, answer.text).toBe(200);
    const lucia = dataOf(answer) as PassengerAnswer;
    expect(lucia.agencyId).toBe(ids.retailer);
    const boy = dataOf(await seatNew(childSpace?.id ?? 0, { firstName: "Mateo", identification: "C777", birthday: "2021-09-01", gender: "male", agencyId: ids.ownAgency })) as PassengerAnswer;
    expect(boy.agencyId).toBe(ids.retailer);
    expect(spacesOf(await reservation(held.id)).map((space) => space.passengerName)).toEqual(["Lucía Andrade", "Mateo Andrade", null, null]);
    // found again by the reservation's agency's search, as the assign dialog searches
    const found = dataOf(await call("GET", `/passengers?agencyId=${ids.retailer}&q=andrade`)) as ReadonlyArray<{ id: number }>;
    expect(found.map(({ id }) => id).sort()).toEqual([lucia.id, boy.id].sort());
  });

  it("writes nothing when the space or the registration refuses", async () => {
    const held = await hold();
    const [first, , second] = spacesOf(held);
    await register({ identification: "TAKEN1" });
    const before = await snapshot(db);
    expect(refusal(await seatNew(first?.id ?? 0, { identification: "M1", gender: "male" }))).toEqual([409, messages.passengerGenderMismatch]);
    expect(refusal(await seatNew(first?.id ?? 0, { identification: "taken 1" }))).toEqual([409, messages.passengerIdentificationTaken]);
    expect(refusal(await seatNew(first?.id ?? 0, { identification: "" }))).toEqual([400, messages.requiredInformation]);
    expect(await snapshot(db)).toEqual(before);
    expect((await call("PUT", `/spaces/cancelSpace/${second?.id ?? 0}`, { reason: "Viaja otro día" })).status).toBe(200);
    const canceled = await snapshot(db);
    expect(refusal(await seatNew(second?.id ?? 0, { identification: "N2" }))).toEqual([409, messages.notAllowedNow]);
    expect(await snapshot(db)).toEqual(canceled);
  });

  it("keeps an agency user to its own reservations' spaces, and makes the passenger its agency's", async () => {
    const held = await hold();
    expect((await seatNew(spacesOf(held)[0]?.id ?? 0, { identification: "OWN3" }, "agency")).status).toBe(404);
    const ownHold = await call("POST", "/reservations/createReservation", {
      cruiseId: ids.june,
      agencyId: ids.ownAgency,
      type: "general",
      cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.female }] }],
    }, "agency");
    const ownSpace = spacesOf(await reservation((dataOf(ownHold) as { id: number }).id))[0];
    const seated = await seatNew(ownSpace?.id ?? 0, { identification: "OWN3", agencyId: ids.retailer }, "agency");
    expect(seated.status, seated.text).toBe(200);
    expect((dataOf(seated) as PassengerAnswer).agencyId).toBe(ids.ownAgency);
  });
});

describe("flight legs", () => {
  const leg = (passengerId: number, overrides: Record<string, unknown> = {}) => ({
    passengerId,
    cruiseId: ids.june,
    direction: "outbound",
    flightId: ids.outbound,
    date: "2030-06-06",
    ...overrides,
  });

  /** The leg's fares in dollars, as the wire answers them: the catalogue keeps their cents (decision 088). */
  const fares = async (): Promise<{ adult: number; child: number }> => {
    const [rate] = await db.query<{ adult: number; child: number }>(
      "select (details->>'adultRateCents')::int as adult, (details->>'childRateCents')::int as child from air_ticket_rates where (details->>'flight')::int = $1 and (details->>'year')::int = 2030",
      [ids.outbound],
    );
    return { adult: (rate?.adult ?? 0) / 100, child: (rate?.child ?? 0) / 100 };
  };

  it("books a leg at the adult or child fare, adds it to the reservation's price, and removes it", async () => {
    const held = await hold();
    const [first, childSpace] = spacesOf(held);
    const lucia = await register();
    const boy = await register({ firstName: "Mateo", identification: "C777", birthday: "2021-09-01", gender: "male" });
    await assign(first?.id ?? 0, lucia.id);
    await assign(childSpace?.id ?? 0, boy.id);
    const fare = await fares();
    expect(fare.adult).toBeGreaterThan(0);
    expect(refusal(await call("POST", "/passengerFlights/createPassengerFlight", leg(lucia.id)))).toEqual([200, messages.created]);
    expect(refusal(await call("POST", "/passengerFlights/createPassengerFlight", leg(boy.id, { date: "2030-06-05", time: "06:15" })))).toEqual([
      200,
      messages.created,
    ]);
    const priced = await reservation(held.id);
    expect(priced.price.total).toBeCloseTo(held.price.total + fare.adult + fare.child, 2);
    expect(priced.lines.filter((line) => line.kind === "flight").map((line) => line.total)).toEqual([fare.child, fare.adult]);
    const page = dataOf(await call("GET", `/passengers/${boy.id}`)) as { cruises: ReadonlyArray<{ flights: ReadonlyArray<{ id: number; time: string; total: number }> }> };
    const [booked] = page.cruises[0]?.flights ?? [];
    expect([booked?.time, booked?.total]).toEqual(["06:15", fare.child]);
    expect(refusal(await call("DELETE", `/passengerFlights/${booked?.id ?? 0}`))).toEqual([200, messages.deleted]);
    expect((await reservation(held.id)).price.total).toBeCloseTo(held.price.total + fare.adult, 2);
  });

  it("refuses a leg inside the cruise, on the wrong side of it, flying the wrong way, without a fare or a time, or for someone not aboard, writing nothing", async () => {
    const held = await hold();
    const lucia = await register();
    const ashore = await register({ identification: "ASHORE" });
    await assign(spacesOf(held)[0]?.id ?? 0, lucia.id);
    const before = await snapshot(db);
    const book = (body: unknown) => call("POST", "/passengerFlights/createPassengerFlight", body);
    expect(refusal(await book(leg(lucia.id, { date: "2030-06-07" })))).toEqual([409, messages.flightDuringCruise]);
    expect(refusal(await book(leg(lucia.id, { date: "2030-06-12" })))).toEqual([400, messages.invalidInput]);
    expect(refusal(await book(leg(lucia.id, { direction: "return", flightId: ids.homeward, date: "2030-06-01" })))).toEqual([400, messages.invalidInput]);
    // a return leg flies from the islands to the mainland: Quito to Baltra is no way home
    expect(refusal(await book(leg(lucia.id, { direction: "return", date: "2030-06-09" })))).toEqual([400, messages.returnLegNotHomeward]);
    expect(refusal(await book(leg(lucia.id, { date: "2032-01-01", direction: "return", flightId: ids.homeward })))).toEqual([409, messages.flightRateNotDefined]);
    expect(refusal(await book(leg(lucia.id, { date: null })))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await book(leg(lucia.id, { time: "25:00" })))).toEqual([400, messages.invalidInput]);
    expect(refusal(await book(leg(ashore.id)))).toEqual([409, messages.notAllowedNow]);
    await db.query("update flights set details = details - 'departureTime' where id = $1", [ids.outbound]);
    expect(refusal(await book(leg(lucia.id)))).toEqual([400, messages.selectFlightTime]);
    await db.query("update flights set details = details || '{\"departureTime\": \"07:50\"}' where id = $1", [ids.outbound]);
    expect(await snapshot(db)).toEqual(before);
    // the cruise's last day is outside it: the return flies that afternoon
    expect(refusal(await book(leg(lucia.id, { direction: "return", flightId: ids.homeward, date: "2030-06-09" })))).toEqual([200, messages.created]);
  });
});

describe("importing passengers from a spreadsheet", () => {
  interface Report {
    readonly rows: ReadonlyArray<{
      readonly row: number;
      readonly outcome: string;
      readonly message: string | null;
      readonly column: string | null;
      readonly registered: boolean;
      readonly cabinName: string | null;
    }>;
  }

  const upload = async (reservationId: number, file: Blob, name: string, role: RoleName = "sales"): Promise<Answer> => {
    const form = new FormData();
    form.append("file", file, name);
    const response = await fetch(`${server.base}/api/passengers/importPassengers/${reservationId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.get(role) ?? ""}` },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as unknown, headers: response.headers };
  };

  it("registers and seats each good row of a Spanish CSV, reports the others, and finds passengers already registered", async () => {
    const held = await hold();
    const known = await register({ firstName: "Carla", identification: "K1", birthday: "1990-01-01" });
    const csv = [
      "Nombre;Apellido;Tipo de identificación;Número de identificación;Fecha de nacimiento;País;Sexo;Vegetariano;Cabina",
      "Rosa;Mena;Cédula de identidad;0912345678;03/02/1979;Ecuador;F;sí;3",
      "Pedro;Mena;Pasaporte;P999;1980-01-01;EC;M;;3",
      "Carla;Andrade;Pasaporte;k1;1990-01-01;United States;F;;",
      "Tomás;Mena;Pasaporte;P1000;;Ecuador;M;;",
      "Inés;Mena;Pasaporte;P1001;2020-05-05;Ecuador;F;;",
      "Eva;Mena;Pasaporte;P1002;1970-05-05;Ecuador;F;;",
      "Luz;Mena;Pasaporte;P1003;1971-05-05;Ecuador;F;;",
    ].join("\r\n");
    const answer = await upload(held.id, new Blob([`\uFEFF${csv}`], { type: "text/csv" }), "pasajeros.csv");
    expect(answer.status, answer.text).toBe(200);
    const report = dataOf(answer) as Report;
    expect(report.rows.map(({ row, outcome, message, column, registered }) => [row, outcome, message, column, registered])).toEqual([
      [2, "assigned", null, null, true],
      [3, "refused", messages.passengerGenderMismatch, "gender", false],
      [4, "assigned", null, null, false],
      [5, "refused", messages.requiredInformation, "birthday", false],
      [6, "assigned", null, null, true],
      [7, "assigned", null, null, true],
      [8, "refused", messages.allCabinsFilled, null, false],
    ]);
    const [rosa] = await db.query<{ identification: string; vegetarian: boolean; birthday: string }>(
      "select identification, (details->>'vegetarian')::boolean as vegetarian, to_char(birthday, 'YYYY-MM-DD') as birthday from passengers where last_name = 'Mena' order by id",
    );
    expect(rosa).toEqual({ identification: "0912345678", vegetarian: true, birthday: "1979-02-03" });
    expect(spacesOf(await reservation(held.id)).map((space) => space.passengerName)).toEqual(["Rosa Mena", "Inés Mena", "Carla Andrade", "Eva Mena"]);
    expect(known.id).toBeGreaterThan(0);
  });

  it("reads an English XLSX workbook, with real date cells", async () => {
    const held = await hold([ids.female]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Passengers");
    sheet.addRow(["First name", "Last name", "Identification type", "Identification number", "Birthday", "Country", "Sex"]);
    sheet.addRow(["Jane", "Doe", "Passport", "US55", new Date(Date.UTC(1975, 6, 4)), "United States", "female"]);
    const bytes = await workbook.xlsx.writeBuffer();
    // the identification document by its English name (decision 080), as an English template writes it
    const answer = await upload(held.id, new Blob([bytes]), "passengers.xlsx");
    expect((dataOf(answer) as Report).rows.map(({ outcome, cabinName }) => [outcome, cabinName])).toEqual([["assigned", "3"]]);
    const [jane] = await db.query<{ birthday: string }>("select to_char(birthday, 'YYYY-MM-DD') as birthday from passengers where identification = 'US55'");
    expect(jane?.birthday).toBe("1975-07-04");
  });

  it("takes the template's own words for every choice, in any case and with or without accents, in Spanish and English", async () => {
    const held = await hold();
    const csv = [
      "NOMBRE;apellido;Tipo de identificacion;Numero de identificación;Fecha de nacimiento;PAIS;sexo;Estado civil;Vegetariano;Sin gluten;Talla de traje de neopreno",
      "Rosa;Mena;CÉDULA DE IDENTIDAD;0912345678;03/02/1979;ecuador;FEMENINO;CASADO(A);SÍ;no;xl",
      "Inés;Mena;pasaporte;P1001;2020-05-05;Ecuador;femenino;soltero(a);si;NO;",
      "Eva;Mena;Pasaporte;P1002;1970-05-05;estados unidos;Female;Widowed;Yes;yes;s",
      "Luz;Mena;Pasaporte;P1003;1971-05-05;Ecuador;F;divorciado(A);;;",
    ].join("\r\n");
    const answer = await upload(held.id, new Blob([csv], { type: "text/csv" }), "pasajeros.csv");
    expect(answer.status, answer.text).toBe(200);
    expect((dataOf(answer) as Report).rows.map(({ outcome, message }) => [outcome, message])).toEqual(Array.from({ length: 4 }, () => ["assigned", null]));
    const stored = await db.query<{ first_name: string; gender: string; marital: string; vegetarian: boolean; gluten: boolean; wetsuit: string | null }>(
      `select first_name, gender, details->>'maritalStatus' as marital, (details->>'vegetarian')::boolean as vegetarian,
              (details->>'glutenFree')::boolean as gluten, details->>'wetsuitSize' as wetsuit from passengers where last_name = 'Mena' order by id`,
    );
    expect(stored.map((row) => [row.first_name, row.gender, row.marital, row.vegetarian, row.gluten, row.wetsuit])).toEqual([
      ["Rosa", "female", "married", true, false, "XL"],
      ["Inés", "female", "single", true, false, null],
      ["Eva", "female", "widower", true, true, "S"],
      ["Luz", "female", "divorced", false, false, null],
    ]);
  });

  it("refuses each bad row naming its row and column, and seats the good ones", async () => {
    const held = await hold();
    const csv = [
      "Nombre;Apellido;Tipo de identificación;Número de identificación;Fecha de nacimiento;País;Sexo;Estado civil;Vegetariano;Correo electrónico;Talla de traje de neopreno",
      "Rosa;Mena;Pasaporte;P1;1979-02-03;Ecuador;F;Casadx;;;",
      "Ana;Mena;Licencia;P2;1979-02-03;Ecuador;F;;;;",
      "Eva;Mena;Pasaporte;P3;1979-02-03;Atlántida;F;;;;",
      "Luz;Mena;Pasaporte;P4;1979-02-03;Ecuador;Otro;;;;",
      "Sol;Mena;Pasaporte;P5;1979-02-03;Ecuador;F;;quizás;;",
      "Mar;Mena;Pasaporte;P6;1979-02-03;Ecuador;F;;;sin-arroba;",
      "Pía;Mena;Pasaporte;P7;1979-02-03;Ecuador;F;;;;XXXL",
      ";Mena;Pasaporte;P8;1979-02-03;Ecuador;F;;;;",
      "Pedro;Mena;Pasaporte;P9;1979-02-03;Ecuador;M;;;;",
      "Tere;Mena;Pasaporte;P10;2099-02-03;Ecuador;F;;;;",
      "Bea;Mena;Pasaporte;P11;1979-02-03;Ecuador;F;Viuda;;;",
    ].join("\n");
    const before = await db.query<{ count: number }>("select count(*)::int as count from passengers");
    const report = dataOf(await upload(held.id, new Blob([csv]), "pasajeros.csv")) as Report;
    expect(report.rows.map(({ row, outcome, message, column }) => [row, outcome, message, column])).toEqual([
      [2, "refused", messages.invalidInput, "maritalStatus"],
      [3, "refused", messages.invalidInput, "identificationType"],
      [4, "refused", messages.invalidInput, "country"],
      [5, "refused", messages.invalidInput, "gender"],
      [6, "refused", messages.invalidInput, "vegetarian"],
      [7, "refused", messages.invalidEmail, "email"],
      [8, "refused", messages.invalidInput, "wetsuitSize"],
      [9, "refused", messages.requiredInformation, "firstName"],
      [10, "refused", messages.passengerGenderMismatch, "gender"],
      [11, "refused", messages.invalidInput, "birthday"],
      [12, "assigned", null, null],
    ]);
    const after = await db.query<{ count: number }>("select count(*)::int as count from passengers");
    expect((after[0]?.count ?? 0) - (before[0]?.count ?? 0)).toBe(1);
  });

  it("says what is wrong with a file that is no passenger sheet", async () => {
    const held = await hold([ids.female]);
    const refusedAs = async (bytes: BlobPart, name: string) => refusal(await upload(held.id, new Blob([bytes]), name));
    expect(await refusedAs("%PDF-1.7 nothing here", "lista.pdf")).toEqual([400, messages.importNotSheet]);
    // an old Excel 97 workbook starts with its compound file's signature and holds NUL bytes
    expect(await refusedAs(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), "lista.xls")).toEqual([400, messages.importNotSheet]);
    const notWorkbook = new ExcelJS.Workbook();
    notWorkbook.addWorksheet("Vacía");
    expect(await refusedAs(await notWorkbook.xlsx.writeBuffer(), "vacia.xlsx")).toEqual([400, messages.importEmpty]);
    expect(await refusedAs("", "vacio.csv")).toEqual([400, messages.importEmpty]);
    expect(await refusedAs("\r\n;;\r\n", "blanco.csv")).toEqual([400, messages.importEmpty]);
    expect(await refusedAs("Rosa;Mena;P1;1979-02-03;Ecuador;F\nAna;Mena;P2;1979-02-03;Ecuador;F", "sin-titulos.csv")).toEqual([400, messages.importNoHeader]);
    expect(await refusedAs("Nombre;Apellido;Sexo\nRosa;Mena;F", "incompleto.csv")).toEqual([400, messages.importMissingColumns]);
    const header = "Nombre;Apellido;Tipo de identificación;Número de identificación;Fecha de nacimiento;País;Sexo";
    expect(await refusedAs(`${header}\n;;;;;;\n`, "solo-titulos.csv")).toEqual([400, messages.importNoRows]);
  });

  it("refuses another agency's reservation, and a reader's import", async () => {
    const held = await hold([ids.female]);
    expect((await upload(held.id, new Blob(["Nombre\nRosa"]), "a.csv", "agency")).status).toBe(404);
    expect((await upload(held.id, new Blob(["Nombre\nRosa"]), "a.csv", "marketing")).status).toBe(403);
  });
});

it("rebuilds passengers, their spaces and their flight legs as they were", async () => {
  const held = await hold();
  const lucia = await register();
  await assign(spacesOf(held)[0]?.id ?? 0, lucia.id);
  await call("POST", "/passengerFlights/createPassengerFlight", { passengerId: lucia.id, cruiseId: ids.june, direction: "outbound", flightId: ids.outbound, date: "2030-06-05" });
  const before = await snapshot(db);
  await rebuildProjections(db);
  expect(await snapshot(db)).toEqual(before);
});
