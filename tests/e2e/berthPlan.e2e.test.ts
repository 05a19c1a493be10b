/**
 * The berth plan that tells (issue 37, item 2), in a real browser at 1280 and 390 px: a seller
 * picks two free berths of a cabin on the departure's plan (on the deck's own drawing on a desktop,
 * cards on a phone) and holds them; the plan then tells each of them by type, state, code and agency.
 */
import { describe, expect, it } from "vitest";
import { screenshot, unexpectedErrors, widths } from "./support/browser.ts";
import { freeExplorerDepartures, openDeparture } from "./support/departures.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

describe("a departure's berth plan", () => {
  for (const [index, [size, viewport]] of widths.entries()) {
    it(`picks two free berths and holds them, then tells them by type, state, code and agency (${size})`, async () => {
      const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com", { viewport });
      const departure = (await freeExplorerDepartures(app.url, token))[index];
      if (departure === undefined) throw new Error("no free departure of the Explorer");
      await openDeparture(page, app.url, departure);

      // the demo Explorer has a drawing of each deck: a desktop draws the cabins on it, a phone lists them as cards
      const drawn = page.getByRole("group", { name: "Plano de la cubierta Cubierta principal" });
      const background = await drawn.evaluate((element) => getComputedStyle(element).backgroundImage);
      if (size === "desktop") expect(background).toMatch(/url\(".*\/api\/uploads\/yacht_pages\/[0-9a-f]{64}\.\w+"\)/);
      else expect(background).toBe("none");

      await page.getByRole("combobox", { name: "Elegir plazas como" }).selectOption({ index: 1 });
      const typeName = (await page.getByRole("combobox", { name: "Elegir plazas como" }).locator("option:checked").textContent()) ?? "";
      const first = page.getByRole("button", { name: "Plaza 1 de la cabina 3: libre" });
      const second = page.getByRole("button", { name: "Plaza 2 de la cabina 3: libre" });
      for (const berth of [first, second]) {
        const box = await berth.boundingBox();
        // within the page's width at 390 px too: nothing to scroll sideways for
        expect(box !== null && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        await berth.click();
      }
      await page.getByRole("button", { name: `Plaza 2 de la cabina 3: elegida como ${typeName}` }).waitFor();
      expect(await page.getByRole("button", { name: new RegExp(`^Plaza \\d de la cabina 3: elegida como ${typeName}$`) }).count()).toBe(2);
      const group = page.getByRole("group", { name: "Cabina 3" });
      expect(await group.getByRole("combobox").count()).toBe(2);
      await page.locator("form.hold-form").getByLabel("Agencia").selectOption({ label: "Cuenca Travel" });
      await screenshot(page, `berth-plan-picked-${size}`);
      await page.getByRole("button", { name: "Bloquear" }).click();
      await page.waitForURL(/\/panel\/reservations\/\d+$/);
      const title = page.getByRole("heading", { level: 1, name: /RES-\d+/ });
      await title.waitFor();
      const code = (await title.textContent())?.match(/RES-\d+/)?.[0] ?? "";
      expect(code).not.toBe("");

      // back on the plan, the two berths tell who holds them
      await page.goto(`${app.url}/panel/cruises/${departure.id}/reservations`);
      const berths = page.getByRole("list", { name: "Plazas de la cabina 3" });
      await berths.getByText(`Plaza 1: ${typeName}, bloqueada`).waitFor();
      await berths.getByText(`Plaza 2: ${typeName}, bloqueada`).waitFor();
      expect(await berths.getByRole("link", { name: code }).count()).toBe(2);
      expect(await berths.getByText("Cuenca Travel").count()).toBe(2);
      await berths.getByRole("link", { name: code }).first().click();
      await page.waitForURL(/\/panel\/reservations\/\d+$/);
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
      await context.close();
    });
  }
});
