import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { health } from "../../src/api/auth.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { USER_INFO_KEY } from "../../src/machines/session/storedSession.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const signedInAs = (role: RoleName) => storeSession({ userName: "Ana Ruiz", token: "t0k3n", role, id: userId(1) });

const menuEntries = async () => {
  const nav = await screen.findByRole("navigation", { name: "Navegación del panel" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
};

describe("the protected panel", () => {
  it("offers a skip link first, and Esc closes the user menu and the sidebar, giving the focus back", async () => {
    signedInAs("marketing");
    await renderApp("/panel/home", fakeFetch({}).fetch);
    const skip = await screen.findByRole("link", { name: "Saltar al contenido" });
    expect(skip.getAttribute("href")).toBe("#main");
    expect(document.getElementById("main")?.tagName).toBe("MAIN");

    const summary = screen.getByLabelText("Menú de usuario");
    const menu = summary.closest("details");
    await userEvent.click(summary);
    expect(menu?.open).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(menu?.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    const menuButton = screen.getByRole("button", { name: "Abrir menú" });
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    await userEvent.keyboard("{Escape}");
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton);
  });

  it("sends a visitor without a stored session to /panel", async () => {
    await renderApp("/panel/leads", fakeFetch({}).fetch);
    expect(await screen.findByRole("button", { name: "Ingresar" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel");
  });

  it("treats a malformed stored session as signed out", async () => {
    localStorage.setItem(USER_INFO_KEY, '{"userName":"x"}');
    await renderApp("/panel/leads", fakeFetch({}).fetch);
    expect(await screen.findByRole("button", { name: "Ingresar" })).toBeDefined();
  });

  // Flota and Catálogos, the fleet's reference data: every staff role reads it (DOMAIN.md section 2)
  const fleet = ["Yates", "Cubiertas", "Camarotes", "Itinerarios de crucero"];
  // Tarifas: admins write them, sales read them, marketing never sees them (DOMAIN.md section 2)
  const rates = ["Tarifas generales", "Habitación familiar", "Chárter", "Tarifas de contrato", "Boletos aéreos", "Ikarus"];
  const catalogues = [
    "Idiomas",
    "Tipos de yate",
    "Camas",
    "Tipos de identificación",
    "Países",
    "Aerolíneas",
    "Capitanes",
    "Hoteleros",
    "Guías",
    "Tipos de espacio",
    "Compañías",
    "Vuelos",
  ];
  // seasons and agencies are the sales side's (DOMAIN.md section 2)
  const salesSide = ["Temporadas", "Agencias"];
  // the Reportes section (decision 043): marketing reads the leads dashboard only
  const reports = ["Ocupación", "Ventas", "Reservas por vencer", "Panel de leads", "Cuentas por cobrar", "Pagos recibidos", "Penalidades"];
  it.each([
    [
      "admin",
      [
        "Usuarios",
        "Política de cobro",
        "Alimentación",
        "Actividades",
        "Cortesias",
        "Home",
        "Leads",
        "Destinos Nacionales",
        "Destinos Internacionales",
        "Flujos",
        "Disponibilidad",
        "Salidas",
        "Reservas",
        "Pasajeros",
        ...reports,
        ...fleet,
        ...rates,
        ...catalogues,
        ...salesSide,
      ],
    ],
    [
      "marketing",
      [
        "Alimentación",
        "Actividades",
        "Cortesias",
        "Home",
        "Leads",
        "Destinos Nacionales",
        "Destinos Internacionales",
        "Flujos",
        "Disponibilidad",
        "Salidas",
        "Reservas",
        "Pasajeros",
        "Panel de leads",
        ...fleet,
        ...catalogues,
      ],
    ],
    [
      "sales",
      [
        "Alimentación",
        "Actividades",
        "Cortesias",
        "Leads",
        "Destinos Nacionales",
        "Destinos Internacionales",
        "Disponibilidad",
        "Salidas",
        "Reservas",
        "Pasajeros",
        ...reports,
        ...fleet,
        ...rates,
        ...catalogues,
        ...salesSide,
      ],
    ],
    // an agency's users see their agency only (DOMAIN.md section 2)
    ["agency", ["Mi agencia", "Disponibilidad", "Reservas", "Pasajeros", "Tipos de espacio"]],
  ] as const)("shows %s the entries of their role", async (role, entries) => {
    signedInAs(role);
    await renderApp("/panel/leads", fakeFetch({}).fetch);
    expect(await menuEntries()).toEqual(entries);
    expect(screen.getByText("Bienvenido, Ana Ruiz")).toBeDefined();
  });

  // the fake server has none of the records: their forms show the not-found page, and the menu
  // still says where the user is
  it.each([
    ["/panel/users", "Usuarios", "Usuarios"],
    ["/panel/users_new", "Usuarios", "Nuevo usuario"],
    ["/panel/users/4", "Usuarios", "Página no encontrada"],
    ["/panel/feeding/feeding_new", "Alimentación", "Nueva alimentación"],
    ["/panel/courtesys/courtesy_new", "Cortesias", "Nueva cortesía"],
    ["/panel/activities/2", "Actividades", "Página no encontrada"],
    ["/panel/national/destinations_new", "Destinos Nacionales", "Nuevo destino"],
    ["/panel/international/destinations/3", "Destinos Internacionales", "Página no encontrada"],
    ["/panel/home/baner/2", "Home", "Página no encontrada"],
  ])("highlights the entry of %s", async (path, entry, title) => {
    signedInAs("admin");
    await renderApp(path, fakeFetch({}).fetch);
    await menuEntries();
    const current = screen.getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual([entry]);
    // an edit's title shows while its record loads, the not-found page once it is refused
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeDefined();
  });

  it("opens the sidebar with the menu button, closes it on the overlay and on choosing an entry", async () => {
    signedInAs("admin");
    await renderApp("/panel/home", fakeFetch({}).fetch);
    const menuButton = await screen.findByRole("button", { name: "Abrir menú" });
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    const overlay = screen.getAllByRole("button", { name: "Cerrar menú" }).find((b) => b !== menuButton);
    await userEvent.click(overlay ?? menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("link", { name: "Leads" }));
    expect(window.location.pathname).toBe("/panel/leads");
    expect(await screen.findByRole("heading", { level: 1, name: "Leads" })).toBeDefined();
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("signs out: tells the server, clears local storage but keeps the language, goes to /panel", async () => {
    signedInAs("sales");
    localStorage.setItem("lang", "es");
    localStorage.setItem("draft", "something");
    const { fetch, calls } = fakeFetch({ "POST /api/auth/logout": { status: 200, data: "session closed" } });
    await renderApp("/panel/leads", fetch);
    await userEvent.click(await screen.findByLabelText("Menú de usuario"));
    await userEvent.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByRole("button", { name: "Ingresar" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel");
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: "/api/auth/logout", authorization: "Bearer t0k3n" });
    expect({ ...localStorage }).toEqual({ lang: "es" });
  });

  it("signs out locally even when the server cannot be reached", async () => {
    signedInAs("admin");
    await renderApp("/panel/home", () => Promise.reject(new TypeError("offline")));
    await userEvent.click(await screen.findByLabelText("Menú de usuario"));
    await userEvent.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    await waitFor(() => expect(window.location.pathname).toBe("/panel"));
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it("ends the session when any call answers 498", async () => {
    signedInAs("admin");
    localStorage.setItem("lang", "es");
    const { fetch } = fakeFetch({ "GET /api/health": { status: 498, data: "invalid session" } });
    const { services } = await renderApp("/panel/home", fetch);
    await menuEntries();
    await act(() => expect(services.client.call(health)).rejects.toThrow("invalid session"));
    expect(await screen.findByRole("button", { name: "Ingresar" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel");
    expect({ ...localStorage }).toEqual({ lang: "es" });
  });
});
