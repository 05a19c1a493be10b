import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Cruise } from "../../src/api/cruises.ts";
import { CruiseId } from "../../src/api/ids.ts";
import { RecordVersion } from "../../src/api/versions.ts";
import { catalogues } from "../../src/records/index.ts";
import { fittingValue } from "../catalogueSamples.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const cruise: Cruise = {
  id: CruiseId.make(7),
  code: "GEX-20270304",
  yachtId: 1,
  yachtName: "Galápagos Explorer",
  yachtColour: "#1e6091",
  cruiseItineraryId: 2,
  cruiseItineraryName: "Norte 5 días",
  days: 5,
  nights: 4,
  startDate: "2027-03-04",
  endDate: "2027-03-08",
  guideIds: [],
  languageIds: [],
  captainId: null,
  hotelierId: null,
  notes: "",
  state: "scheduled",
  cancelReason: null,
  availability: { capacity: 16, held: 2, confirmed: 0, waiting: 0, free: 14, status: "available" },
  version: RecordVersion.make(1),
};

const replies = {
  "GET /api/cruises?from=2027-03-01&to=2027-03-31&pageSize=200": { status: 200, data: [cruise] },
  "GET /api/yachts": { status: 200, data: [] },
  "GET /api/cruiseItineraries": { status: 200, data: [] },
};

/** The calendar's departure on its first day: the link and the buttons in that day's cell. */
const departureDay = async () => {
  // the first visit of a file fetches the panel's lazy screens cold, slower than findBy's default second
  const calendar = await screen.findByRole("list", { name: /^Salidas de marzo de 2027$/i }, { timeout: 10_000 });
  const day = within(calendar).getByText("Galápagos Explorer").closest("li");
  if (day === null) throw new Error("the departure's day");
  return day;
};

describe("the departures' calendar", () => {
  it("opens a departure's berth plan and reservations on a click, and gives admins its edit form as a button", async () => {
    storeSession({ userName: "Ana Admin", token: "t0k3n", role: "admin", id: userId(1) });
    const { fetch } = fakeFetch(replies);
    await renderApp("/panel/cruises?month=2027-03", fetch);
    const day = await departureDay();
    const [plan, edit] = within(day).getAllByRole("link");
    expect(plan?.getAttribute("href")).toBe("/panel/cruises/7/reservations");
    expect(plan?.textContent).toContain("Norte 5 días");
    expect(edit?.getAttribute("href")).toBe("/panel/cruises/7/edit");
    expect(edit?.getAttribute("aria-label")).toBe("Editar la salida GEX-20270304");
  });

  it("gives sales the departure's page and no edit button", async () => {
    storeSession({ userName: "Vera Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch } = fakeFetch(replies);
    await renderApp("/panel/cruises?month=2027-03", fetch);
    const links = within(await departureDay()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/panel/cruises/7/reservations"]);
  });
});

describe("a month without departures", () => {
  it("says so, names the next departure's day and shows its month on a click (the last days of a month after the demo's start)", async () => {
    storeSession({ userName: "Vera Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      ...replies,
      "GET /api/cruises?from=2027-02-01&to=2027-02-28&pageSize=200": { status: 200, data: [] },
      "GET /api/cruises?from=2027-03-01&state=scheduled&pageSize=1": { status: 200, data: [cruise] },
    });
    await renderApp("/panel/cruises?month=2027-02", fetch);
    const note = await screen.findByText(/No hay salidas en este mes/, {}, { timeout: 10_000 });
    expect(note.textContent).toBe("No hay salidas en este mes. La próxima sale el 04/03/2027. Ver marzo de 2027");
    await userEvent.click(screen.getByRole("button", { name: "Ver marzo de 2027" }));
    await departureDay();
    expect(window.location.search).toBe("?month=2027-03");
    expect(screen.queryByText(/No hay salidas en este mes/)).toBeNull();
    expect(calls.filter(({ url }) => url.includes("pageSize=1"))).toHaveLength(1);
  });

  it("only says so when no departure follows", async () => {
    storeSession({ userName: "Vera Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch } = fakeFetch({
      ...replies,
      "GET /api/cruises?from=2027-02-01&to=2027-02-28&pageSize=200": { status: 200, data: [] },
      "GET /api/cruises?from=2027-03-01&state=scheduled&pageSize=1": { status: 200, data: [] },
    });
    await renderApp("/panel/cruises?month=2027-02", fetch);
    const note = await screen.findByText("No hay salidas en este mes.", {}, { timeout: 10_000 });
    expect(within(note).queryByRole("button")).toBeNull();
  });
});

describe("the departures' table on the one list engine", () => {
  it("shows the address's month, yacht and state in their controls after a reload, sorts on the server by a header, and ticks a departure", async () => {
    storeSession({ userName: "Ana Admin", token: "t0k3n", role: "admin", id: userId(1) });
    const declared = catalogues.find((catalogue) => catalogue.api.resource === "yachts");
    const yacht = (id: number, name: string) => ({
      id,
      name,
      active: true,
      version: 1,
      capacity: 16,
      ...Object.fromEntries((declared?.api.details ?? []).map((detail) => [detail.name, fittingValue(detail, 1)])),
    });
    const yachts = [yacht(1, "Galápagos Explorer"), yacht(2, "Sea Lion")];
    const { fetch, calls } = fakeFetch({
      ...replies,
      "GET /api/yachts": { status: 200, data: yachts },
      "GET /api/cruises?from=2027-03-01&to=2027-03-31&pageSize=200&yachtId=2": { status: 200, data: [cruise] },
      "GET /api/cruises?from=2027-03-01&to=2027-03-31&yachtId=2&state=scheduled&page=1&pageSize=20": { status: 200, data: [cruise] },
      "GET /api/cruises?from=2027-03-01&to=2027-03-31&yachtId=2&state=scheduled&sort=free&order=asc&page=1&pageSize=20": { status: 200, data: [cruise] },
    });
    await renderApp("/panel/cruises?month=2027-03&yacht=2&state=scheduled&view=list", fetch);
    await screen.findByRole("link", { name: "GEX-20270304" }, { timeout: 10_000 });
    await waitFor(() => expect((screen.getByLabelText("Yate") as HTMLSelectElement).value).toBe("2"));
    expect((screen.getByLabelText("Mes") as HTMLInputElement).value).toBe("2027-03");
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("scheduled");
    const row = screen.getByRole("row", { name: /GEX-20270304/ });
    expect(within(row).getByText("14 / 16")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Libres" }));
    await waitFor(() => expect(window.location.search).toBe("?month=2027-03&yacht=2&state=scheduled&view=list&sort=free&dir=asc"));
    await waitFor(() =>
      expect(calls.map(({ url }) => url)).toContain("/api/cruises?from=2027-03-01&to=2027-03-31&yachtId=2&state=scheduled&sort=free&order=asc&page=1&pageSize=20"),
    );
    await userEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar GEX-20270304" }));
    expect(screen.getByRole("button", { name: "Exportar seleccionados (XLSX)" })).toBeTruthy();
  });
});
