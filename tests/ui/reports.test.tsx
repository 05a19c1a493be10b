import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadsReport, OccupancyReport, PaymentsReport, PenaltiesReport, ReceivablesReport } from "../../src/api/reports.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

const figures = (capacity: number, sold: number, held: number) => ({
  capacity,
  sold,
  held,
  free: capacity - sold - held,
  waiting: 0,
  soldPercent: Math.round((sold / capacity) * 1000) / 10,
  heldPercent: Math.round((held / capacity) * 1000) / 10,
  freePercent: Math.round(((capacity - sold - held) / capacity) * 1000) / 10,
});

const occupancy: OccupancyReport = {
  from: "2027-07-01",
  to: "2027-09-30",
  yachtId: null,
  departures: [
    { cruiseId: 7 as never, code: "GEX-20270805", yachtId: 1, yachtName: "Galápagos Explorer", startDate: "2027-08-05", ...figures(16, 3, 2) },
    { cruiseId: 8 as never, code: "SLI-20270812", yachtId: 2, yachtName: "Sea Lion", startDate: "2027-08-12", ...figures(20, 10, 0) },
  ],
  yachts: [
    { yachtId: 1, yachtName: "Galápagos Explorer", departures: 1, ...figures(16, 3, 2) },
    { yachtId: 2, yachtName: "Sea Lion", departures: 1, ...figures(20, 10, 0) },
  ],
  total: figures(36, 13, 2),
  fleet: [
    { id: 1, name: "Galápagos Explorer" },
    { id: 2, name: "Sea Lion" },
  ],
};

const leads: LeadsReport = {
  from: "2027-04-22",
  to: "2027-07-15",
  total: 3,
  weeks: [
    { week: "2027-07-05", leads: 2 },
    { week: "2027-07-12", leads: 1 },
  ],
  countries: [{ country: "Ecuador", leads: 3 }],
  agents: [{ agentId: null, agentName: null, leads: 3, commented: 1, averageHours: 5, medianHours: 5 }],
  firstComment: { commented: 1, averageHours: 5, medianHours: 5 },
};

const bucketsOf = (cents: Partial<Record<string, number>>) => {
  const all = { notDueCents: 0, days1to30Cents: 0, days31to60Cents: 0, days61to90Cents: 0, over90Cents: 0, ...cents };
  return { ...all, totalCents: all.notDueCents + all.days1to30Cents + all.days31to60Cents + all.days61to90Cents + all.over90Cents };
};

const receivables: ReceivablesReport = {
  at: "2027-07-15",
  agencies: [
    { agencyId: 3, agencyName: "Cuenca Travel", reservations: 2, ...bucketsOf({ over90Cents: 123_456, notDueCents: 50_000 }) },
    { agencyId: null, agencyName: null, reservations: 1, ...bucketsOf({ days1to30Cents: 1_000 }) },
  ],
  reservations: [
    {
      id: 11 as never,
      code: "RES-000011",
      agencyId: 3,
      agencyName: "Cuenca Travel",
      cruiseCode: "GEX-20270301",
      yachtName: "Galápagos Explorer",
      startDate: "2027-03-01",
      balanceDueDate: "2026-12-31",
      daysOverdue: 196,
      bucket: "over90",
      balanceCents: 123_456,
    },
  ],
  total: bucketsOf({ over90Cents: 123_456, notDueCents: 50_000, days1to30Cents: 1_000 }),
};

const payments: PaymentsReport = {
  from: "2027-05-01",
  to: "2027-07-15",
  methods: [{ method: "transfer", payments: 2, refunds: 1, receivedCents: 150_050, refundedCents: 2_000, netCents: 148_050 }],
  months: [
    { month: "2027-05", transferCents: 0, cardCents: 0, cashCents: 0, checkCents: 0, creditNoteCents: 0, netCents: 0 },
    { month: "2027-06", transferCents: 150_050, cardCents: 0, cashCents: 0, checkCents: 0, creditNoteCents: 0, netCents: 150_050 },
    { month: "2027-07", transferCents: -2_000, cardCents: 0, cashCents: 0, checkCents: 0, creditNoteCents: 0, netCents: -2_000 },
  ],
  payments: [],
  total: { payments: 2, refunds: 1, receivedCents: 150_050, refundedCents: 2_000, netCents: 148_050 },
};

