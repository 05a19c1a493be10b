import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { entriesFor } from "../../src/ui/shared/menu.ts";
import { screenChunkAt } from "../../src/ui/shared/panelScreens.ts";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

const heading = () => document.querySelector("main h1")?.textContent ?? null;

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
