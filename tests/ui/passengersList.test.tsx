import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { samplePassenger } from "../../src/machines/shared/samples.ts";
import { catalogues } from "../../src/records/index.ts";
import { fittingValue } from "../catalogueSamples.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

/** An active agency, every detail given a value its rule accepts. */
const agency = (id: number, name: string) => {
  const declared = catalogues.find((catalogue) => catalogue.api.resource === "agencies");
  return { id, name, active: true, version: 1, ...Object.fromEntries((declared?.api.details ?? []).map((detail) => [detail.name, fittingValue(detail, 1)])) };
};

const session = {
  status: 200,
  data: { id: 2, firstName: "Sara", lastName: "Ventas", email: "ventas@example.com", rol: "sales", agency: null },
};

describe("the passengers list on the one list engine (issue 37, item 4)", () => {
  it("shows the address's agency in its select after a reload, sorts on the server by birthday and ticks a passenger", async () => {
    storeSession({ userName: "Sara Ventas", token: "t0k3n", role: "sales", id: userId(2) });
    const { fetch, calls } = fakeFetch({
      "GET /api/auth/session": session,
      "GET /api/agencies": { status: 200, data: [agency(3, "Cuenca Travel"), agency(4, "Ikarus Tours")] },
      "GET /api/passengers?agencyId=3&page=1&pageSize=20": { status: 200, data: [samplePassenger] },
      "GET /api/passengers?agencyId=3&sort=birthday&order=asc&page=1&pageSize=20": { status: 200, data: [samplePassenger] },
    });
    await renderApp("/panel/passengers?agency=3", fetch);
    await screen.findByRole("link", { name: "Andrade, Lucía" });
    await waitFor(() => expect((screen.getByLabelText("Agencia") as HTMLSelectElement).value).toBe("3"));

    await userEvent.click(screen.getByRole("button", { name: "Fecha de nacimiento" }));
    await waitFor(() => expect(window.location.search).toBe("?agency=3&sort=birthday&dir=asc"));
    await waitFor(() => {
      const urls = calls.map(({ url }) => url);
      expect(urls, urls.join(" ")).toContain("/api/passengers?agencyId=3&sort=birthday&order=asc&page=1&pageSize=20");
    });
    await userEvent.click(await screen.findByRole("checkbox", { name: "Seleccionar Andrade, Lucía" }));
    expect(screen.getByRole("button", { name: "Exportar seleccionados (CSV)" })).toBeTruthy();
  });
});