const penalty = { cruiseCode: "GEX-20270805", yachtName: "Galápagos Explorer", startDate: "2027-08-05" } as const;

const penalties: PenaltiesReport = {
  from: "2027-05-01",
  to: "2027-07-15",
  agencies: [
    { agencyId: 3, agencyName: "Cuenca Travel", cancellations: 2, waivers: 0, keptCents: 150_000, waivedCents: 0, netCents: 150_000 },
    { agencyId: null, agencyName: null, cancellations: 1, waivers: 1, keptCents: 45_050, waivedCents: 45_050, netCents: 0 },
  ],
  months: [
    { month: "2027-05", keptCents: 0, waivedCents: 0, netCents: 0 },
    { month: "2027-06", keptCents: 150_000, waivedCents: 0, netCents: 150_000 },
    { month: "2027-07", keptCents: 45_050, waivedCents: 45_050, netCents: 0 },
  ],
  penalties: [
    { day: "2027-06-02", kind: "reservationCanceled", reservationId: 21 as never, reservationCode: "RES-000021", agencyName: "Cuenca Travel", ...penalty, reason: "El cliente desistió", amountCents: 100_000 },
    { day: "2027-06-09", kind: "spaceCanceled", reservationId: 22 as never, reservationCode: "RES-000022", agencyName: "Cuenca Travel", ...penalty, reason: "Un pasajero no viaja", amountCents: 50_000 },
    { day: "2027-07-01", kind: "reservationCanceled", reservationId: 23 as never, reservationCode: "RES-000023", agencyName: null, ...penalty, reason: "Enfermedad", amountCents: 45_050 },
    { day: "2027-07-02", kind: "waived", reservationId: 23 as never, reservationCode: "RES-000023", agencyName: null, ...penalty, reason: "Con certificado médico", amountCents: -45_050 },
  ],
  total: { cancellations: 3, waivers: 1, keptCents: 195_050, waivedCents: 45_050, netCents: 150_000 },
};

/** The files the panel hands to the browser, read back. */
const saved: Blob[] = [];

beforeEach(() => {
  // the defaults of the reports' periods follow today: a fixed day keeps their addresses known
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2027-07-15T12:00:00Z"));
  // jsdom draws no canvas: the chart stays an empty image and its table is the reading
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  saved.length = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      saved.push(blob);
      return "blob:report-1";
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

describe("the occupancy report", () => {
  it("shows each table beside its chart, saves a table as CSV, and refuses a reversed period without asking the server", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "admin", id: userId(1) });
    const { fetch, calls } = fakeFetch({ "GET /api/reports/occupancy?from=2027-07-01&to=2027-09-30": { status: 200, data: occupancy } });
    await renderApp("/panel/reports/occupancy", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Ocupación" })).toBeDefined();
    const byDeparture = await screen.findByRole("table", { name: "Por salida" });
    const rows = within(byDeparture).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "GEX-20270805",
      "Galápagos Explorer",
      "05/08/2027",
      "16",
      "3",
      "2",
      "11",
      "0",
      "18,8\u00a0%",
      "12,5\u00a0%",
    ]);
    expect(screen.getByRole("img", { name: "Gráfico: Por salida. Los números están en la tabla junto a él." })).toBeDefined();
    expect(screen.getByRole("img", { name: "Gráfico: Por yate. Los números están en la tabla junto a él." })).toBeDefined();
    expect(screen.getByText("13 (36,1 %)")).toBeDefined();
    // the Reportes section of the menu lists every report for an admin
    const menu = screen.getByRole("list", { name: "Reportes" });
    expect(within(menu).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Ocupación",
      "Ventas",
      "Reservas por vencer",
      "Panel de leads",
      "Cuentas por cobrar",
      "Pagos recibidos",
      "Penalidades",
    ]);

    const user = userEvent.setup();
    const exports = screen.getByRole("group", { name: "Exportar la tabla Por salida" });
    await user.click(within(exports).getByRole("button", { name: "Exportar CSV" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const csv = await (saved[0] as Blob).text();
    expect(csv.split("\r\n").slice(0, 3)).toEqual([
      "Salida,Yate,Zarpe,Capacidad,Vendidas,Retenidas,Libres,En espera,% vendido,% retenido",
      'GEX-20270805,Galápagos Explorer,05/08/2027,16,3,2,11,0,"18,8\u00a0%","12,5\u00a0%"',
      'SLI-20270812,Sea Lion,12/08/2027,20,10,0,10,0,"50,0\u00a0%","0,0\u00a0%"',
    ]);

    const asked = calls.length;
    await user.clear(screen.getByLabelText("Hasta"));
    await user.type(screen.getByLabelText("Hasta"), "2027-06-01");
    await user.click(screen.getByRole("button", { name: "Consultar" }));
    expect(await screen.findByText("La fecha final del periodo es anterior a la inicial.")).toBeDefined();
    expect(calls.length).toBe(asked);
    expect(screen.getByRole("table", { name: "Por salida" })).toBeDefined();
  });
});

