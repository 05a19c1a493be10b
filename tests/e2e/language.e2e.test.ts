/**
 * One language at a time (issue 37 items 7 and 8, decision 080) in a real browser: the hold form's
 * space types and the plan's decks read in the reader's language, Spanish or English, and the
 * assign-passenger dialog's search and list fit its popup on a phone.
 */
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, launchBrowser, newPage, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { freeExplorerDeparture } from "./support/departures.ts";
import { signIn } from "./support/screens.ts";
import { type RunningServer, startDemoServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Named {
  readonly id: number;
  readonly name: string;
}

/** The API as a signed-in user calls it. */
const caller = (token: string) => async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
  return ((await response.json()) as { data: unknown }).data;
};

/** The texts of the labels of a picked cabin's space types on the hold form. */
const spaceTypeLabels = (group: Locator) => group.locator("label").allTextContents();

describe("the reader's language", () => {
  it("names the hold form's space types and the plan's decks in Spanish, then in English", async () => {
    const { page, context, consoleErrors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/panel`);
    await signIn(page, server.url, "ventas@example.com");
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "{}").token as string);
    const departure = await freeExplorerDeparture(server.url, token, 150);

    await page.goto(`${server.url}/panel/cruises/${departure.id}/reservations`);
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
    const { page, context, consoleErrors } = await newPage(browser, phone);
    await page.goto(`${server.url}/panel`);
    await signIn(page, server.url, "ventas@example.com");
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "{}").token as string);
    const call = caller(token);
    const departure = await freeExplorerDeparture(server.url, token, 170);
    const cabins = (await call(`/cruises/${departure.id}/cabins`)) as ReadonlyArray<Named>;
    const agencies = (await call("/agencies")) as ReadonlyArray<Named>;
    const genders = (await call("/genders")) as ReadonlyArray<Named>;
    const id = (items: ReadonlyArray<Named>, name: string) => items.find((item) => item.name === name)?.id ?? 0;
    const reservation = (await call("/reservations/createReservation", {
      method: "POST",
      body: JSON.stringify({
        cruiseId: departure.id,
        agencyId: id(agencies, "Cuenca Travel"),
        type: "general",
        cabins: [{ cabinId: id(cabins, "3"), spaces: [{ genderId: id(genders, "Mujer adulta") }] }],
      }),
    })) as { id: number; code: string };

    await page.goto(`${server.url}/panel/reservations/${reservation.id}`);
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
