import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { quietChangeStream, renderApp, storeSession } from "./harness.tsx";
import { emptyValue } from "../../src/api/details.ts";
import { yachts } from "../../src/records/fleet.ts";
import { userId } from "../ids.ts";

// a save is toasted: SweetAlert2 stands in, as jsdom draws no popup
const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
  fire.mockResolvedValue({});
  storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "admin", id: userId(5) });
});

/** A yacht to choose, each of its details empty. */
const explorer = {
  id: 1,
  name: "Galápagos Explorer",
  active: true,
  version: 1,
  ...Object.fromEntries(yachts.api.details.map(({ name, rule }) => [name, emptyValue(rule)])),
  ...Object.fromEntries(yachts.api.totals.map(({ name }) => [name, 0])),
};

const rate = {
  id: 7,
  name: "Alta 2027 · doble · 4 días",
  active: true,
  version: 3,
  year: 2027,
  yacht: 1,
  days: 4,
  season: "high",
  category: "double",
  clientRate: 2070,
  operatorRate: 1759.45,
  childDiscount: 25,
  wholesalerDiscount: null,
  promotionalDiscount: null,
};

/** The server's side of the general rates: the list, the rate, and each save's body, kept to be read by the test. */
const ratesServer = () => {
  const saved: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), "http://panel.test");
    const stream = quietChangeStream(url);
    if (stream !== null) return stream;
    if (url.pathname === "/api/yachts") return Response.json({ data: [explorer] });
    if (url.pathname === "/api/rates/general") return Response.json({ data: [rate] });
    if (url.pathname === "/api/rates/general/7") return Response.json({ data: rate });
    if (url.pathname === "/api/rates/updateRate/general/7") {
      saved.push(JSON.parse(String(init?.body)));
      return Response.json({ data: "resource updated successfully" });
    }
    return Response.json({ data: "resource not found" }, { status: 404 });
  };
  return { fetch, saved };
};

describe("a rate's amounts (decision 088): dollars typed and shown, cents kept by the server", () => {
  it("lists the amounts as US$ with two decimals, as the reader's language writes them", async () => {
    await renderApp("/panel/rates/general", ratesServer().fetch);
    // the file's first visit fetches the panel's lazy screens cold, slower than findBy's default second
    const row = within((await screen.findByRole("cell", { name: rate.name }, { timeout: 10_000 })).closest("tr") ?? document.body);
    expect(row.getByText("US$ 2.070,00")).toBeDefined();
    expect(row.getByText("US$ 1.759,45")).toBeDefined();
  });

  it("lists them in English as the United States writes them", async () => {
    localStorage.setItem("lang", "en");
    await renderApp("/panel/rates/general", ratesServer().fetch);
    const row = within((await screen.findByRole("cell", { name: rate.name })).closest("tr") ?? document.body);
    expect(row.getByText("US$ 2,070.00")).toBeDefined();
    expect(row.getByText("US$ 1,759.45")).toBeDefined();
    localStorage.removeItem("lang");
  });

  it("refuses an amount with three decimals or below zero with what an amount is, and sends the typed dollars", async () => {
    const { fetch, saved } = ratesServer();
    await renderApp("/panel/rates/general/7", fetch);
    const client = await screen.findByLabelText("Tarifa cliente (US$)");
    expect((client as HTMLInputElement).value).toBe("2.070,00");
    expect((screen.getByLabelText("Tarifa operador (US$)") as HTMLInputElement).value).toBe("1.759,45");
    await userEvent.clear(client);
    await userEvent.type(client, "2.070,505");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Un importe en dólares de 0 a 9.999.999,99, con dos decimales como máximo")).toBeDefined();
    await userEvent.clear(client);
    await userEvent.type(client, "-5");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Un importe en dólares de 0 a 9.999.999,99, con dos decimales como máximo")).toBeDefined();
    expect(saved).toEqual([]);
    await userEvent.clear(client);
    // a phone's keypad writes a point: the last one with two digits is the decimal point
    await userEvent.type(client, "2150.35");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ clientRate: 2150.35, operatorRate: 1759.45, version: 3 });
    await waitFor(() => expect(fire).toHaveBeenCalledWith(expect.objectContaining({ toast: true })));
  });
});
