import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PassengerRecord } from "../../src/api/passengers.ts";
import { catalogues } from "../../src/records/index.ts";
import { fittingValue } from "../catalogueSamples.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

/** An active item of a catalogue, every detail given a value its rule accepts. */
const catalogueItem = (resource: string, id: number, name: string) => {
  const catalogue = catalogues.find((declared) => declared.api.resource === resource);
  if (catalogue === undefined) throw new Error(`no catalogue '${resource}'`);
  return { id, name, active: true, version: 1, ...Object.fromEntries(catalogue.api.details.map((detail) => [detail.name, fittingValue(detail, 1)])) };
};

const lucia = {
  id: 5,
  firstName: "Lucía",
  lastName: "Paredes",
  identificationTypeId: 1,
  identificationTypeName: "Pasaporte",
  identification: "LP1234",
  birthday: "1985-04-12",
  countryId: 1,
  countryName: "Ecuador",
  countryEnglishName: "Ecuador",
  gender: "female",
  maritalStatus: null,
  email: "",
  agencyId: 3,
  agencyName: "Cuenca Travel",
  vegetarian: false,
  glutenFree: false,
  wetsuitSize: null,
  medical: "",
  requirements: "",
  transfers: "",
  payments: "",
  notes: "",
  version: 1,
  cruises: [
    {
      spaceId: 90,
      spaceState: "reserved",
      reservationId: 31,
      reservationCode: "RES-000031",
      cruiseId: 7,
      cruiseCode: "GEX-20270805",
      yachtName: "Galápagos Explorer",
      startDate: "2027-08-05",
      endDate: "2027-08-08",
      cabinName: "3",
      genderName: "Female Adult",
      flights: [],
    },
  ],
} as unknown as PassengerRecord;

const flight = { ...catalogueItem("flights", 4, "AV1630"), origin: "UIO", destination: "GPS" };

describe("a passenger's page", () => {
  it("offers a leg only once the passenger's form has its record, so nothing typed into the leg is wiped by that read", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
    // the first read of the passenger (the form's) is held until the test lets it go; later ones answer at once
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const { fetch, calls } = fakeFetch({
      "GET /api/passengers/5": async () => {
        reads += 1;
        if (reads === 1) await held;
        return { status: 200, data: lucia };
      },
      "GET /api/flights": { status: 200, data: [flight] },
      "GET /api/identificationTypes": { status: 200, data: [catalogueItem("identificationTypes", 1, "Pasaporte")] },
      "GET /api/countries": { status: 200, data: [catalogueItem("countries", 1, "Ecuador")] },
      "GET /api/agencies": { status: 200, data: [catalogueItem("agencies", 3, "Cuenca Travel")] },
    });
    await renderApp("/panel/passengers/5", fetch);
    await waitFor(() => expect(reads).toBeGreaterThan(0));
    // whatever else the page reads meanwhile, no departure is offered while the form waits
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("form", { name: "Agregar tramo" })).toBeNull();

    release();
    const leg = await screen.findByRole("form", { name: "Agregar tramo" });
    expect(screen.getByRole("link", { name: "GEX-20270805 · Galápagos Explorer" })).toBeDefined();
    await userEvent.selectOptions(within(leg).getByRole("combobox", { name: "Vuelo" }), "4");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((within(screen.getByRole("form", { name: "Agregar tramo" })).getByRole("combobox", { name: "Vuelo" }) as HTMLSelectElement).value).toBe("4");
    expect(calls.filter((call) => call.url === "/api/passengers/5")).toHaveLength(2);
  });
});
