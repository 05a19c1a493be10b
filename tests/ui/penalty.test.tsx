import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { CruiseId, ReservationId } from "../../src/api/ids.ts";
import type { Account } from "../../src/api/money.ts";
import type { Reservation } from "../../src/api/reservations.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire, showValidationMessage: vi.fn() } }));

/**
 * Decision 067 in the panel: a canceled sale's account shows the penalty kept and the refund due;
 * an admin, and nobody else, waives the penalty for a reason asked in a dialog, sent through the
 * page's machine; a live sale shows what cancelling it today would keep.
 */
const canceled: Reservation = {
  id: ReservationId.make(31),
  code: "RES-000031",
  cruiseId: CruiseId.make(7),
  cruiseCode: "GEX-20300606",
  yachtName: "Galápagos Explorer",
  startDate: "2030-06-06",
  agencyId: null,
  agencyName: null,
  type: "general",
  executive: { id: 5, name: "Diego Cevallos" },
  state: "canceled",
  timeLimit: null,
  extensions: 0,
  spaces: 0,
  price: { total: 0, commission: 0, net: 0 },
  createdAt: "2030-03-01T17:00:00.000Z",
  version: 3,
  notes: "",
  cancelReason: "El cliente desistió",
  bookings: [],
  lines: [],
  latestTimeLimit: null,
  extensionsLeft: null,
};

const account: Account = {
  totalCents: 0,
  commissionCents: 0,
  dueCents: 108_000,
  paidCents: 360_000,
  balanceCents: -252_000,
  depositDueCents: 0,
  depositDueDate: "2030-03-01",
  balanceDueDate: "2030-04-07",
  moneyState: "refundDue",
  penaltyCents: 108_000,
  keptPenaltyCents: 108_000,
  refundDueCents: 252_000,
};

const replies = (reservation: Reservation, money: Account) => ({
  "GET /api/reservations/31": { status: 200, data: reservation },
  "GET /api/reservations/31/account": { status: 200, data: money },
  "GET /api/payments?reservationId=31&pageSize=200": { status: 200, data: [] },
  "PUT /api/reservations/waivePenalty/31": { status: 200, data: "resource updated successfully" },
});

const open = async (role: RoleName, reservation = canceled, money = account) => {
  storeSession({ userName: "Ana Admin", token: "t0k3n", role, id: userId(1) });
  const { fetch, calls } = fakeFetch(replies(reservation, money));
  await renderApp("/panel/reservations/31", fetch);
  const section = await screen.findByRole("region", { name: "Estado de cuenta" });
  return { section, calls };
};

/** The value shown for a label of the account. */
const shown = (section: HTMLElement, label: string): string | null => within(section).getByText(label).nextElementSibling?.textContent ?? null;

beforeEach(() => {
  fire.mockReset();
  localStorage.clear();
});

describe("a canceled sale's account", () => {
  it("shows the penalty kept and the refund due; an admin waives it for the reason typed", async () => {
    const { section, calls } = await open("admin");
    expect(shown(section, "Penalidad")).toMatch(/1\.080,00/);
    expect(shown(section, "Por devolver")).toMatch(/2\.520,00/);
    fire.mockResolvedValueOnce({ isConfirmed: true, value: "  Cliente frecuente  " }).mockResolvedValue({});
    fireEvent.click(within(section).getByRole("button", { name: "Condonar penalidad" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(fire.mock.calls[0]?.[0]).toMatchObject({ titleText: expect.stringContaining("RES-000031"), input: "textarea", confirmButtonText: "Condonar penalidad" });
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({ url: "/api/reservations/waivePenalty/31", body: { reason: "Cliente frecuente" } });
  });

  it.each(["sales", "agency"] as const)("offers %s no waiver", async (role) => {
    const { section } = await open(role);
    expect(shown(section, "Penalidad")).toMatch(/1\.080,00/);
    expect(within(section).queryByRole("button", { name: "Condonar penalidad" })).toBeNull();
  });

  it("of a live sale shows what cancelling it today would keep, and no waiver while nothing is kept", async () => {
    const live = { ...canceled, state: "confirmed" as const, cancelReason: null, spaces: 2 };
    const { section } = await open("admin", live, { ...account, moneyState: "depositPaid", keptPenaltyCents: 0, refundDueCents: 0, penaltyCents: 108_000 });
    expect(shown(section, "Penalidad si se cancela hoy")).toMatch(/1\.080,00/);
    expect(within(section).queryByText("Por devolver")).toBeNull();
    expect(within(section).queryByRole("button", { name: "Condonar penalidad" })).toBeNull();
  });
});

describe("the reservations list", () => {
  it("narrows by money state and orders by balance from the address, for the readers of money", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
    const { fetch, calls } = fakeFetch({});
    await renderApp("/panel/reservations?money=overdue&byBalance=1", fetch);
    expect(((await screen.findByLabelText("Estado de pago")) as HTMLSelectElement).value).toBe("overdue");
    expect((screen.getByLabelText("Mayor saldo primero") as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/reservations?"))).toBe(true));
    const listed = new URL(calls.find((call) => call.url.startsWith("/api/reservations?"))?.url ?? "", "http://panel");
    expect([listed.searchParams.get("moneyState"), listed.searchParams.get("sort")]).toEqual(["overdue", "balance"]);
  });

  it("offers marketing, who reads no money, neither", async () => {
    storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
    const { fetch } = fakeFetch({});
    await renderApp("/panel/reservations", fetch);
    expect(await screen.findByLabelText("Estado")).toBeDefined();
    expect(screen.queryByLabelText("Estado de pago")).toBeNull();
    expect(screen.queryByLabelText("Mayor saldo primero")).toBeNull();
  });
});
