import { join } from "node:path";
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { dataOf, request, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 18, item 1 (the Passengers tab): a departure's manifest by cabin, as content for the
 * screen and as PDF and XLSX files read back here, in Spanish and English, with the berths sold
 * without a passenger listed as incomplete; admin and sales only.
 */
const db = testDatabase();
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
let cruiseId = 0;
let reservationCode = "";
let emptySpace = 0;
const passengerIds = { lucia: 0, jorge: 0 };

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });

/** The raw answer of a file download. */
const download = async (query: string, role: RoleName = "sales") =>
  fetch(`${server.base}/api/cruises/${cruiseId}/documents/passengers?${query}`, { headers: { authorization: `Bearer ${tokens.get(role)}` } });

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

/**
 * A June departure of the Galápagos Explorer: one reservation holding cabin 1 for a man and a
 * woman, both seated, and cabin 3 for a woman not seated yet.
 */
beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  const created = await call(
    "POST",
    "/cruises/createCruise",
    { yachtId: await idNamed("yachts", "Galápagos Explorer"), cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"), startDate: "2030-06-06", guideIds: [await idNamed("guides", "Juan")] },
    "admin",
  );
  expect(created.status, created.text).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  cruiseId = june?.id ?? 0;
  const cabins = dataOf(await call("GET", `/cruises/${cruiseId}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  const cabin = (name: string) => cabins.find((found) => found.name === name)?.id ?? 0;
  const [male, female] = [await idNamed("genders", "Hombre adulto"), await idNamed("genders", "Mujer adulta")];
  const held = await call("POST", "/reservations/createReservation", {
    cruiseId,
    agencyId: await idNamed("agencies", "Cuenca Travel"),
    type: "general",
    cabins: [
      { cabinId: cabin("1"), spaces: [{ genderId: male }, { genderId: female }] },
      { cabinId: cabin("3"), spaces: [{ genderId: female }] },
    ],
  });
  expect(held.status, held.text).toBe(200);
  const { id } = dataOf(held) as { id: number };
  const reservation = dataOf(await call("GET", `/reservations/${id}`)) as {
    code: string;
    bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ id: number; genderId: number }> }>;
  };
  reservationCode = reservation.code;
  const [firstCabin, secondCabin] = reservation.bookings;
  const person = async (fields: Record<string, unknown>) => {
    const answer = await call("POST", "/passengers/createPassenger", {
      identificationTypeId: await idNamed("identification_types", "Pasaporte"),
      maritalStatus: "married",
      ...fields,
    });
    expect(answer.status, answer.text).toBe(200);
    return (dataOf(answer) as { id: number }).id;
  };
  const lucia = await person({
    firstName: "Lucía",
    lastName: "Andrade",
    identification: "AB123456",
    birthday: "1985-04-12",
    countryId: await idNamed("countries", "Estados Unidos"),
    gender: "female",
    vegetarian: true,
    medical: "Alergia a la penicilina",
  });
  const jorge = await person({
    firstName: "Jorge",
    lastName: "Mena",
    identificationTypeId: await idNamed("identification_types", "Cédula de identidad"),
    identification: "1712345678",
    birthday: "1980-06-07",
    countryId: await idNamed("countries", "Ecuador"),
    gender: "male",
    maritalStatus: null,
  });
  Object.assign(passengerIds, { lucia, jorge });
  for (const space of firstCabin?.spaces ?? []) {
    const answer = await call("PUT", `/spaces/assignPassenger/${space.id}`, { passengerId: space.genderId === male ? jorge : lucia });
    expect(answer.status, answer.text).toBe(200);
  }
  emptySpace = secondCabin?.spaces[0]?.id ?? 0;
});

interface Manifest {
  readonly title: string;
  readonly departure: { readonly code: string; readonly yachtName: string; readonly startDate: string };
  readonly columns: ReadonlyArray<{ readonly label: string }>;
  readonly sections: ReadonlyArray<{ readonly title: string; readonly rows: ReadonlyArray<ReadonlyArray<string>> }>;
  readonly totals: ReadonlyArray<{ readonly label: string; readonly value: string }>;
  readonly incomplete: ReadonlyArray<{
    readonly reservationCode: string;
    readonly spaceId: number;
    readonly cabinName: string;
    readonly passengerId: number | null;
    readonly passengerName: string | null;
    readonly missing: ReadonlyArray<string>;
  }>;
}

const manifest = async (query = "", role: RoleName = "sales"): Promise<Manifest> => {
  const answer = await call("GET", `/cruises/${cruiseId}/documents/passengers${query}`, undefined, role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as Manifest;
};

/** pdf.js reads PDF's standard fonts' widths from its own files. */
const standardFonts = `${join(import.meta.dirname, "..", "..", "node_modules", "pdfjs-dist", "standard_fonts")}/`;

const pdfText = async (bytes: Uint8Array): Promise<{ readonly pages: number; readonly text: string }> => {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: standardFonts }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  // pdf.js answers words and the blanks between them as separate items
  return { pages: pdf.numPages, text: texts.join(" ").replace(/\s+/g, " ") };
};

describe("the passengers' manifest", () => {
  it("lists every sold berth by cabin with its passenger's data, and the berths without one as incomplete", async () => {
    const spanish = await manifest();
    expect(spanish.title).toBe("Lista de pasajeros");
    expect(spanish.departure).toMatchObject({ yachtName: "Galápagos Explorer", startDate: "2030-06-06" });
    expect(spanish.columns.map((column) => column.label)).toEqual([
      "N.º",
      "Pasajero",
      "Identificación",
      "Nacionalidad",
      "Sexo",
      "Nacimiento (edad)",
      "Reserva",
      "Espacio",
      "Dieta",
      "Notas médicas",
    ]);
    expect(spanish.sections.map((section) => section.title)).toEqual(["Cabina 1", "Cabina 3"]);
    expect(spanish.sections[0]?.rows).toEqual([
      ["1", "Mena, Jorge", "Cédula de identidad 1712345678", "Ecuador", "Masculino", "07/06/1980 (49 años)", reservationCode, "Hombre adulto", "", ""],
      ["2", "Andrade, Lucía", "Pasaporte AB123456", "Estados Unidos", "Femenino", "12/04/1985 (45 años)", reservationCode, "Mujer adulta", "Vegetariano", "Alergia a la penicilina"],
    ]);
    expect(spanish.sections[1]?.rows).toEqual([["3", "Sin pasajero", "", "", "", "", reservationCode, "Mujer adulta", "", ""]]);
    expect(spanish.totals).toEqual([
      { label: "Pasajeros", value: "2" },
      { label: "Plazas sin pasajero", value: "1" },
    ]);
    expect(spanish.incomplete).toEqual([
      expect.objectContaining({ reservationCode, spaceId: emptySpace, cabinName: "3", passengerId: null, missing: ["passenger"] }),
    ]);

    const english = await manifest("?lang=en");
    expect(english.title).toBe("Passenger list");
    expect(english.sections[0]?.rows[1]?.slice(1, 6)).toEqual(["Andrade, Lucía", "Passport AB123456", "United States", "Female", "12/04/1985 (45 years)"]);
    expect(english.incomplete).toEqual(spanish.incomplete);
  });

  it("leaves out canceled berths", async () => {
    const canceled = await call("PUT", `/spaces/cancelSpace/${emptySpace}`, { reason: "El cliente viaja solo" });
    expect(canceled.status, canceled.text).toBe(200);
    const document = await manifest();
    expect(document.sections.map((section) => section.title)).toEqual(["Cabina 1"]);
    expect(document.incomplete).toEqual([]);
  });

  it("downloads as XLSX with the same rows", async () => {
    const answer = await download("format=xlsx");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const { departure } = await manifest();
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="passengers-${departure.code}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? "")));
    });
    expect(rows[0]).toEqual(["Lista de pasajeros"]);
    expect(rows).toContainEqual(["2", "Andrade, Lucía", "Pasaporte AB123456", "Estados Unidos", "Femenino", "12/04/1985 (45 años)", reservationCode, "Mujer adulta", "Vegetariano", "Alergia a la penicilina"]);
    expect(rows).toContainEqual(["Pasajeros", "2"]);
    expect(rows.some((row) => row[0]?.includes(`${reservationCode} · cabina 3: falta pasajero`))).toBe(true);
  });

  it("downloads as a PDF with the title, the departure, every passenger and the page numbers, in English too", async () => {
    const answer = await download("format=pdf&lang=en");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const { pages, text } = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(pages).toBe(1);
    const { departure } = await manifest();
    for (const expected of ["Passenger list", `Departure ${departure.code}`, "Galápagos Explorer", "Andrade, Lucía", "Mena, Jorge", "United States", "No passenger", "Page 1 of 1", "Incomplete information"]) {
      expect(text).toContain(expected);
    }
  });

  it("is read by admin and sales only, and answers 404 for a departure that does not exist", async () => {
    const before = await snapshot(db);
    expect((await call("GET", `/cruises/${cruiseId}/documents/passengers`, undefined, "admin")).status).toBe(200);
    for (const role of ["marketing", "agency"] as const) {
      const answer = await call("GET", `/cruises/${cruiseId}/documents/passengers`, undefined, role);
      expect([role, answer.status, dataOf(answer)]).toEqual([role, 403, messages.forbidden]);
    }
    expect((await call("GET", "/cruises/999999/documents/passengers")).status).toBe(404);
    expect((await call("GET", `/cruises/${cruiseId}/documents/manifesto`)).status).toBe(400);
    expect((await call("GET", `/cruises/${cruiseId}/documents/passengers?format=docx`)).status).toBe(400);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("the Ingala list", () => {
  it("gives every passenger aboard a transit card with their flights and lodging at US$20, and lists what each lacks", async () => {
    // the outbound flies to the islands, the return home (issue 37 item 8)
    const flightIds = { outbound: await idNamed("flights", "AV1630"), return: await idNamed("flights", "AV1631") };
    for (const [direction, date] of [["outbound", "2030-06-06"], ["return", "2030-06-09"]] as const) {
      const flightId = flightIds[direction];
      const booked = await call("POST", "/passengerFlights/createPassengerFlight", { passengerId: passengerIds.lucia, cruiseId, direction, flightId, date, time: "07:30" });
      expect(booked.status, booked.text).toBe(200);
    }
    const answer = await call("GET", `/cruises/${cruiseId}/documents/ingala`);
    expect(answer.status, answer.text).toBe(200);
    const document = dataOf(answer) as Manifest;
    expect(document.title).toBe("Tarjetas de control de tránsito (Ingala)");
    expect(document.columns.map((column) => column.label)).toEqual([
      "N.º",
      "Pasajero",
      "Identificación",
      "Nacionalidad",
      "Estado civil",
      "Sexo",
      "Nacimiento (edad)",
      "Vuelo de llegada",
      "Vuelo de salida",
      "Alojamiento",
    ]);
    const lodging = "Galápagos Explorer";
    expect(document.sections).toEqual([
      {
        title: "Pasajeros a bordo",
        rows: [
          ["1", "Mena, Jorge", "Cédula de identidad 1712345678", "Ecuador", "", "Masculino", "07/06/1980 (49 años)", "", "", lodging],
          ["2", "Andrade, Lucía", "Pasaporte AB123456", "Estados Unidos", "Casado(a)", "Femenino", "12/04/1985 (45 años)", "AV1630 · 06/06/2030 07:30", "AV1631 · 09/06/2030 07:30", lodging],
        ],
      },
    ]);
    expect(document.totals).toEqual([
      { label: "Tarjetas", value: "2" },
      { label: "Valor por tarjeta", value: "US$ 20,00" },
      { label: "Total", value: "US$ 40,00" },
    ]);
    expect(document.incomplete.map((berth) => [berth.cabinName, berth.passengerId, berth.passengerName, berth.missing])).toEqual([
      ["3", null, null, ["passenger"]],
      ["1", passengerIds.jorge, "Jorge Mena", ["maritalStatus", "outboundFlight", "returnFlight"]],
    ]);
    const pdf = await fetch(`${server.base}/api/cruises/${cruiseId}/documents/ingala?format=pdf`, { headers: { authorization: `Bearer ${tokens.get("admin")}` } });
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of ["Tarjetas de control de tránsito (Ingala)", "Andrade, Lucía", "AV1630 · 06/06/2030 07:30", "US$ 40,00", "falta estado civil, vuelo de llegada, vuelo de salida"]) {
      expect(text).toContain(expected);
    }
  });
});

describe("the GPS tax list", () => {
  it("charges each passenger their space type's fee for their class, with the totals per class and the migratory cards", async () => {
    // a Colombian in cabin 3: the Andean Community's fee
    const answer = await call("POST", "/passengers/createPassenger", {
      firstName: "Camila",
      lastName: "Rojas",
      identificationTypeId: await idNamed("identification_types", "Pasaporte"),
      identification: "CO778899",
      birthday: "1990-02-03",
      countryId: await idNamed("countries", "Colombia"),
      gender: "female",
    });
    expect(answer.status, answer.text).toBe(200);
    const seated = await call("PUT", `/spaces/assignPassenger/${emptySpace}`, { passengerId: (dataOf(answer) as { id: number }).id });
    expect(seated.status, seated.text).toBe(200);

    const document = dataOf(await call("GET", `/cruises/${cruiseId}/documents/gpsTax`)) as Manifest;
    expect(document.title).toBe("Tasa de ingreso al Parque Nacional Galápagos");
    expect(document.sections[0]?.rows.map((row) => row.slice(1))).toEqual([
      ["Mena, Jorge", "Cédula de identidad 1712345678", "Ecuador", "Hombre adulto", "Nacional", "US$ 30,00"],
      ["Andrade, Lucía", "Pasaporte AB123456", "Estados Unidos", "Mujer adulta", "Extranjero", "US$ 200,00"],
      ["Rojas, Camila", "Pasaporte CO778899", "Colombia", "Mujer adulta", "Pacto Andino", "US$ 100,00"],
    ]);
    expect(document.totals).toEqual([
      { label: "Nacional (1)", value: "US$ 30,00" },
      { label: "Pacto Andino (1)", value: "US$ 100,00" },
      { label: "Extranjero (1)", value: "US$ 200,00" },
      { label: "Total de tasas del parque", value: "US$ 330,00" },
      { label: "Tarjetas migratorias (3 × US$ 20,00)", value: "US$ 60,00" },
      { label: "Total", value: "US$ 390,00" },
    ]);
    expect(document.incomplete).toEqual([]);

    // the fees are data: the park's new foreign fee is what the next list charges
    const femaleId = await idNamed("genders", "Mujer adulta");
    const { id: _, active: __, ...gender } = dataOf(await call("GET", `/genders/${femaleId}`, undefined, "admin")) as Record<string, unknown>;
    const updated = await call("PUT", `/genders/updateGender/${femaleId}`, { ...gender, gpsTaxForeign: 250 }, "admin");
    expect(updated.status, updated.text).toBe(200);
    const english = dataOf(await call("GET", `/cruises/${cruiseId}/documents/gpsTax?lang=en`)) as Manifest;
    expect(english.sections[0]?.rows[1]?.slice(4)).toEqual(["Female Adult", "Foreign", "US$ 250.00"]);
    expect(english.totals.at(-1)).toEqual({ label: "Total", value: "US$ 440.00" });
  });
});

describe("the flights report", () => {
  it("lists every passenger's legs by arrival and is drawn as a file only once no leg is missing", async () => {
    const book = async (passengerId: number, direction: "outbound" | "return", flight: string, date: string, time: string) => {
      const answer = await call("POST", "/passengerFlights/createPassengerFlight", {
        passengerId,
        cruiseId,
        direction,
        flightId: await idNamed("flights", flight),
        date,
        time,
      });
      expect(answer.status, answer.text).toBe(200);
    };
    await book(passengerIds.lucia, "outbound", "AV1630", "2030-06-06", "07:30");
    await book(passengerIds.lucia, "return", "AV1631", "2030-06-09", "12:25");

    const report = dataOf(await call("GET", `/cruises/${cruiseId}/documents/flights`)) as Manifest;
    expect(report.sections[0]?.rows).toEqual([
      ["1", "Andrade, Lucía", "1", reservationCode, "AV1630 · UIO → GPS", "06/06/2030 07:30", "AV1631 · GPS → UIO", "09/06/2030 12:25"],
      ["2", "Mena, Jorge", "1", reservationCode, "", "", "", ""],
    ]);
    expect(report.incomplete.map((berth) => [berth.cabinName, berth.passengerId, berth.missing])).toEqual([
      ["3", null, ["passenger"]],
      ["1", passengerIds.jorge, ["outboundFlight", "returnFlight"]],
    ]);
    const file = (format: string) =>
      fetch(`${server.base}/api/cruises/${cruiseId}/documents/flights?format=${format}`, { headers: { authorization: `Bearer ${tokens.get("sales")}` } });
    for (const format of ["pdf", "xlsx"]) {
      const refused = await file(format);
      expect([refused.status, ((await refused.json()) as { data: string }).data]).toEqual([409, messages.reportNotGenerated]);
    }

    await book(passengerIds.jorge, "outbound", "AV1630", "2030-06-06", "07:30");
    await book(passengerIds.jorge, "return", "AV1631", "2030-06-09", "12:25");
    const canceled = await call("PUT", `/spaces/cancelSpace/${emptySpace}`, { reason: "Viaja solo" });
    expect(canceled.status, canceled.text).toBe(200);
    const complete = dataOf(await call("GET", `/cruises/${cruiseId}/documents/flights`)) as Manifest;
    expect(complete.incomplete).toEqual([]);
    expect(complete.totals).toEqual([
      { label: "AV1630 · UIO → GPS · 06/06/2030 07:30", value: "2 pasajeros" },
      { label: "AV1631 · GPS → UIO · 09/06/2030 12:25", value: "2 pasajeros" },
    ]);
    const drawn = await file("pdf");
    expect(drawn.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await drawn.arrayBuffer()));
    expect(text).toContain("Vuelos de los pasajeros");
    expect(text).toContain("Mena, Jorge");
  });
});

describe("the services' order", () => {
  it("names who serves the departure and, by cabin, each passenger's diet, wetsuit, notes, transfers and arrival flight", async () => {
    const guide = await idNamed("guides", "Diego");
    const changed = await call("PUT", `/passengers/updatePassenger/${passengerIds.lucia}`, {
      ...(dataOf(await call("GET", `/passengers/${passengerIds.lucia}`)) as Record<string, unknown>),
      wetsuitSize: "M",
      requirements: "Cama baja",
      transfers: "Hotel Finch Bay",
    });
    expect(changed.status, changed.text).toBe(200);
    const departure = dataOf(await call("GET", `/cruises/${cruiseId}`)) as Record<string, unknown>;
    const updated = await call("PUT", `/cruises/updateCruise/${cruiseId}`, { ...departure, guideIds: [guide], hotelierId: await idNamed("hoteliers", "Servicios Hoteleros Santa Cruz") }, "admin");
    expect(updated.status, updated.text).toBe(200);
    const flightId = await idNamed("flights", "AV1630");
    const booked = await call("POST", "/passengerFlights/createPassengerFlight", { passengerId: passengerIds.lucia, cruiseId, direction: "outbound", flightId, date: "2030-06-06", time: "07:30" });
    expect(booked.status, booked.text).toBe(200);

    const order = dataOf(await call("GET", `/cruises/${cruiseId}/documents/servicesOrder`)) as Manifest & {
      readonly sections: ReadonlyArray<{ readonly columns?: ReadonlyArray<{ readonly label: string }> }>;
    };
    expect(order.title).toBe("Orden de servicios");
    const [service, firstCabin] = order.sections;
    expect(service?.columns?.map((column) => column.label)).toEqual(["Dato", "Detalle"]);
    expect(service?.rows).toContainEqual(["Hotelero", "Servicios Hoteleros Santa Cruz"]);
    expect(service?.rows.find((row) => row[0] === "Guías")?.[1]).toMatch(/^Diego /);
    expect(firstCabin?.rows).toEqual([
      ["1", "Mena, Jorge", "Hombre adulto", "", "", "", "", "", ""],
      ["2", "Andrade, Lucía", "Mujer adulta", "Vegetariano", "M", "Alergia a la penicilina", "Cama baja", "Hotel Finch Bay", "AV1630 · 06/06/2030 07:30"],
    ]);
    expect(order.totals).toEqual([
      { label: "Pasajeros", value: "2" },
      { label: "Vegetariano", value: "1" },
      { label: "Sin gluten", value: "0" },
      { label: "Traje de neopreno", value: "M × 1" },
    ]);
    // the hotelier waits at the airport for an arrival flight: Jorge has none, cabin 3 no passenger
    expect(order.incomplete.map((berth) => [berth.cabinName, berth.passengerName, berth.missing])).toEqual([
      ["3", null, ["passenger"]],
      ["1", "Jorge Mena", ["outboundFlight"]],
    ]);
  });
});

describe("the zarpe", () => {
  it("lists the yacht, its captain, crew, guides and itinerary, and every passenger aboard with the persons in all", async () => {
    const yacht = await idNamed("yachts", "Galápagos Explorer");
    const [page] = await db.query<{ version: number }>("select version from yacht_pages where yacht_id = $1 and page = 'crews_on_board'", [yacht]);
    const crew = await request(server, "PUT", `/api/yachts/updateYachtPage/${yacht}/crews_on_board`, {
      token: tokens.get("admin") ?? "",
      body: {
        version: page?.version ?? 0,
        captain: await idNamed("captains", "Fausto"),
        crew: [
          { name: "Luis Andrade", role: "Marinero", nationality: await idNamed("countries", "Ecuador") },
          { name: "Pedro Loor", role: "Chef", nationality: await idNamed("countries", "Ecuador") },
        ],
      },
    });
    expect(crew.status, crew.text).toBe(200);
    const zarpe = dataOf(await call("GET", `/cruises/${cruiseId}/documents/zarpe?lang=en`)) as Manifest;
    expect(zarpe.title).toBe("Zarpe: crew and passenger list");
    expect(zarpe.sections.map((section) => section.title)).toEqual(["Vessel", "Crew", "Guides", "Itinerary", "Passengers aboard"]);
    const [vessel, crewSection, , itinerary, aboard] = zarpe.sections;
    expect(vessel?.rows[0]).toEqual(["Yacht", "Galápagos Explorer"]);
    expect(vessel?.rows[1]?.[1]).toMatch(/^Fausto /);
    expect(crewSection?.rows).toEqual([
      ["1", "Luis Andrade", "Marinero", "Ecuador"],
      ["2", "Pedro Loor", "Chef", "Ecuador"],
    ]);
    expect(itinerary?.rows.length).toBeGreaterThan(0);
    expect(aboard?.rows.map((row) => row[1])).toEqual(["Mena, Jorge", "Andrade, Lucía"]);
    expect(zarpe.totals.find((total) => total.label === "Persons aboard")?.value).toBe(String(2 + 2 + (zarpe.sections[2]?.rows.length ?? 0)));
    expect(zarpe.incomplete.map((berth) => berth.spaceId)).toEqual([emptySpace]);
  });

  it("downloads as XLSX, its sheet named without the colon a sheet's name may not hold", async () => {
    const answer = await fetch(`${server.base}/api/cruises/${cruiseId}/documents/zarpe?format=xlsx`, { headers: { authorization: `Bearer ${tokens.get("sales")}` } });
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Zarpe  lista de tripulantes y p"]);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe("Zarpe: lista de tripulantes y pasajeros");
  });
});

describe("the voucher", () => {
  const reservationId = async () => {
    const [row] = await db.query<{ id: number }>("select id from reservations where code = $1", [reservationCode]);
    return row?.id ?? 0;
  };

  it("shows the reservation, its cabins and passengers, flights, terms, price and bank data in the agency's language", async () => {
    const id = await reservationId();
    const spanish = dataOf(await call("GET", `/reservations/${id}/voucher`)) as Manifest & { readonly language: string };
    expect(spanish.language).toBe("es");
    expect(spanish.title).toBe(`Voucher ${reservationCode}`);
    const [summary, cabins] = spanish.sections;
    expect(summary?.rows).toContainEqual(["Agencia", "Cuenca Travel"]);
    expect(summary?.rows).toContainEqual(["Pasajero principal", "Jorge Mena"]);
    expect(summary?.rows).toContainEqual(["Estado", "Bloqueada"]);
    expect(cabins?.rows.map((row) => row.slice(1, 4))).toEqual([
      ["1", "Hombre adulto", "Jorge Mena"],
      ["1", "Mujer adulta", "Lucía Andrade"],
      ["3", "Mujer adulta", "Sin pasajero"],
    ]);
    const reservation = dataOf(await call("GET", `/reservations/${id}`)) as { price: { total: number } };
    expect(reservation.price.total).toBeGreaterThan(0);
    expect(spanish.totals[0]?.label).toBe("Total");
    expect(spanish.totals[0]?.value.replace(/\D/g, "")).toBe(String(Math.round(reservation.price.total * 100)));
    expect(spanish.sections.map((section) => section.title)).toContain("Datos bancarios");
    expect(spanish.incomplete.map((berth) => berth.spaceId)).toEqual([emptySpace]);

    // an agency that reads English gets its vouchers in English unless another language is asked for
    const agency = await idNamed("agencies", "Cuenca Travel");
    await db.query("update agencies set details = details || '{\"language\": \"en\"}' where id = $1", [agency]);
    const english = dataOf(await call("GET", `/reservations/${id}/voucher`)) as Manifest & { readonly language: string };
    expect([english.language, english.title, english.sections[0]?.title]).toEqual(["en", `Voucher ${reservationCode}`, "Reservation"]);
    expect((dataOf(await call("GET", `/reservations/${id}/voucher?lang=es`)) as { language: string }).language).toBe("es");
  });

  it("downloads as a PDF naming the reservation, its passengers and what is included", async () => {
    const id = await reservationId();
    const answer = await fetch(`${server.base}/api/reservations/${id}/voucher?format=pdf`, { headers: { authorization: `Bearer ${tokens.get("sales")}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="voucher-${reservationCode}.pdf"`);
    const { pages, text } = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const expected of [`Voucher ${reservationCode}`, "Cuenca Travel", "Jorge Mena", "Lucía Andrade", "Incluye", "No incluye", "Banco del Pichincha", `Página 1 de ${pages}`]) {
      expect(text).toContain(expected);
    }
  });

  it("is mailed as a PDF to its agency, and refused with nothing sent for a direct client", async () => {
    const id = await reservationId();
    const sent = await call("POST", `/reservations/sendVoucher/${id}`);
    expect(sent.status, sent.text).toBe(200);
    const [agency] = await db.query<{ email: string }>("select details->>'email' as email from agencies where name = 'Cuenca Travel'");
    expect(dataOf(sent)).toEqual({ to: agency?.email, language: "es" });
    const [mail] = await db.query<{ to: string; subject: string; attachments: ReadonlyArray<{ filename: string; contentType: string; base64: string }> }>(
      'select "to", subject, attachments from outbox order by id desc limit 1',
    );
    expect(mail?.to).toBe(agency?.email);
    expect(mail?.subject).toContain(reservationCode);
    expect(mail?.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`voucher-${reservationCode}.pdf`, "application/pdf"]]);
    const { text } = await pdfText(new Uint8Array(Buffer.from(mail?.attachments[0]?.base64 ?? "", "base64")));
    expect(text).toContain(`Voucher ${reservationCode}`);

    const cabins = dataOf(await call("GET", `/cruises/${cruiseId}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
    const direct = await call("POST", "/reservations/createReservation", {
      cruiseId,
      agencyId: null,
      type: "general",
      cabins: [{ cabinId: cabins.find((cabin) => cabin.name === "4")?.id ?? 0, spaces: [{ genderId: await idNamed("genders", "Hombre adulto") }] }],
    });
    expect(direct.status, direct.text).toBe(200);
    const before = await snapshot(db);
    const refused = await call("POST", `/reservations/sendVoucher/${(dataOf(direct) as { id: number }).id}`);
    expect([refused.status, dataOf(refused)]).toEqual([409, messages.voucherWithoutRecipient]);
    expect(await snapshot(db)).toEqual(before);
  });

  it("is read by staff who sell and by its own agency only", async () => {
    const id = await reservationId();
    expect((await call("GET", `/reservations/${id}/voucher`, undefined, "admin")).status).toBe(200);
    const marketing = await call("GET", `/reservations/${id}/voucher`, undefined, "marketing");
    expect([marketing.status, dataOf(marketing)]).toEqual([403, messages.forbidden]);
    // the test's agency user belongs to another agency than Cuenca Travel's reservation
    const [agencyUser] = await db.query<{ agency_id: number | null }>("select agency_id from users where email = 'agency@example.com'");
    const cuenca = await idNamed("agencies", "Cuenca Travel");
    expect(agencyUser?.agency_id).not.toBe(cuenca);
    expect((await call("GET", `/reservations/${id}/voucher`, undefined, "agency")).status).toBe(404);
    const agencyMail = await call("POST", `/reservations/sendVoucher/${id}`, undefined, "agency");
    expect([agencyMail.status, dataOf(agencyMail)]).toEqual([403, messages.forbidden]);
    await db.query("update users set agency_id = $1 where email = 'agency@example.com'", [cuenca]);
    expect((await call("GET", `/reservations/${id}/voucher`, undefined, "agency")).status).toBe(200);
    expect((await call("GET", "/reservations/999999/voucher")).status).toBe(404);
  });
});
