import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { quietChangeStream, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

beforeEach(() => {
  storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "admin", id: userId(5) });
});

const ecuador = { id: 1, name: "Ecuador", active: true, version: 1, englishName: "Ecuador", code: "EC", andeanPact: true };
const agency = (id: number, name: string, active = true) => ({
  id,
  name,
  active,
  version: 1,
  type: "retailer",
  country: 1,
  city: "Quito",
  commission: 10,
  credit: null,
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
  contactName: "",
  position: "",
  skype: "",
});

/**
 * The server's side of the agencies list: a page of 45 agencies (20 a page) answered with its
 * meta, whatever the query; each agencies call's query is kept to be read by the test.
 */
const agenciesServer = () => {
  const asked: URLSearchParams[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input), "http://panel.test");
    const stream = quietChangeStream(url);
    if (stream !== null) return stream;
    if (url.pathname === "/api/countries") return Response.json({ data: [ecuador] });
    if (url.pathname === "/api/identificationTypes") return Response.json({ data: [] });
    if (url.pathname === "/api/agencies") {
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get("page"));
      const pageRows = page > 3 ? [] : [agency(page * 100 + 1, `Agencia ${page}`, page === 1)];
      const rows = url.searchParams.get("q") === "dreams" ? [agency(3, "Galápagos Dreams")] : pageRows;
      const total = url.searchParams.get("q") === "dreams" ? 1 : 45;
      return Response.json({ data: rows, meta: { total, page, pageSize: Number(url.searchParams.get("pageSize")) } });
    }
    return Response.json({ data: "resource not found" }, { status: 404 });
  };
  return { fetch, asked };
};

describe("the agencies list, paged on the server (issue 34, item 8)", () => {
  it("asks the server for one page and shows its rows with the catalogue's columns and actions, and the server's total", async () => {
    const { fetch, asked } = agenciesServer();
    await renderApp("/panel/agencies", fetch);
    const row = within((await screen.findByRole("cell", { name: "Agencia 1" })).closest("tr") ?? document.body);
    expect(row.getByText("Ecuador")).toBeDefined();
    expect(row.getByText("Activo")).toBeDefined();
    expect(row.getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/agencies/101");
    expect(row.getByRole("button", { name: "Eliminar" })).toBeDefined();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: "1", pageSize: "20" });
    // 45 agencies, 20 a page: the pager offers the second page, which the server is asked for
    expect(screen.getByText("Página 1 de 3")).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByRole("cell", { name: "Agencia 2" })).toBeDefined();
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ page: "2", pageSize: "20" });
    expect(window.location.search).toContain("page=2");
  });

  it("shows the last page when the address asks for one past it", async () => {
    const { fetch, asked } = agenciesServer();
    await renderApp("/panel/agencies?page=9", fetch);
    expect(await screen.findByRole("cell", { name: "Agencia 3" })).toBeDefined();
    expect(screen.getByText("Página 3 de 3")).toBeDefined();
    expect(asked.map((query) => query.get("page"))).toEqual(["9", "3"]);
  });

  it("searches, sorts and filters on the server, with the query in the address", async () => {
    const { fetch, asked } = agenciesServer();
    await renderApp("/panel/agencies?active=no", fetch);
    await screen.findByRole("cell", { name: "Agencia 1" });
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ active: "false", page: "1", pageSize: "20" });
    await userEvent.type(screen.getByRole("searchbox"), "dreams");
    expect(await screen.findByRole("cell", { name: "Galápagos Dreams" })).toBeDefined();
    expect(asked.at(-1)?.get("q")).toBe("dreams");
    await waitFor(() => expect(window.location.search).toContain("q=dreams"));
    await userEvent.click(screen.getByRole("button", { name: /Comisión/ }));
    await waitFor(() => expect(asked.at(-1)?.get("sort")).toBe("commission"));
    expect(asked.at(-1)?.get("order")).toBe("asc");
    expect(asked.at(-1)?.get("q")).toBe("dreams");
  });
});
