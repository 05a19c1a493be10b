import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Cruise } from "../../src/api/cruises.ts";
import { CruiseId } from "../../src/api/ids.ts";
import { RecordVersion } from "../../src/api/versions.ts";
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
