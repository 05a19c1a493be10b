import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { ReservationId } from "../../src/api/ids.ts";
import { sampleReservation } from "../../src/machines/shared/samples.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire, showValidationMessage: vi.fn() } }));

const second = { ...sampleReservation, id: ReservationId.make(32), code: "RES-0032" };
const session = { status: 200, data: { id: 2, firstName: "Sara", lastName: "Ventas", email: "ventas@example.com", rol: "sales", agency: null } };

beforeEach(() => {
  fire.mockReset();
});

describe("bulk commands on the ticked reservations", () => {
  it("confirms each ticked reservation through its own command and shows every one's outcome, a refusal with its message", async () => {
    storeSession({ userName: "Sara Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": session,
      "GET /api/agencies": { status: 200, data: [] },
      "GET /api/reservations?page=1&pageSize=20": { status: 200, data: [sampleReservation, second] },
      "PUT /api/reservations/confirmReservation/31": { status: 200, data: messages.updated },
      "PUT /api/reservations/confirmReservation/32": { status: 409, data: messages.depositNotReceived },
    });
    await renderApp("/panel/reservations", fetch);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar RES-0031" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar RES-0032" }));
    fire.mockResolvedValueOnce({ isConfirmed: true });
    fireEvent.click(within(screen.getByRole("region", { name: /acciones/i })).getByRole("button", { name: "Confirmar" }));
    const outcome = await screen.findByRole("alert");
    expect(fire.mock.calls[0]?.[0]).toMatchObject({ titleText: "¿Confirmar las 2 reservas marcadas?" });
    expect(calls.filter((call) => call.method === "PUT").map(({ url }) => url)).toEqual([
      "/api/reservations/confirmReservation/31",
      "/api/reservations/confirmReservation/32",
    ]);
    expect(within(outcome).getByText("RES-0031").parentElement?.textContent).toMatch(/^RES-0031: .+/);
    expect(within(outcome).getByText("RES-0032").parentElement?.textContent).toMatch(/depósito/i);
    // the refused one stays ticked, to try again or export
    await waitFor(() => expect((screen.getByRole("checkbox", { name: "Seleccionar RES-0032" }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole("checkbox", { name: "Seleccionar RES-0031" }) as HTMLInputElement).checked).toBe(false);
  });

  it("extends each ticked reservation to the time limit asked once", async () => {
    storeSession({ userName: "Sara Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": session,
      "GET /api/agencies": { status: 200, data: [] },
      "GET /api/reservations?page=1&pageSize=20": { status: 200, data: [sampleReservation, second] },
      "PUT /api/reservations/extendTimeLimit/31": { status: 200, data: messages.updated },
      "PUT /api/reservations/extendTimeLimit/32": { status: 200, data: messages.updated },
    });
    await renderApp("/panel/reservations", fetch);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar todas las filas de la página" }));
    fire.mockResolvedValueOnce({ isConfirmed: true, value: "2030-03-05T12:00" });
    fireEvent.click(screen.getByRole("button", { name: "Extender plazo" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(2));
    const asked = new Date("2030-03-05T12:00").toISOString();
    expect(calls.filter((call) => call.method === "PUT").map(({ body }) => body)).toEqual([{ timeLimit: asked }, { timeLimit: asked }]);
  });

  it("offers marketing, who sells nothing, no command but the export", async () => {
    storeSession({ userName: "Mara Marketing", token: "t0k3n", role: "marketing", id: userId(3) });
    const { fetch } = fakeFetch({
      "GET /api/auth/session": { status: 200, data: { ...session.data, rol: "marketing" } },
      "GET /api/agencies": { status: 200, data: [] },
      "GET /api/reservations?page=1&pageSize=20": { status: 200, data: [sampleReservation] },
    });
    await renderApp("/panel/reservations", fetch);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar RES-0031" }));
    const bar = screen.getByRole("region", { name: /acciones/i });
    expect(within(bar).queryByRole("button", { name: "Confirmar" })).toBeNull();
    expect(within(bar).getByRole("button", { name: "Exportar seleccionados (XLSX)" })).toBeTruthy();
  });
});
