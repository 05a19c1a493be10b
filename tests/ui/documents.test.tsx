import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CruiseDocument } from "../../src/api/documents.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const manifest = (language: "es" | "en"): CruiseDocument => ({
  document: "passengers",
  language,
  title: language === "es" ? "Lista de pasajeros" : "Passenger list",
  departure: { id: 7, code: "GEX-20270805", yachtName: "Galápagos Explorer", itineraryName: "Norte 4 días", startDate: "2027-08-05", endDate: "2027-08-08" },
  code: "GEX-20270805",
  columns: [
    { label: "N.º", width: 1 },
    { label: language === "es" ? "Pasajero" : "Passenger", width: 4 },
  ],
  sections: [
    { title: language === "es" ? "Cabina 1" : "Cabin 1", rows: [["1", "Andrade, Lucía"], ["2", language === "es" ? "Sin pasajero" : "No passenger"]] },
  ],
  totals: [{ label: language === "es" ? "Pasajeros" : "Passengers", value: "1" }],
  incomplete: [
    { reservationId: 31, reservationCode: "RES-000031", spaceId: 90, cabinName: "1", passengerId: null, passengerName: null, missing: ["passenger"] },
  ] as unknown as CruiseDocument["incomplete"],
  generatedAt: "2027-08-01T12:00:00.000Z",
});

const replies = {
  "GET /api/cruises/7/documents/passengers?lang=es": { status: 200, data: manifest("es") },
  "GET /api/cruises/7/documents/passengers?lang=en": { status: 200, data: manifest("en") },
};

describe("a departure's Passengers tab", () => {
  it("shows the manifest by cabin with the berths to complete linked to their reservation, and reads it in English", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
    const { fetch, calls } = fakeFetch(replies);
    await renderApp("/panel/cruises/7/passengers", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Lista de pasajeros · GEX-20270805" })).toBeDefined();
    const table = screen.getByRole("table", { name: "Lista de pasajeros" });
    expect(within(table).getByRole("rowheader", { name: "Cabina 1" })).toBeDefined();
    expect(within(table).getByRole("cell", { name: "Andrade, Lucía" })).toBeDefined();
    const incomplete = screen.getByRole("region", { name: "Información incompleta" });
    expect(within(incomplete).getByRole("link", { name: "RES-000031" }).getAttribute("href")).toBe("/panel/reservations/31");
    const tabs = screen.getByRole("navigation", { name: "Pestañas de la salida" });
    expect(within(tabs).getAllByRole("link").map((link) => link.textContent)).toEqual(["Reservas", "Editar", "Pasajeros", "Ingala", "Tasa GPS", "Orden de servicios", "Voucher", "Vuelos", "Zarpe"]);
    expect(within(tabs).getByRole("link", { name: "Pasajeros" }).getAttribute("aria-current")).toBe("page");

    await userEvent.selectOptions(screen.getByLabelText("Idioma del documento"), "en");
    expect(await screen.findByRole("table", { name: "Passenger list" })).toBeDefined();
    expect(screen.getByRole("cell", { name: "No passenger" })).toBeDefined();
    // the panel stays in Spanish: only the document changed language
    expect(screen.getByRole("button", { name: "Descargar PDF" })).toBeDefined();
    expect(calls.map((call) => call.url).filter((url) => url.includes("/documents/"))).toEqual([
      "/api/cruises/7/documents/passengers?lang=es",
      "/api/cruises/7/documents/passengers?lang=en",
    ]);
  });

  it("is closed to marketing, who reads the departure but not its documents", async () => {
    storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
    const { fetch } = fakeFetch(replies);
    await renderApp("/panel/cruises/7/passengers", fetch);
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).not.toMatch(/Lista de pasajeros/);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Descargar PDF" })).toBeNull();
  });
});

const voucher: CruiseDocument = {
  ...manifest("en"),
  document: "voucher",
  title: "Voucher RES-000031",
  code: "RES-000031",
  columns: [
    { label: "No.", width: 1 },
    { label: "Passenger", width: 4 },
  ],
  sections: [
    { title: "Reservation", columns: [{ label: "Item", width: 1 }, { label: "Detail", width: 3 }], rows: [["Agency", "Nature Holidays UK"]] },
    { title: "Cabins and passengers", rows: [["1", "Emma Clarke"]] },
    { title: "Included", columns: [{ label: "Detail", width: 1 }], rows: [["All meals aboard, water, coffee and tea"]] },
  ],
  incomplete: [],
};

describe("a reservation's voucher", () => {
  it("opens in its agency's language, a table per kind of section, with sending to the agency for sales", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
    const { fetch, calls } = fakeFetch({ "GET /api/reservations/31/voucher": { status: 200, data: voucher } });
    await renderApp("/panel/reservations/31/voucher", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Voucher · RES-000031" })).toBeDefined();
    // the panel asks for no language: the server answers in the agency's, which the selector then shows
    expect(calls.map((call) => call.url)).toContain("/api/reservations/31/voucher");
    expect((screen.getByLabelText("Idioma del documento") as HTMLSelectElement).value).toBe("en");
    expect(within(screen.getByRole("table", { name: "Reservation" })).getByRole("cell", { name: "Nature Holidays UK" })).toBeDefined();
    expect(screen.getByRole("table", { name: "Cabins and passengers" })).toBeDefined();
    expect(screen.getByRole("table", { name: "Included" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Enviar a la agencia" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Volver a la reserva" }).getAttribute("href")).toBe("/panel/reservations/31");
  });

  it("is read by its agency, which cannot mail it", async () => {
    storeSession({ userName: "Emma Clarke", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch } = fakeFetch({ "GET /api/reservations/31/voucher": { status: 200, data: voucher } });
    await renderApp("/panel/reservations/31/voucher", fetch);
    expect(await screen.findByRole("table", { name: "Reservation" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Descargar PDF" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Enviar a la agencia" })).toBeNull();
  });
});