describe("a report's period in the address", () => {
  it("asks the period the address holds, and writes the period asked into it, so a reload asks it again", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "admin", id: userId(1) });
    const august = { ...occupancy, from: "2027-08-01", to: "2027-08-31" };
    const { fetch, calls } = fakeFetch({
      "GET /api/reports/occupancy?from=2027-08-01&to=2027-08-31": { status: 200, data: august },
      "GET /api/reports/occupancy?from=2027-08-01&to=2027-10-31": { status: 200, data: { ...august, to: "2027-10-31" } },
    });
    await renderApp("/panel/reports/occupancy?from=2027-08-01&to=2027-08-31", fetch);
    await screen.findByRole("table", { name: "Por salida" });
    expect((screen.getByLabelText("Desde") as HTMLInputElement).value).toBe("2027-08-01");
    expect((screen.getByLabelText("Hasta") as HTMLInputElement).value).toBe("2027-08-31");
    expect(calls.some((call) => call.url.includes("from=2027-08-01&to=2027-08-31"))).toBe(true);

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Hasta"));
    await user.type(screen.getByLabelText("Hasta"), "2027-10-31");
    await user.click(screen.getByRole("button", { name: "Consultar" }));
    await vi.waitFor(() => expect(window.location.search).toBe("?from=2027-08-01&to=2027-10-31"));
    expect(window.location.pathname).toBe("/panel/reports/occupancy");
  });
});

