import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { asOfField, asOfInstant } from "../../src/ui/availability/asOf.ts";
import { userId } from "../ids.ts";
import { explorerDeparture, fakeFetch, renderApp, storeSession } from "./harness.tsx";

/** Issue 40 in the panel (decision 071): why a hold was refused, the availability as of a moment, a departure's timeline. */

const cruise = explorerDeparture({ capacity: 4, held: 1, confirmed: 0, waiting: 0, free: 3, status: "available" });

const cabin = (id: number, berths: ReadonlyArray<unknown>) => ({
  id,
  name: String(id),
  deckId: 10,
  deckName: "Cubierta principal",
  category: "double",
  familyRoom: false,
  capacity: berths.length,
  berths,
  waiting: 0,
  position: null,
  deckPlan: null,
});

const genders = [
  { id: 1, name: "Adulto masculino", englishName: "Male adult", active: true, version: 1, initials: "MA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "male", icon: "" },
  { id: 2, name: "Adulto femenino", englishName: "Female adult", active: true, version: 1, initials: "FA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "female", icon: "" },
];

/** The rule as the reservation machine describes it: the flows' Spanish translates it. */
const genderRule = "Refused: a cabin shared with another reservation of another adult space type, or a child without an adult of its own ('gender not allowed').";

const refusal = {
  id: 5,
  at: "2030-03-01T14:00:00.000Z",
  caller: { userId: 1, name: "Ana Vera", role: "sales", agencyId: null, agencyName: null },
  stream: "reservation",
  streamId: null,
  command: "reservation.hold",
  guard: "isGenderNotAllowed",
  message: messages.genderNotAllowed,
  cruiseId: 7,
  machine: "reservation",
  state: null,
  rule: genderRule,
  data: { cruiseId: 7 },
  facts: { live: [{ reservationId: 562, cabinId: 2, genderId: 2, state: "reserved", charter: false }] },
  cabins: [{ cabinId: 2, cabinName: "2", held: [{ state: "reserved", genderName: "Adulto femenino", reservationCode: "RES-000562" }] }],
};

const timeline = {
  cruiseId: 7,
  code: "GEX-20300606",
  capacity: 4,
  points: [
    { at: "2030-02-01T14:00:00.000Z", held: 0, confirmed: 0, waiting: 0, free: 4, marks: ["opened"], events: [{ id: 1, type: "cruise.schedule", reservationCode: null, actor: { id: 1, name: "Ana Vera" } }] },
    { at: "2030-02-02T14:00:00.000Z", held: 4, confirmed: 0, waiting: 0, free: 0, marks: ["full"], events: [{ id: 2, type: "reservation.hold", reservationCode: "RES-000562", actor: { id: 1, name: "Ana Vera" } }] },
    { at: "2030-02-09T14:00:00.000Z", held: 1, confirmed: 0, waiting: 0, free: 3, marks: ["expiry"], events: [{ id: 3, type: "reservation.expire", reservationCode: "RES-000562", actor: null }] },
  ],
};

const staffReplies = {
  "GET /api/cruises/7": { status: 200, data: cruise },
  "GET /api/cruises/7/cabins": { status: 200, data: [cabin(2, [{ spaceId: 90, state: "reserved", reservationCode: "RES-000562", reservationId: 562, agencyName: null, genderId: 2 }, null])] },
  "GET /api/cruises/7/timeline": { status: 200, data: timeline },
  "GET /api/agencies": { status: 200, data: [] },
  "GET /api/genders": { status: 200, data: genders },
  "GET /api/refusals/5": { status: 200, data: refusal },
};

describe("a refused hold's 'why'", () => {
  it("opens the guard's name, the rule in the reader's language and what the cabin held", async () => {
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch, calls } = fakeFetch({
      ...staffReplies,
      "POST /api/reservations/createReservation": { status: 409, data: messages.genderNotAllowed, meta: { refusalId: 5 } },
    });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await userEvent.click(await screen.findByRole("button", { name: /^Cabina 2:/ }));
    await userEvent.type(within(screen.getByRole("group", { name: "Cabina 2" })).getByLabelText("Adulto masculino"), "{selectall}1");
    await userEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    const why = await screen.findByRole("button", { name: "¿Por qué?" });
    // nothing is asked of the server until the reader asks why
    expect(calls.some((call) => call.url === "/api/refusals/5")).toBe(false);
    await userEvent.click(why);
    const explained = await screen.findByRole("region", { name: "Por qué se rechazó" });
    expect(within(explained).getByText("isGenderNotAllowed")).toBeTruthy();
    expect(
      within(explained).getByText(
        "Rechazado: una cabina compartida con otra reserva de otro tipo de adulto, o un niño sin un adulto de su reserva ('gender not allowed').",
      ),
    ).toBeTruthy();
    expect(within(explained).getByText(/Cabina 2: Adulto femenino \(bloqueada\) de RES-000562/)).toBeTruthy();
    expect(why.getAttribute("aria-expanded")).toBe("true");
  });

  it("is not offered for a refusal the server kept none of", async () => {
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch } = fakeFetch({ ...staffReplies, "POST /api/reservations/createReservation": { status: 400, data: messages.invalidInput } });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await userEvent.click(await screen.findByRole("button", { name: /^Cabina 2:/ }));
    await userEvent.type(within(screen.getByRole("group", { name: "Cabina 2" })).getByLabelText("Adulto masculino"), "{selectall}1");
    await userEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    await screen.findByText(/./, { selector: ".hold-refusal p" });
    expect(screen.queryByRole("button", { name: "¿Por qué?" })).toBeNull();
  });
});

