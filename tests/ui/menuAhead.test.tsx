import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Lead } from "../../src/api/leads.ts";
import { departures } from "../../src/machines/departures/record.ts";
import { passengers } from "../../src/machines/passengers/record.ts";
import { reservations } from "../../src/machines/reservations/record.ts";
import { languages } from "../../src/records/referenceData.ts";
import { reservationsEntry, yachtsEntry } from "../../src/records/entries.ts";
import { sampleLead } from "../../src/machines/shared/samples.ts";
import { paths } from "../../src/ui/paths.ts";
import { entriesFor } from "../../src/ui/shared/menu.ts";
import { screenChunkAt } from "../../src/ui/shared/panelScreens.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

const heading = () => document.querySelector("main h1")?.textContent ?? null;

/** Watches the page for the panel's fallback (a spinner as a child of <main>) until `stop` is called. */
const watchFallback = () => {
  let shown = false;
  const watcher = new MutationObserver((records) => {
    shown ||= records.some((record) =>
      [...record.addedNodes].some((node) => node instanceof Element && (node.matches("main > .spinner-box") || node.querySelector("main > .spinner-box") !== null)),
    );
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  return () => {
    watcher.disconnect();
    return shown;
  };
};

/** Whether the panel's own spinner (its screens' Suspense fallback, a child of <main>) shows while `move` runs. */
const spinnerShownDuring = async (move: () => Promise<void>): Promise<boolean> => {
  const main = document.querySelector("main");
  if (main === null) throw new Error("no <main> to watch");
  let shown = main.querySelector(":scope > .spinner-box") !== null;
  const watcher = new MutationObserver((records) => {
    shown ||= records.some((record) => [...record.addedNodes].some((node) => node instanceof Element && node.matches(".spinner-box")));
  });
  watcher.observe(main, { childList: true });
  await move();
  watcher.disconnect();
  return shown;
};

describe("a menu entry pointed at", () => {
  it("has its screen's code fetched, for every entry of every role's menu", () => {
    for (const role of ["admin", "marketing", "sales", "agency"] as const) {
      for (const entry of entriesFor(role)) expect(screenChunkAt(entry.path), `${role}: ${entry.path}`).toBeDefined();
    }
  });

  it("then draws its screen in the render its click makes, not after a fallback", async () => {
    storeSession({ userName: "Ana Ruiz", token: "t0k3n", role: "admin", id: userId(1) });
    await renderApp("/panel/leads", fakeFetch({}).fetch);
    const nav = await screen.findByRole("navigation", { name: "Navegación del panel" });
    await screen.findByRole("heading", { level: 1, name: "Leads" });
    // the records' screens, a catalogue, the shell's own and a report: each route's kind once
    for (const name of ["Reservas", "Salidas", "Pasajeros", "Idiomas", "Destinos Nacionales", "Usuarios", "Home", "Política de cobro", "Flujos", "Ventas", "Disponibilidad"]) {
      const link = within(nav).getByRole("link", { name });
      const before = heading();
      fireEvent.pointerEnter(link);
      // the same loader the entry's pointing started: fetched once
      await screenChunkAt(link.getAttribute("href") ?? "")?.();
      const spinner = await spinnerShownDuring(async () => {
        fireEvent.click(link);
        // the move waits for the leaving check's answer (a promise), then renders
        await waitFor(() => expect(heading(), name).not.toBe(before));
      });
      expect(window.location.pathname, name).toBe(link.getAttribute("href"));
      expect(heading(), name).not.toBeNull();
      expect(spinner, name).toBe(false);
    }
  });
});

describe("a start at the address of one of the shell's screens of a record (a reload, a mail's link)", () => {
  it("has that screen's code fetched with the start's, for each of them", () => {
    const addresses = [paths.lead(40), paths.user(2), paths.usersNew, paths.homeBanner(3), paths.homeBannerNew, paths.homeCallAction(1), paths.homeCallActionNew, paths.homeRecommendations, paths.password, `${reservationsEntry.listPath}/590`];
    for (const address of addresses) expect(screenChunkAt(address), address).toBeDefined();
    // an address below a record's page is not taken for that page, nor for the records' routes
    expect(screenChunkAt(`${paths.lead(40)}/comments`)).toBeUndefined();
    expect(screenChunkAt(`${paths.user(2)}/roles`)).toBeUndefined();
  });

  it("draws the lead in the first render after those fetches, never the panel's fallback", async () => {
    storeSession({ userName: "Pedro Vélez", token: "t0k3n", role: "sales", id: userId(5) });
    const stop = watchFallback();
    const { fetch } = fakeFetch({ [`GET /api/leads/${sampleLead.id}`]: { status: 200, data: Schema.encodeSync(Lead)(sampleLead) } });
    await renderApp(paths.lead(sampleLead.id), fetch);
    await screen.findByRole("heading", { level: 1, name: "Marta Quispe" });
    expect(stop()).toBe(false);
  });
});

describe("a start at the address of a record's own page among the records' routes (decision 157)", () => {
  it("draws the page in the first render after the records' routes and its screen were fetched, never the panel's fallback", async () => {
    // a passenger's, a departure's (its form, a tab, a document), a voucher, a destination's, a
    // yacht's page and a catalogue's form: each screen the records' routes draw for one record
    const addresses = [
      passengers.newPath,
      departures.newPath,
      departures.tabPath(7, "reservations"),
      departures.tabPath(7, "voucher"),
      departures.tabPath(7, "zarpe"),
      reservations.voucherPath(590),
      paths.destinationsNew("national"),
      `${yachtsEntry.listPath}/1/technical_info`,
      languages.newPaths[0],
    ];
    for (const address of addresses) {
      storeSession({ userName: "Ana Ruiz", token: "t0k3n", role: "admin", id: userId(1) });
      const stop = watchFallback();
      const { unmount } = await renderApp(address, fakeFetch({}).fetch);
      await waitFor(() => expect(document.querySelector("main h1, main h2"), address).not.toBeNull());
      expect(stop(), address).toBe(false);
      unmount();
    }
  });
});
