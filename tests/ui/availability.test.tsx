import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

/** Decisions 097 and 120: a period's departures show fifty a page, each page asked of the server with the number found. */

const departures = Array.from({ length: 120 }, (_, index) => ({
  cruiseId: index + 1,
  code: `EXP-${String(index + 1).padStart(3, "0")}`,
  yachtId: 1 + (index % 2),
  yachtName: index % 2 === 0 ? "Explorer" : "Sea Lion",
  yachtColour: "#1e88e5",
  itineraryName: "Islas del norte",
  startDate: "2030-06-04",
  endDate: "2030-06-08",
  status: "available",
  free: 10,
  capacity: 16,
  waiting: 0,
  categories: [{ category: "double", free: 10, capacity: 16 }],
}));

/**
 * The first cell's text of each body row. The rows are found by their role; their cells are read
 * from the row itself: a role query in each of a hundred rows, run again at every change of the
 * page while a wait lasts, took a seventh of the UI tests' CPU.
 */
const shownCodes = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);

it("shows a period's departures fifty a page, asks each page with the number found, and takes another number a page from the first", async () => {
  storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
  const asked = "/api/availability?from=2030-06-01&to=2030-08-31";
  const page = (number: number, size: number) => ({
    [`GET ${asked}&page=${number}&pageSize=${size}`]: {
      status: 200,
      data: departures.slice((number - 1) * size, number * size),
      meta: { total: departures.length, page: number, pageSize: size },
    },
  });
  const { fetch, calls } = fakeFetch({ ...page(1, 50), ...page(2, 50), ...page(3, 50), ...page(1, 100) });
  await renderApp("/panel/availability?from=2030-06-01&to=2030-08-31", fetch);
  await screen.findByRole("link", { name: "EXP-001" }, { timeout: 10_000 });
  const pager = within(screen.getByRole("navigation", { name: "Páginas de la disponibilidad" }));
  // the page is drawn a few rows a frame (src/ui/shared/rowsInSlices.ts)
  await waitFor(() => expect(shownCodes()).toEqual(departures.slice(0, 50).map((departure) => departure.code)));
  expect(pager.getByText("Página 1 de 3")).toBeDefined();
  expect(pager.getByText("120 salidas en total")).toBeDefined();
  expect(pager.getByRole("button", { name: "Anterior" }).hasAttribute("disabled")).toBe(true);

  await userEvent.click(pager.getByRole("button", { name: "Siguiente" }));
  await waitFor(() => expect(shownCodes()[0]).toBe("EXP-051"));
  await userEvent.selectOptions(pager.getByRole("combobox", { name: "Ir a la página" }), "3");
  await waitFor(() => expect(shownCodes()).toEqual(departures.slice(100).map((departure) => departure.code)));
  expect(pager.getByRole("button", { name: "Siguiente" }).hasAttribute("disabled")).toBe(true);

  await userEvent.selectOptions(pager.getByRole("combobox", { name: "Filas por página" }), "100");
  await waitFor(() => expect(shownCodes()).toHaveLength(100));
  expect(shownCodes()[0]).toBe("EXP-001");
  expect(pager.getByText("Página 1 de 2")).toBeDefined();
  // each page was asked of the server once, never the whole period
  expect(calls.filter((call) => call.url.startsWith("/api/availability")).map((call) => new URL(call.url, "http://localhost").search)).toEqual([
    "?from=2030-06-01&to=2030-08-31&page=1&pageSize=50",
    "?from=2030-06-01&to=2030-08-31&page=2&pageSize=50",
    "?from=2030-06-01&to=2030-08-31&page=3&pageSize=50",
    "?from=2030-06-01&to=2030-08-31&page=1&pageSize=100",
  ]);
});

it("keeps the rows in view, dimmed, while the next page is asked", async () => {
  storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
  const asked = "/api/availability?from=2030-06-01&to=2030-08-31";
  let answerPageTwo: () => void = () => undefined;
  const pageTwo = new Promise<void>((resolve) => {
    answerPageTwo = resolve;
  });
  const { fetch } = fakeFetch({
    [`GET ${asked}&page=1&pageSize=50`]: { status: 200, data: departures.slice(0, 50), meta: { total: 120, page: 1, pageSize: 50 } },
    [`GET ${asked}&page=2&pageSize=50`]: async () => {
      await pageTwo;
      return { status: 200, data: departures.slice(50, 100), meta: { total: 120, page: 2, pageSize: 50 } };
    },
  });
  const { container } = await renderApp("/panel/availability?from=2030-06-01&to=2030-08-31", fetch);
  await screen.findByRole("link", { name: "EXP-001" }, { timeout: 10_000 });
  const list = container.querySelector(".availability-list");
  expect(list?.getAttribute("aria-busy")).toBe("false");
  await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
  await waitFor(() => expect(list?.getAttribute("aria-busy")).toBe("true"));
  expect(shownCodes()[0]).toBe("EXP-001");
  answerPageTwo();
  await waitFor(() => expect(shownCodes()[0]).toBe("EXP-051"));
  expect(list?.getAttribute("aria-busy")).toBe("false");
});
