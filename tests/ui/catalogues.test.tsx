import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { fakeFetch, renderApp, storeSession, dialogAsked } from "./harness.tsx";
import { userId } from "../ids.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
  storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
});

const breakfast = { id: 3, name: "Desayuno", active: true, version: 1 };
const dinner = { id: 7, name: "Cena", active: false, version: 4 };

const rowOf = async (name: string) => (await screen.findByRole("cell", { name })).closest("tr") ?? document.body;

describe("the feeding list", () => {
  it("shows the items with state, name, edit and delete, and the add button", async () => {
    await renderApp("/panel/feeding", fakeFetch({ "GET /api/feedings": { status: 200, data: [breakfast, dinner] } }).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Alimentación" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Nueva alimentación" }).getAttribute("href")).toBe(
      "/panel/feeding/feeding_new",
    );
    const row = within(await rowOf("Cena"));
    expect(row.getByText("Inactivo")).toBeDefined();
    expect(row.getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/feeding/7");
    expect(row.getByRole("button", { name: "Eliminar" })).toBeDefined();
    expect(row.queryByRole("button", { name: "Enviar contraseña temporal" })).toBeNull();
  });

  it("deletes only after 'Eliminar' and reloads", async () => {
    fire.mockImplementation(async (options: { toast?: boolean }) => (options.toast ? {} : { isConfirmed: true }));
    let items = [breakfast, dinner];
    const { fetch, calls } = fakeFetch({
      "GET /api/feedings": async () => ({ status: 200, data: items }),
      "DELETE /api/feedings/7": async () => {
        items = [breakfast];
        return { status: 200, data: messages.deleted };
      },
    });
    await renderApp("/panel/feeding", fetch);
    await userEvent.click(within(await rowOf("Cena")).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Cena" })).toBeNull());
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ titleText: "¿Eliminar «Cena»?", icon: "warning" }));
    expect(calls.filter((call) => call.url.startsWith("/api/feedings")).map((call) => call.method)).toEqual([
      "GET",
      "DELETE",
      "GET",
    ]);
  });

  it("shows why a list could not load, without the empty-list text under it", async () => {
    await renderApp("/panel/activities", fakeFetch({ "GET /api/activities": { status: 403, data: messages.forbidden } }).fetch);
    expect(await screen.findByText("No tiene permiso para esta acción")).toBeDefined();
    expect(screen.queryByText("Todavía no hay registros.")).toBeNull();
  });

  it("shows a 50x50 spinner while the list loads", async () => {
    await renderApp("/panel/activities", fakeFetch({ "GET /api/activities": () => new Promise(() => {}) }).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Actividades" })).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("Cargando…");
  });
});

describe("the feeding form", () => {
  it("requires a name, then creates the item and returns to the list with a toast", async () => {
    fire.mockResolvedValue({});
    const { fetch, calls } = fakeFetch({
      "POST /api/feedings/createFeeding": { status: 200, data: messages.created },
      "GET /api/feedings": { status: 200, data: [breakfast] },
    });
    await renderApp("/panel/feeding/feeding_new", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Nueva alimentación" })).toBeDefined();
    // the contract's limit (catalogueItemFields.name), as the server enforces it
    expect((await screen.findByLabelText("Nombre")).getAttribute("maxlength")).toBe("120");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(screen.getByText("Información requerida")).toBeDefined();
    await userEvent.type(screen.getByLabelText("Nombre"), "Desayuno");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Alimentación" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel/feeding");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Desayuno", active: true });
    await dialogAsked(fire, { toast: true, titleText: "Registro creado correctamente" });
  });

  it("edits an item with its saved values and sends them back with the version it loaded", async () => {
    fire.mockResolvedValue({});
    const { fetch, calls } = fakeFetch({
      "GET /api/feedings/7": { status: 200, data: dinner },
      "PUT /api/feedings/updateFeeding/7": { status: 200, data: messages.updated },
      "GET /api/feedings": { status: 200, data: [breakfast, { ...dinner, active: true, version: 5 }] },
    });
    await renderApp("/panel/feeding/7", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Editar alimentación" })).toBeDefined();
    const name = await screen.findByLabelText("Nombre");
    expect(name).toHaveProperty("value", "Cena");
    expect(screen.getByRole("checkbox", { name: "Activo" })).toHaveProperty("checked", false);
    await userEvent.click(screen.getByRole("checkbox", { name: "Activo" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(window.location.pathname).toBe("/panel/feeding"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ name: "Cena", active: true, version: 4 });
  });

  it("explains a missing item and links back to the list", async () => {
    await renderApp("/panel/feeding/99", fakeFetch({}).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Volver a la lista" }).getAttribute("href")).toBe("/panel/feeding");
  });

  it.each([
    ["/panel/courtesys/courtesys_new", "Nueva cortesía"],
    ["/panel/courtesys/courtesy_new", "Nueva cortesía"],
    ["/panel/activities/activities_new", "Nueva actividad"],
  ])("opens the new form at %s", async (path, title) => {
    await renderApp(path, fakeFetch({}).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeDefined();
    expect(screen.getByRole("link", { current: "page" }).textContent).toBe(
      path.includes("courtesy") ? "Cortesias" : "Actividades",
    );
  });
});
