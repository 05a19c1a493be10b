import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sampleReservation } from "../../src/machines/shared/samples.ts";
import { catalogues } from "../../src/records/index.ts";
import { fittingValue } from "../catalogueSamples.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

/** An active agency, every detail given a value its rule accepts. */
const agency = (id: number, name: string) => {
  const declared = catalogues.find((catalogue) => catalogue.api.resource === "agencies");
  return { id, name, active: true, version: 1, ...Object.fromEntries((declared?.api.details ?? []).map((detail) => [detail.name, fittingValue(detail, 1)])) };
};
const agencies = [agency(3, "Cuenca Travel"), agency(4, "Ikarus Tours")];

const session = {
  status: 200,
  data: { id: 2, firstName: "Sara", lastName: "Ventas", email: "ventas@example.com", rol: "sales", agency: null },
};

const page = (rows: ReadonlyArray<typeof sampleReservation>) => ({ status: 200, data: rows });

describe("the reservations list on the one list engine (issue 37, item 4)", () => {
  it("shows the address's filters in their controls after a reload, sorts on the server by a header, and ticks rows for the bulk bar", async () => {
    storeSession({ userName: "Sara Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": session,
      "GET /api/agencies": { status: 200, data: agencies },
      "GET /api/reservations?agencyId=4&page=1&pageSize=20": page([sampleReservation]),
      "GET /api/reservations?agencyId=4&sort=berths&order=asc&page=1&pageSize=20": page([sampleReservation]),
    });
    await renderApp("/panel/reservations?agency=4", fetch);
    await screen.findByRole("link", { name: "RES-0031" });
    // the agency chosen before the reload shows in its select, not "all agencies"
    await waitFor(() => expect((screen.getByLabelText("Agencia") as HTMLSelectElement).value).toBe("4"));
    expect(screen.getByRole("option", { name: "Ikarus Tours", selected: true })).toBeTruthy();
    const row = screen.getByRole("row", { name: /RES-0031/ });
    expect(within(row).getByText("2")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Plazas" }));
    await waitFor(() => expect(window.location.search).toBe("?agency=4&sort=berths&dir=asc"));
    await waitFor(() => {
      const urls = calls.map(({ url }) => url);
      expect(urls, urls.join(" ")).toContain("/api/reservations?agencyId=4&sort=berths&order=asc&page=1&pageSize=20");
    });
    expect(screen.getByRole("columnheader", { name: "Plazas" }).getAttribute("aria-sort")).toBe("ascending");

    await userEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar RES-0031" }));
    const bulk = screen.getByRole("region", { name: /seleccion|acciones/i });
    expect(within(bulk).getByRole("button", { name: "Exportar seleccionados (XLSX)" })).toBeTruthy();
    await userEvent.click(within(bulk).getByRole("button", { name: "Quitar selección" }));
    expect(screen.queryByRole("button", { name: "Exportar seleccionados (XLSX)" })).toBeNull();
  });

  it("filters by state from its select at once, writing the address", async () => {
    storeSession({ userName: "Sara Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": session,
      "GET /api/agencies": { status: 200, data: agencies },
      "GET /api/reservations?page=1&pageSize=20": page([sampleReservation]),
      "GET /api/reservations?state=confirmed&page=1&pageSize=20": page([]),
    });
    await renderApp("/panel/reservations", fetch);
    await screen.findByRole("link", { name: "RES-0031" });
    await userEvent.selectOptions(screen.getByLabelText("Estado"), "confirmed");
    await waitFor(() => expect(window.location.search).toBe("?state=confirmed"));
    await screen.findByText("No hay reservas.", { exact: false });
    expect(calls.map(({ url }) => url)).toContain("/api/reservations?state=confirmed&page=1&pageSize=20");
  });
});
