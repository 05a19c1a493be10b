import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { staffRoles, type RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { simpleCatalogue } from "../../src/records/catalogue.ts";
import { Spinner } from "../../src/ui/shared/Spinner.tsx";
import { ServicesContext } from "../../src/ui/shared/context.ts";
import { catalogueEntry } from "../../src/ui/shared/menu.ts";
import { catalogueRoutes } from "../../src/ui/catalogues/recordRoutes.tsx";
import { createServices } from "../../src/ui/shared/services.ts";
import { userId } from "../ids.ts";
import { fakeFetch, storeSession } from "./harness.tsx";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
  fire.mockImplementation(async (options: { toast?: boolean }) => (options.toast ? {} : { isConfirmed: true }));
});

/**
 * Issue 12: a simple catalogue is one declaration. This one exists only in this test; its texts
 * are added below as es.json would hold them. Nothing else is written for it: the panel's generic
 * routes, list view and form view serve it.
 */
const tags = simpleCatalogue({
  key: "tags",
  resource: "tags",
  singular: "Tag",
  stream: "tag",
  readers: staffRoles,
  writers: ["admin", "marketing"],
  listPath: "/panel/tags",
  newPaths: ["/panel/tags/tags_new"],
  menu: { section: "administration" },
});

const texts = { nav: { tags: "Etiquetas" }, catalogue: { tags: { new: "Nueva etiqueta", edit: "Editar etiqueta" } } };

/** The declared catalogue's routes at `path`, with the real services, router and translations. */
const renderTags = async (path: string, fetch: typeof globalThis.fetch, role: RoleName = "marketing") => {
  window.history.replaceState(null, "", path);
  storeSession({ userName: "Marta Andrade", token: "t0k3n", role, id: userId(2) });
  const i18n = await createI18n(localStorage, ["panel", "screens", "records", "messages"]);
  i18n.addResourceBundle("es", "panel", texts, true, false);
  const services = createServices({ storage: localStorage, i18n, navigate, fetch });
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext value={services}>
        <Suspense fallback={<Spinner />}>
          <Switch>{catalogueRoutes([tags])}</Switch>
        </Suspense>
      </ServicesContext>
    </I18nextProvider>,
  );
};

const beach = { id: 5, name: "Playa", active: true, version: 1 };
const mountain = { id: 6, name: "Montaña", active: false, version: 2 };

/** The calls about the records, without the panel's check of the stored session. */
const recordCalls = <Call extends { readonly url: string }>(calls: ReadonlyArray<Call>): ReadonlyArray<Call> =>
  calls.filter((call) => call.url !== "/api/auth/session");

const rowOf = async (name: string) => (await screen.findByRole("cell", { name })).closest("tr") ?? document.body;

describe("a catalogue declared only in a test", () => {
  it("gets its menu entry from the declaration: section, list and readers", () => {
    expect(catalogueEntry(tags)).toEqual({
      key: "tags",
      path: "/panel/tags",
      section: "administration",
      roles: ["admin", "marketing", "sales"],
    });
  });

  it("is listed by the generic list view: title, add button, declared columns, edit and delete", async () => {
    let rows = [beach, mountain];
    const { fetch, calls } = fakeFetch({
      "GET /api/tags": async () => ({ status: 200, data: rows }),
      "DELETE /api/tags/6": async () => {
        rows = [beach];
        return { status: 200, data: messages.deleted };
      },
    });
    await renderTags("/panel/tags", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Etiquetas" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Nueva etiqueta" }).getAttribute("href")).toBe("/panel/tags/tags_new");
    const row = within(await rowOf("Montaña"));
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "",
      "Activo",
      "Nombre",
      "Acciones",
    ]);
    expect(row.getByText("Inactivo")).toBeDefined();
    expect(row.getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/tags/6");
    await userEvent.click(row.getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Montaña" })).toBeNull());
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ titleText: "¿Eliminar «Montaña»?", icon: "warning" }));
    expect(recordCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/tags",
      "DELETE /api/tags/6",
      "GET /api/tags",
    ]);
  });

  it("is only read by a role that may not write it: no add, no ticks, no delete, the form disabled", async () => {
    const { fetch, calls } = fakeFetch({
      "GET /api/tags": { status: 200, data: [beach, mountain] },
      "GET /api/tags/6": { status: 200, data: mountain },
    });
    await renderTags("/panel/tags", fetch, "sales");
    const row = within(await rowOf("Montaña"));
    expect(screen.queryByRole("link", { name: "Nueva etiqueta" })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(row.queryByRole("button", { name: "Eliminar" })).toBeNull();
    await userEvent.click(row.getByRole("link", { name: "Ver" }));
    const name = await screen.findByDisplayValue("Montaña");
    expect(name.closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Guardar" })).toBeNull();
    expect(calls.every((call) => call.method === "GET")).toBe(true);
  });

  it("is created with the generic form view: the contract's limit, the required name, then back to its list", async () => {
    let rows = [beach];
    const { fetch, calls } = fakeFetch({
      "POST /api/tags/createTag": async () => {
        rows = [beach, { id: 7, name: "Selva", active: true, version: 1 }];
        return { status: 200, data: messages.created };
      },
      "GET /api/tags": async () => ({ status: 200, data: rows }),
    });
    await renderTags("/panel/tags/tags_new", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Nueva etiqueta" })).toBeDefined();
    const name = await screen.findByLabelText("Nombre");
    expect(name.getAttribute("maxlength")).toBe("120");
    expect(screen.getByRole("checkbox", { name: "Activo" })).toHaveProperty("checked", true);
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(screen.getByText("Información requerida")).toBeDefined();
    expect(recordCalls(calls)).toEqual([]);
    await userEvent.type(name, " Selva ");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Etiquetas" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel/tags");
    expect(await screen.findByRole("cell", { name: "Selva" })).toBeDefined();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Selva", active: true });
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ toast: true, titleText: "Registro creado correctamente" }));
  });

  it("is edited with the generic form view, filled with the saved item", async () => {
    const { fetch, calls } = fakeFetch({
      "GET /api/tags/6": { status: 200, data: mountain },
      "PUT /api/tags/updateTag/6": { status: 200, data: messages.updated },
      "GET /api/tags": { status: 200, data: [{ ...mountain, active: true, version: 3 }] },
    });
    await renderTags("/panel/tags/6", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Editar etiqueta" })).toBeDefined();
    expect(await screen.findByLabelText("Nombre")).toHaveProperty("value", "Montaña");
    expect(screen.getByRole("checkbox", { name: "Activo" })).toHaveProperty("checked", false);
    await userEvent.click(screen.getByRole("checkbox", { name: "Activo" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(window.location.pathname).toBe("/panel/tags"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ name: "Montaña", active: true, version: 2 });
  });

  it("answers a detail route that is not an id with the not-found page", async () => {
    await renderTags("/panel/tags/abc", fakeFetch({}).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeDefined();
  });
});
