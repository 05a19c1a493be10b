import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CruiseId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import type { Quote } from "../../src/api/quote.ts";
import type { Reservation } from "../../src/api/reservations.ts";
import { userId } from "../ids.ts";
import { explorerDeparture, fakeFetch, renderApp, storeSession } from "./harness.tsx";

/** Issue 37, item 3 (decision 079): the quote beside the hold form, and a reservation's price lines, part by part. */

const cruise = explorerDeparture({ capacity: 4, held: 0, confirmed: 0, waiting: 0, free: 4, status: "available" });

const cabin = (id: number) => ({ id, name: String(id), deckId: 10, deckName: "Cubierta principal", category: "double", familyRoom: false, capacity: 2, berths: [null, null], waiting: 0, position: null, deckPlan: null });

const genders = [
  { id: 1, name: "Adulto masculino", englishName: "", active: true, version: 1, initials: "MA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "male", icon: "" },
  { id: 2, name: "Adulto femenino", englishName: "", active: true, version: 1, initials: "FA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "female", icon: "" },
];

/** A wholesaler, as the agencies' catalogue lists it. */
const andean = {
  id: 5,
  name: "Andean Travel Company",
  active: true,
  version: 1,
  type: "wholesaler",
  country: 1,
  city: "Miami",
  commission: 25,
  credit: 30_000,
  identificationType: null,
  identificationNumber: "",
  email: "",
  language: null,
  phone: "",
  cellphone: "",
  fax: "",
  address: "",
  state: "",
  postalCode: "",
  contactName: "Sarah Miller",
  position: "",
  skype: "",
};

const replies = {
  "GET /api/cruises/7": { status: 200, data: cruise },
  "GET /api/cruises/7/cabins": { status: 200, data: [cabin(2), cabin(3)] },
  "GET /api/agencies": { status: 200, data: [andean] },
  "GET /api/genders": { status: 200, data: genders },
};

/** A wholesaler's general-rate space: US$ 2,240 at the rack price, 10 % off, 25 % commission. */
const spaceLine = (cabinId: number, genderId: number) => ({
  kind: "space" as const,
  cabinId,
  genderId,
  flightId: null,
  passenger: null,
  rate: { kind: "general" as const, id: 4, name: "General 2030 doble" },
  season: "high" as const,
  quantity: 1,
  unitPrice: 2240,
  discounts: [{ kind: "wholesaler" as const, percent: 10, amountCents: 22_400 }],
  total: 2016,
  commissionPercent: 25,
  commission: 504,
  listCents: 224_000,
  totalCents: 201_600,
  commissionCents: 50_400,
});

const quoteOf = (count: number): Quote => ({
  lines: Array.from({ length: count }, (_, index) => spaceLine(2, index === 0 ? 1 : 2)),
  total: 2016 * count,
  commission: 504 * count,
  net: 1512 * count,
  subtotalCents: 224_000 * count,
  totalCents: 201_600 * count,
  commissionCents: 50_400 * count,
  netCents: 151_200 * count,
});

/** A reply the test answers when it chooses. */
const deferred = () => {
  let answer: (reply: { status: number; data: unknown }) => void = () => {};
  const reply = new Promise<{ status: number; data: unknown }>((resolve) => {
    answer = resolve;
  });
  return { reply, answer };
};

const openHoldForm = async (language = "es") => {
  localStorage.setItem("lang", language);
  storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
};

const rowsOf = (table: HTMLElement) => [...table.querySelectorAll("tr")].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));

