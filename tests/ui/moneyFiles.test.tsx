import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyValue } from "../../src/api/details.ts";
import { CruiseId, ReservationId } from "../../src/api/ids.ts";
import type { Payment } from "../../src/api/money.ts";
import type { Reservation } from "../../src/api/reservations.ts";
import { agencies } from "../../src/records/referenceData.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

/**
 * Decision 068 on the panel: a recorded payment's receipt from the reservation's account, an
 * agency's statement for a period from its page (staff) and from the agency portal (its own),
 * downloaded as the server draws them; a reversed period is refused before asking.
 */

/** The files the panel hands to the browser. */
const saved: Blob[] = [];

beforeEach(() => {
  // the statement's period opens on this month up to today
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-03-15T12:00:00Z"));
  saved.length = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      saved.push(blob);
      return "blob:money-1";
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

const agencySession = {
  status: 200,
  data: { id: 9, firstName: "Rosa", lastName: "Vera", email: "rosa@example.com", rol: "agency", agency: { id: 5, name: "Ikarus Tours" } },
};

const file = { status: 200, data: "%PDF" };

describe("an agency's statement", () => {
  it("downloads in the agency portal for its own agency, for the period chosen; a reversed period is told without asking", async () => {
    storeSession({ userName: "Rosa Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": agencySession,
      "GET /api/agencies/5/users": { status: 200, data: [] },
      "GET /api/agencies/5/statement?from=2030-03-01&to=2030-03-15&lang=es&format=xlsx": file,
      "GET /api/agencies/5/statement?from=2030-02-01&to=2030-03-15&lang=es&format=pdf": file,
    });
    await renderApp("/panel/agency", fetch);
    const statement = await screen.findByRole("region", { name: "Estado de cuenta" });
    const user = userEvent.setup();
    await user.click(within(statement).getByRole("button", { name: "Descargar XLSX" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain("/api/agencies/5/statement?from=2030-03-01&to=2030-03-15&lang=es&format=xlsx");

    const from = within(statement).getByLabelText("Desde");
    await user.clear(from);
    await user.type(from, "2030-04-01");
    const asked = calls.length;
    await user.click(within(statement).getByRole("button", { name: "Descargar PDF" }));
    expect(await within(statement).findByText("La fecha final del periodo es anterior a la inicial.")).toBeDefined();
    expect(calls.length).toBe(asked);

    await user.clear(from);
    await user.type(from, "2030-02-01");
    await user.click(within(statement).getByRole("button", { name: "Descargar PDF" }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(screen.queryByText("La fecha final del periodo es anterior a la inicial.")).toBeNull();
  });

  it("downloads from the agency's page for sales", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(1) });
    const emptyDetails = Object.fromEntries(agencies.api.details.map(({ name, rule }) => [name, emptyValue(rule)]));
    const { fetch, calls } = fakeFetch({
      "GET /api/agencies/3": { status: 200, data: { ...emptyDetails, id: 3, name: "Cuenca Travel", active: true, version: 1 } },
      "GET /api/agencies/3/statement?from=2030-03-01&to=2030-03-15&lang=es&format=pdf": file,
    });
    await renderApp("/panel/agencies/3", fetch);
    const statement = await screen.findByRole("region", { name: "Estado de cuenta" });
    await userEvent.setup().click(within(statement).getByRole("button", { name: "Descargar PDF" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain("/api/agencies/3/statement?from=2030-03-01&to=2030-03-15&lang=es&format=pdf");
  });
});

const reservation: Reservation = {
  id: ReservationId.make(31),
  code: "RES-000031",
  cruiseId: CruiseId.make(7),
  cruiseCode: "GEX-20300606",
  yachtName: "Galápagos Explorer",
  startDate: "2030-06-06",
  agencyId: 3,
  agencyName: "Cuenca Travel",
  type: "general",
  executive: { id: 1, name: "Ana Ventas" },
  state: "reserved",
  timeLimit: "2030-03-20T17:00:00.000Z",
  extensions: 0,
  spaces: 2,
  price: { total: 4200, commission: 420, net: 3780 },
  createdAt: "2030-03-01T17:00:00.000Z",
  version: 1,
  notes: "",
  cancelReason: null,
  bookings: [],
  lines: [],
  latestTimeLimit: null,
  extensionsLeft: null,
};

const payment = (id: number, overrides: Partial<Payment>): Payment => ({
  id: id as Payment["id"],
  reservationId: reservation.id,
  reservationCode: reservation.code,
  agencyId: 3,
  kind: "payment",
  state: "recorded",
  amountCents: 123_456,
  receivedAt: "2030-03-01",
  method: "transfer",
  reference: "BP-0042",
  payer: "Cuenca Travel",
  reason: null,
  createdAt: "2030-03-01T17:00:00.000Z",
  version: 1,
  ...overrides,
});

describe("a reservation's payments", () => {
  it("offer each recorded (or voided) payment's receipt, none for a refund or a reported transfer", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch, calls } = fakeFetch({
      "GET /api/reservations/31": { status: 200, data: reservation },
      "GET /api/reservations/31/account": {
        status: 200,
        data: {
          totalCents: 420_000,
          commissionCents: 42_000,
          dueCents: 378_000,
          paidCents: 118_456,
          balanceCents: 259_544,
          depositDueCents: 113_400,
          depositDueDate: null,
          balanceDueDate: "2030-04-07",
          moneyState: "depositPaid",
          penaltyCents: 0,
          keptPenaltyCents: 0,
          refundDueCents: 0,
        },
      },
      "GET /api/payments?reservationId=31&pageSize=200": {
        status: 200,
        data: [
          payment(4, { kind: "refund", state: "refunded", amountCents: 5_000 }),
          payment(3, { state: "reported", amountCents: 1_000 }),
          payment(2, { state: "voided", amountCents: 300, reason: "Registrado dos veces" }),
          payment(1, {}),
        ],
      },
      "GET /api/payments/1/receipt?lang=es&format=pdf": file,
    });
    await renderApp("/panel/reservations/31", fetch);
    const account = await screen.findByRole("region", { name: "Estado de cuenta" });
    const receipts = await within(account).findAllByRole("button", { name: /^Descargar el recibo/ });
    expect(receipts.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Descargar el recibo del pago del 01/03/2030 por US$ 3,00 (PDF)",
      "Descargar el recibo del pago del 01/03/2030 por US$ 1.234,56 (PDF)",
    ]);
    await userEvent.setup().click(receipts[1] as HTMLElement);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain("/api/payments/1/receipt?lang=es&format=pdf");
  });
});
