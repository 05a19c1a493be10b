import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { defaultMoneyPolicy } from "../../src/api/money.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

vi.mock("sweetalert2", () => ({ default: { fire: vi.fn(async () => ({})), showValidationMessage: vi.fn() } }));

/**
 * Decision 076: 'Política de cobro' shows the policy in force, words each bad number and each
 * broken schedule in the user's language without sending anything, and sends the whole policy
 * with the version it was read at; only an admin has it in the menu and may open it.
 */
const replies = {
  "GET /api/policies/money": { status: 200, data: { ...defaultMoneyPolicy, version: 3 } },
  "PUT /api/policies/updateMoneyPolicy": { status: 200, data: "resource updated successfully" },
  "GET /api/history/moneyPolicy/company": { status: 200, data: [] },
};

const open = async (role: RoleName = "admin", lang = "es") => {
  localStorage.setItem("lang", lang);
  storeSession({ userName: "Ana Admin", token: "t0k3n", role, id: userId(1) });
  const { fetch, calls } = fakeFetch(replies);
  await renderApp("/panel/policies/money", fetch, lang === "es" ? undefined : ["panel", "records"]);
  return { calls };
};

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: /Guardar|Save/ }));

beforeEach(() => {
  localStorage.clear();
});

describe("the money policy screen", () => {
  it("shows the policy in force and saves it whole, with the version it was read at", async () => {
    const { calls } = await open();
    expect(await screen.findByRole("heading", { name: "Política de cobro" }, { timeout: 10_000 })).toBeTruthy();
    // the title shows while the policy loads: its fields once it has
    expect(((await screen.findByRole("textbox", { name: "Anticipo (% de lo adeudado)" })) as HTMLInputElement).value).toBe("30");
    expect(field("Saldo: días antes de la salida").value).toBe("60");
    expect(field("Saldo de un chárter: días antes de la salida").value).toBe("120");
    const general = screen.getByRole("group", { name: "General, contrato, habitación familiar e Ikarus" });
    expect(within(general).getByRole("textbox", { name: "Desde (días antes) (fila 1)" })).toHaveProperty("value", "60");
    expect(within(general).getByRole("textbox", { name: "Retiene % (vacío: el anticipo) (fila 1)" })).toHaveProperty("value", "");
    fireEvent.change(field("Anticipo (% de lo adeudado)"), { target: { value: "25" } });
    fireEvent.change(within(general).getByRole("textbox", { name: "Desde (días antes) (fila 1)" }), { target: { value: "90" } });
    save();
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      ...defaultMoneyPolicy,
      depositPercent: 25,
      penalties: { ...defaultMoneyPolicy.penalties, general: [{ daysBefore: 90, keptPercent: null }, { daysBefore: 0, keptPercent: 100 }] },
      version: 3,
    });
  });

  it("words a bad number and a broken schedule in the user's language and sends nothing", async () => {
    const { calls } = await open("admin", "en");
    await screen.findByRole("heading", { name: "Payment policy" }, { timeout: 10_000 });
    await screen.findByRole("textbox", { name: "Deposit (% of the due)" });
    fireEvent.change(field("Deposit (% of the due)"), { target: { value: "0" } });
    fireEvent.change(field("Balance: days before departure"), { target: { value: "" } });
    const charter = screen.getByRole("group", { name: "Charter" });
    // no step from 0 days left: the schedule would leave the last days without a penalty
    fireEvent.change(within(charter).getByRole("textbox", { name: "From (days before) (row 2)" }), { target: { value: "120" } });
    save();
    expect(await screen.findByText("A whole number from 1 to 100.")).toBeTruthy();
    expect(screen.getByText("The table needs a step from 0 days, and each number of days only once.")).toBeTruthy();
    expect(within(field("Balance: days before departure").closest("label") ?? document.body).getByText(/required|obligatori/i)).toBeTruthy();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("is an admin's: the menu offers it to an admin only, and another role cannot open it", async () => {
    await open("sales");
    expect(await screen.findByRole("heading", { name: "Sin permiso" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Política de cobro" })).toBeNull();
  });

  it("is in an admin's menu", async () => {
    await open();
    expect(await screen.findByRole("link", { name: "Política de cobro" }, { timeout: 10_000 })).toHaveProperty("href", expect.stringContaining("/panel/policies/money"));
  });
});