describe("the quote beside the hold form", () => {
  it("prices the draft as it is edited, the rack price, the wholesaler's discount and the commission each on its own line", async () => {
    await openHoldForm();
    const { fetch, calls } = fakeFetch({ ...replies, "POST /api/rates/quote": { status: 200, data: quoteOf(1) } });
    await renderApp("/panel/cruises/7/reservations", fetch);
    const panel = await screen.findByRole("complementary", { name: "Cotización" }, { timeout: 5000 });
    expect(within(panel).getByText("Elija cabinas y sus espacios para ver el precio.")).toBeTruthy();
    await userEvent.selectOptions(within(screen.getByRole("heading", { name: "Nueva reserva" }).closest("form") ?? document.body).getByLabelText("Agencia"), "5");
    await userEvent.click(screen.getByRole("button", { name: /^Cabina 2:/ }));
    // a cabin picked without spaces prices nothing yet
    expect(calls.some((call) => call.url === "/api/rates/quote")).toBe(false);
    await userEvent.type(within(screen.getByRole("group", { name: "Cabina 2" })).getByLabelText("Adulto masculino"), "{selectall}1");
    const table = await within(panel).findByRole("table", { name: "Cotización" });
    expect(rowsOf(table)).toEqual([
      ["Concepto", "Importe"],
      ["Cabina 2 · Adulto masculinoTarifa general · General 2030 doble · temporada alta", "US$ 2.240,00"],
      ["Descuento de mayorista (10%)", "− US$ 224,00"],
      ["Subtotal a precio de tarifa", "US$ 2.240,00"],
      ["Total", "US$ 2.016,00"],
      ["Comisión de la agencia (25%)", "− US$ 504,00"],
      ["Neto a pagar", "US$ 1.512,00"],
    ]);
    // typed in one go, asked once, after the pause
    expect(calls.filter((call) => call.url === "/api/rates/quote").map((call) => call.body)).toEqual([
      { cruiseId: 7, agencyId: 5, charter: false, cabins: [{ cabinId: 2, spaces: [{ genderId: 1 }] }] },
    ]);
    // the notes change no price: nothing more is asked
    await userEvent.type(screen.getByLabelText("Notas"), "Luna de miel");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.filter((call) => call.url === "/api/rates/quote")).toHaveLength(1);
  });

  it("shows the latest draft's answer only: an earlier request answered late never shows", async () => {
    await openHoldForm("en");
    const [first, second] = [deferred(), deferred()];
    const pending = [first.reply, second.reply];
    const { fetch, calls } = fakeFetch({ ...replies, "POST /api/rates/quote": () => pending.shift() ?? Promise.reject(new Error("asked thrice")) });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await userEvent.click(await screen.findByRole("button", { name: /^Cabin 2:/ }, { timeout: 5000 }));
    const group = screen.getByRole("group", { name: "Cabin 2" });
    await userEvent.type(within(group).getByLabelText("Adulto masculino"), "{selectall}1");
    await waitFor(() => expect(calls.filter((call) => call.url === "/api/rates/quote")).toHaveLength(1));
    await userEvent.type(within(group).getByLabelText("Adulto femenino"), "{selectall}1");
    await waitFor(() => expect(calls.filter((call) => call.url === "/api/rates/quote")).toHaveLength(2));
    const panel = screen.getByRole("complementary", { name: "Quote" });
    expect(panel.getAttribute("aria-busy")).toBe("true");
    second.answer({ status: 200, data: quoteOf(2) });
    await waitFor(() => expect(panel.getAttribute("aria-busy")).toBe("false"));
    first.answer({ status: 200, data: quoteOf(1) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const table = within(panel).getByRole("table", { name: "Quote" });
    expect(rowsOf(table).at(-1)).toEqual(["Net due", "US$ 3,024.00"]);
    expect(rowsOf(table).filter(([label]) => label?.startsWith("Wholesaler discount (10%)"))).toHaveLength(2);
  });

  it("says in the reader's language why a draft cannot be priced", async () => {
    await openHoldForm();
    const { fetch } = fakeFetch({ ...replies, "POST /api/rates/quote": { status: 409, data: messages.rateNotDefined } });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await userEvent.click(await screen.findByRole("button", { name: /^Cabina 3:/ }, { timeout: 5000 }));
    await userEvent.type(within(screen.getByRole("group", { name: "Cabina 3" })).getByLabelText("Adulto femenino"), "{selectall}1");
    const panel = screen.getByRole("complementary", { name: "Cotización" });
    expect((await within(panel).findByRole("alert")).textContent).toBe("No hay una tarifa activa para este yate, duración, temporada y tipo de cabina.");
    expect(within(panel).queryByRole("table")).toBeNull();
  });
});

/** An agency user's hold form: its departure as the availability shows it, its own agency from its session. */
const agencyReplies = {
  "GET /api/availability/7": {
    status: 200,
    data: { cruiseId: 7, code: "GEX-20300606", yachtId: 1, yachtName: "Galápagos Explorer", yachtColour: "#1e6091", itineraryName: "Norte 4 días", startDate: "2030-06-06", endDate: "2030-06-09", status: "available", free: 4, capacity: 4, waiting: 0, categories: [] },
  },
  "GET /api/cruises/7/cabins": { status: 200, data: [cabin(2), cabin(3)] },
  "GET /api/auth/session": {
    status: 200,
    data: { id: 9, firstName: "Sarah", lastName: "Miller", email: "reservas@andean.example.com", rol: "agency", agency: { id: 5, name: "Andean Travel Company" } },
  },
  "GET /api/genders": { status: 200, data: genders },
};

describe("the quote beside an agency user's hold form", () => {
  it("prices the draft for its own agency: the rack price, its discount, its commission and what it pays", async () => {
    localStorage.setItem("lang", "en");
    storeSession({ userName: "Sarah Miller", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch({ ...agencyReplies, "POST /api/rates/quote": { status: 200, data: quoteOf(1) } });
    await renderApp("/panel/cruises/7/reservations", fetch);
    const panel = await screen.findByRole("complementary", { name: "Quote" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: /^Cabin 2:/ }));
    await userEvent.type(within(screen.getByRole("group", { name: "Cabin 2" })).getByLabelText("Adulto masculino"), "{selectall}1");
    const table = await within(panel).findByRole("table", { name: "Quote" });
    expect(rowsOf(table)).toEqual([
      ["Item", "Amount"],
      ["Cabin 2 · Adulto masculinoGeneral rate · General 2030 doble · high season", "US$ 2,240.00"],
      ["Wholesaler discount (10%)", "− US$ 224.00"],
      ["Subtotal at rack rates", "US$ 2,240.00"],
      ["Total", "US$ 2,016.00"],
      ["Agency commission (25%)", "− US$ 504.00"],
      ["Net due", "US$ 1,512.00"],
    ]);
    // priced for the agency the user sells for, the only one its form offers
    expect(calls.filter((call) => call.url === "/api/rates/quote").map((call) => call.body)).toEqual([
      { cruiseId: 7, agencyId: 5, charter: false, cabins: [{ cabinId: 2, spaces: [{ genderId: 1 }] }] },
    ]);
  });
});

const reservation: Reservation = {
  id: ReservationId.make(41),
  code: "RES-000041",
  cruiseId: CruiseId.make(7),
  cruiseCode: "GEX-20300606",
  yachtName: "Galápagos Explorer",
  startDate: "2030-06-06",
  agencyId: 5,
  agencyName: "Andean Travel Company",
  type: "general",
  executive: { id: 1, name: "Ana Vera" },
  state: "reserved",
  timeLimit: "2030-03-08T17:00:00.000Z",
  extensions: 0,
  spaces: 1,
  price: { total: 2016, commission: 504, net: 1512 },
  createdAt: "2030-03-01T14:00:00.000Z",
  version: 1,
  notes: "",
  cancelReason: null,
  bookings: [
    {
      cabinId: 2,
      cabinName: "2",
      spaces: [
        { id: SpaceId.make(90), cabinId: 2, genderId: 1, genderName: "Male Adult", state: "reserved", passengerId: null, passengerName: null, cancelReason: null },
        { id: SpaceId.make(91), cabinId: 2, genderId: 2, genderName: "Female Adult", state: "canceled", passengerId: null, passengerName: null, cancelReason: "No viaja" },
      ],
    },
  ],
  lines: [
    { ...spaceLine(2, 1), spaceIds: [90] },
    { ...spaceLine(2, 2), spaceIds: [91], canceled: true },
  ],
  priceCents: { subtotalCents: 224_000, totalCents: 201_600, commissionCents: 50_400, netCents: 151_200 },
  latestTimeLimit: null,
  extensionsLeft: null,
};

describe("a reservation's price lines", () => {
  it("show the same breakdown as the quote, a canceled space's line struck and out of the sums", async () => {
    localStorage.setItem("lang", "en");
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch } = fakeFetch({ "GET /api/reservations/41": { status: 200, data: reservation } });
    await renderApp("/panel/reservations/41", fetch);
    const table = await screen.findByRole("table", { name: "Price lines" });
    expect(rowsOf(table)).toEqual([
      ["Item", "Amount"],
      ["Cabin 2 · Male AdultGeneral rate · General 2030 doble · high season", "US$ 2,240.00"],
      ["Wholesaler discount (10%)", "− US$ 224.00"],
      ["Cabin 2 · Female Adult · canceled: out of the totalGeneral rate · General 2030 doble · high season", "US$ 2,240.00"],
      ["Wholesaler discount (10%)", "− US$ 224.00"],
      ["Subtotal at rack rates", "US$ 2,240.00"],
      ["Total", "US$ 2,016.00"],
      ["Agency commission (25%)", "− US$ 504.00"],
      ["Net due", "US$ 1,512.00"],
    ]);
    expect(table.querySelectorAll("tbody.line-canceled")).toHaveLength(1);
  });
});