describe("the leads dashboard for marketing", () => {
  it("is the only report in marketing's menu and shows leads per week, country and agent", async () => {
    storeSession({ userName: "Carla Mora", token: "t0k3n", role: "marketing", id: userId(2) });
    const { fetch } = fakeFetch({ "GET /api/reports/leads?from=2027-04-22&to=2027-07-15": { status: 200, data: leads } });
    await renderApp("/panel/reports/leads", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Panel de leads" })).toBeDefined();
    const menu = screen.getByRole("list", { name: "Reportes" });
    expect(within(menu).getAllByRole("link").map((link) => link.textContent)).toEqual(["Panel de leads"]);
    const weeks = await screen.findByRole("table", { name: "Leads por semana" });
    expect(within(weeks).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["05/07/2027", "2", "12/07/2027", "1"]);
    const agents = screen.getByRole("table", { name: "Leads por agente" });
    expect(within(agents).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Sin asignar", "3", "1", "5,0\u00a0h", "5,0\u00a0h"]);
  });
});

describe("money's reports", () => {
  it("show the receivables by agency and age without a period, and save a table as the server draws it", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(1) });
    const file = { status: 200, data: "Agencia,Reservas" };
    const { fetch, calls } = fakeFetch({
      "GET /api/reports/receivables": { status: 200, data: receivables },
      "GET /api/reports/receivables?format=xlsx&table=reservations&lang=es": file,
    });
    await renderApp("/panel/reports/receivables", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Cuentas por cobrar" })).toBeDefined();
    expect(screen.queryByLabelText("Desde")).toBeNull();
    const byAgency = await screen.findByRole("table", { name: "Por agencia y antigüedad" });
    expect(within(within(byAgency).getAllByRole("row")[1] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "Cuenca Travel",
      "2",
      "US$ 500,00",
      "US$ 0,00",
      "US$ 0,00",
      "US$ 0,00",
      "US$ 1.234,56",
      "US$ 1.734,56",
    ]);
    expect(screen.getByRole("img", { name: "Gráfico: Por agencia y antigüedad. Los números están en la tabla junto a él." })).toBeDefined();
    expect(screen.getByRole("link", { name: "RES-000011" }).getAttribute("href")).toBe("/panel/reservations/11");
    expect(screen.getByText("US$ 1.744,56")).toBeDefined();

    const user = userEvent.setup();
    const exports = screen.getByRole("group", { name: "Exportar la tabla Reservas con saldo" });
    await user.click(within(exports).getByRole("button", { name: "Exportar Excel" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain("/api/reports/receivables?format=xlsx&table=reservations&lang=es");
  });

  it("show the payments received by method and month for the last three months", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "admin", id: userId(1) });
    const { fetch } = fakeFetch({ "GET /api/reports/payments?from=2027-05-01&to=2027-07-15": { status: 200, data: payments } });
    await renderApp("/panel/reports/payments", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Pagos recibidos" })).toBeDefined();
    const months = await screen.findByRole("table", { name: "Por mes y forma de pago" });
    expect(within(months).getAllByRole("row").map((row) => within(row).queryAllByRole("cell")[0]?.textContent)).toEqual([undefined, "05/2027", "06/2027", "07/2027"]);
    expect(within(within(months).getAllByRole("row")[3] as HTMLElement).getAllByRole("cell").at(-1)?.textContent).toBe("US$ -20,00");
    // the net received: the headline figure, and the method's
    expect(screen.getAllByText("US$ 1.480,50")).toHaveLength(2);
    // no payment listed: the table says so
    expect(screen.getByText("No hay datos para esta consulta.")).toBeDefined();
  });

  it("show the penalties kept and waived by agency, by month and each one, and save a table as the server draws it", async () => {
    storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch, calls } = fakeFetch({
      "GET /api/reports/penalties?from=2027-05-01&to=2027-07-15": { status: 200, data: penalties },
      "GET /api/reports/penalties?from=2027-05-01&to=2027-07-15&format=csv&table=penalties&lang=es": { status: 200, data: "Día,Reserva" },
    });
    await renderApp("/panel/reports/penalties", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Penalidades" })).toBeDefined();
    const byAgency = await screen.findByRole("table", { name: "Penalidades por agencia" });
    expect(within(byAgency).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Cuenca Travel", "2", "0", "US$ 1.500,00", "US$ 0,00", "US$ 1.500,00"],
      ["Cliente directo", "1", "1", "US$ 450,50", "US$ 450,50", "US$ 0,00"],
    ]);
    expect(screen.getByRole("img", { name: "Gráfico: Penalidades por agencia. Los números están en la tabla junto a él." })).toBeDefined();
    const months = screen.getByRole("table", { name: "Penalidades por mes" });
    expect(within(months).getAllByRole("row").map((row) => within(row).queryAllByRole("cell")[0]?.textContent)).toEqual([undefined, "05/2027", "06/2027", "07/2027"]);
    const each = screen.getByRole("table", { name: "Penalidades retenidas y condonadas" });
    expect(within(within(each).getAllByRole("row")[4] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "02/07/2027",
      "RES-000023",
      "Cliente directo",
      "GEX-20270805 · Galápagos Explorer",
      "Condonación",
      "Con certificado médico",
      "US$ -450,50",
    ]);
    expect(within(each).getByRole("link", { name: "RES-000021" }).getAttribute("href")).toBe("/panel/reservations/21");
    // the headline figures: kept, waived, what stays kept, how many cancels kept one
    expect(screen.getByText("US$ 1.950,50")).toBeDefined();
    expect(screen.getByText("Cancelaciones con penalidad")).toBeDefined();

    const user = userEvent.setup();
    const exports = screen.getByRole("group", { name: "Exportar la tabla Penalidades retenidas y condonadas" });
    await user.click(within(exports).getByRole("button", { name: "Exportar CSV" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain("/api/reports/penalties?from=2027-05-01&to=2027-07-15&format=csv&table=penalties&lang=es");
  });
});