describe("a departure's timeline", () => {
  it("lists each moment's berths and marks, and opens the events behind one", async () => {
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "admin", id: userId(1) });
    const { fetch } = fakeFetch(staffReplies);
    await renderApp("/panel/cruises/7/reservations", fetch);
    const section = await screen.findByRole("region", { name: "Historia de la salida" });
    const rows = await within(section).findAllByRole("row");
    expect(rows.slice(1).map((row) => within(row).getAllByRole("cell").slice(0, 5).map((cell) => cell.textContent))).toEqual([
      ["0", "0", "0", "4", "programada"],
      ["4", "0", "0", "0", "se llenó"],
      ["1", "0", "0", "3", "bloqueo vencido"],
    ]);
    const [, , expired] = within(section).getAllByRole("button", { name: "Ver eventos" });
    if (expired === undefined) throw new Error("the expiry's button");
    await userEvent.click(expired);
    expect(within(section).getByText(/vencimiento · RES-000562 · por el servidor/)).toBeTruthy();
  });
});

describe("the availability as of a moment", () => {
  it("asks the server as of the instant the address names, says so in a banner, and goes back to now", async () => {
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
    const past = "2030-02-02T14:00:00.000Z";
    const now = "/api/availability?from=2030-06-01&to=2030-06-30&page=1&pageSize=50";
    const then = `/api/availability?from=2030-06-01&to=2030-06-30&asOf=${encodeURIComponent(past)}&page=1&pageSize=50`;
    const { fetch, calls } = fakeFetch({ [`GET ${now}`]: { status: 200, data: [] }, [`GET ${then}`]: { status: 200, data: [] } });
    await renderApp(`/panel/availability?from=2030-06-01&to=2030-06-30&asOf=${encodeURIComponent(past)}`, fetch);
    const said = await screen.findByText(/Está viendo la disponibilidad como estaba el/);
    const banner = said.closest(".as-of-banner");
    if (!(banner instanceof HTMLElement)) throw new Error("the banner");
    expect(banner.getAttribute("role")).toBe("status");
    expect(calls.map((call) => call.url)).toContain(then);
    // the way back answers once the past's departures are in (a click while they load would be lost)
    const backToNow = within(banner).getByRole("button", { name: "Volver a ahora" });
    await waitFor(() => expect(backToNow.hasAttribute("disabled")).toBe(false));
    await userEvent.click(backToNow);
    await waitFor(() => expect(calls.at(-1)?.url).toBe(now));
    expect(screen.queryByText(/Está viendo la disponibilidad como estaba/)).toBeNull();
  });

  it("reads the field in the browser's time and sends the instant", () => {
    expect(asOfInstant(asOfField("2030-02-02T14:05:00.000Z"))).toBe("2030-02-02T14:05:00.000Z");
    expect([asOfField(""), asOfInstant(""), asOfInstant("no day")]).toEqual(["", "", ""]);
  });
});
