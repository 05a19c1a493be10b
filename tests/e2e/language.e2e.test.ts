/**
 * One language at a time (issue 37 items 7 and 8, decision 080) in a real browser: the hold form's
 * space types and the plan's decks read in the reader's language, Spanish or English, and the
 * assign-passenger dialog's search and list fit its popup on a phone.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { freeExplorerDeparture, holdForAgency } from "./support/departures.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** The texts of the labels of a picked cabin's space types on the hold form. */
const spaceTypeLabels = (group: Locator) => group.locator("label").allTextContents();

describe("the reader's language", () => {
  it("names the hold form's space types and the plan's decks in Spanish, then in English", async () => {
    const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com");
    const departure = await freeExplorerDeparture(app.url, token, 150);

    await page.goto(`${app.url}/panel/cruises/${departure.id}/reservations`);
    await page.getByRole("region", { name: "Cubierta superior" }).waitFor();
    await page.getByRole("button", { name: "Cabina 3: 2 de 2 plazas libres" }).click();
    expect(await spaceTypeLabels(page.getByRole("group", { name: "Cabina 3" }))).toEqual(["Hombre adulto", "Mujer adulta", "Niño"]);
    await screenshot(page, "language-hold-es-desktop");

    await page.evaluate(() => localStorage.setItem("lang", "en"));
    await page.reload();
    await page.getByRole("region", { name: "Upper deck" }).waitFor();
    expect(await page.getByRole("region", { name: "Cubierta superior" }).count()).toBe(0);
    await page.getByRole("button", { name: "Cabin 3: 2 of 2 berths free" }).click();
    expect(await spaceTypeLabels(page.getByRole("group", { name: "Cabin 3" }))).toEqual(["Male Adult", "Female Adult", "Child"]);
    await screenshot(page, "language-hold-en-desktop");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("fits the assign-passenger dialog's search and list within its popup on a phone", async () => {
    const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com", { viewport: phone });
    const departure = await freeExplorerDeparture(app.url, token, 170);
    const reservation = await holdForAgency(app.url, token, departure.id, "Cuenca Travel", { "3": ["Mujer adulta"] });

    await page.goto(`${app.url}/panel/reservations/${reservation.id}`);
    await page.getByRole("button", { name: "Asignar pasajero" }).first().click();
    const popup = page.locator(".swal2-popup");
    const search = page.getByRole("searchbox", { name: "Buscar" });
    const list = page.getByRole("listbox", { name: "Elija un pasajero de la lista." });
    await list.waitFor();
    const box = await popup.boundingBox();
    if (box === null) throw new Error("no popup drawn");
    for (const control of [search, list]) {
      const inner = await control.boundingBox();
      if (inner === null) throw new Error("a control is not drawn");
      expect(inner.x).toBeGreaterThanOrEqual(box.x);
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
      // it takes most of the popup's width: the list reads on a phone
      expect(inner.width).toBeGreaterThan(box.width * 0.7);
    }
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "language-assign-es-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
