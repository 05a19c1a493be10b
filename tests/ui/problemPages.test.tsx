import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const agencySession = {
  status: 200,
  data: { id: 9, firstName: "Paola", lastName: "Vera", email: "reservas@ikarustours.example.com", rol: "agency", agency: { id: 3, name: "Ikarus Tours" } },
};

/** The problem page: its title, its sentence and its one way back. */
const problemPage = async (title: string) => {
  // the first visit of a file fetches the panel's lazy screens cold, slower than findBy's default second
  const heading = await screen.findByRole("heading", { level: 1, name: title }, { timeout: 10_000 });
  const page = heading.closest("section");
  if (page === null) throw new Error("the problem page's section");
  return { page, sentence: page.querySelector("p")?.textContent, back: page.querySelector("a") };
};

describe("a screen that cannot show its record", () => {
  it("tells an agency user who opens the staff's users that they have no permission, with the way to their start page, asking nothing", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch({});
    await renderApp("/panel/users", fetch);
    const { sentence, back } = await problemPage("Sin permiso");
    expect(sentence).toBe("Su usuario no tiene permiso para ver esta página. Si lo necesita, pídaselo a un administrador.");
    expect([back?.textContent, back?.getAttribute("href")]).toEqual(["Ir al inicio", "/panel"]);
    // no empty list with a '+' to add users
    expect(screen.queryByRole("link", { name: "Nuevo usuario" })).toBeNull();
    expect(calls.some((call) => call.url.startsWith("/api/users"))).toBe(false);
  });

  it("says a reservation that is not there was not found, with the way back to the reservations", async () => {
    storeSession({ userName: "Vera Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch } = fakeFetch({ "GET /api/reservations/99": { status: 404, data: messages.notFound } });
    await renderApp("/panel/reservations/99", fetch);
    const { sentence, back } = await problemPage("Página no encontrada");
    expect(sentence).toBe("Lo que busca no existe o ya no está: quizá se borró, o la dirección tiene un error.");
    expect([back?.textContent, back?.getAttribute("href")]).toEqual(["Volver a Reservas", "/panel/reservations"]);
    expect(screen.queryByRole("button", { name: "Reintentar" })).toBeNull();
  });

  it("sends an agency user refused a departure back to the availability", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch } = fakeFetch({
      "GET /api/auth/session": agencySession,
      "GET /api/genders": { status: 200, data: [] },
      "GET /api/availability/7": {
        status: 200,
        data: { cruiseId: 7, code: "GEX-20300606", yachtId: 1, yachtName: "Galápagos Explorer", yachtColour: "#1e6091", itineraryName: "Norte 4 días", startDate: "2030-06-06", endDate: "2030-06-09", status: "available", free: 8, capacity: 8, waiting: 0, categories: [] },
      },
      "GET /api/cruises/7/cabins": { status: 403, data: messages.forbidden },
    });
    await renderApp("/panel/cruises/7/reservations", fetch);
    const { back } = await problemPage("Sin permiso");
    expect([back?.textContent, back?.getAttribute("href")]).toEqual(["Volver a Disponibilidad", "/panel/availability"]);
    expect(screen.queryByRole("button", { name: "Bloquear" })).toBeNull();
  });

  it("says so in English on a record form, with the way back to its list", async () => {
    localStorage.setItem("lang", "en");
    storeSession({ userName: "Ana Admin", token: "t0k3n", role: "admin", id: userId(1) });
    const { fetch } = fakeFetch({ "GET /api/users/99": { status: 404, data: messages.notFound } });
    await renderApp("/panel/users/99", fetch);
    const { sentence, back } = await problemPage("Page not found");
    expect(sentence).toBe("What you are looking for does not exist or is gone: it may have been deleted, or the address has a mistake.");
    expect([back?.textContent, back?.getAttribute("href")]).toEqual(["Back to the list", "/panel/users"]);
    expect(document.title).toBe("Page not found · Ecuador Travel");
  });

  it("answers an address that leads nowhere in the panel with the way to the user's start page", async () => {
    storeSession({ userName: "Ana Admin", token: "t0k3n", role: "admin", id: userId(1) });
    await renderApp("/panel/nowhere", fakeFetch({}).fetch);
    const { back } = await problemPage("Página no encontrada");
    expect(back?.getAttribute("href")).toBe("/panel");
  });
});
