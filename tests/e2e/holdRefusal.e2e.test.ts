/**
 * Issue 37, item 1: a refused hold shows where the user is looking. The hold form sits below a
 * departure's whole cabin plan, so a refusal shown at the top of the page went unseen; after
 * "Bloquear" its message must be inside the viewport, on a desktop and on a phone.
 */
import { describe, expect, it } from "vitest";
import { unexpectedErrors, widths } from "./support/browser.ts";
import { freeExplorerDeparture, openDeparture } from "./support/departures.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

describe("a refused hold", () => {
  it.each(widths)("shows its message inside the viewport after Bloquear, on a %s", async (_, viewport) => {
    const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com", { viewport });
    const departure = await freeExplorerDeparture(app.url, token);
    await openDeparture(page, app.url, departure);

    // a child alone in a cabin: the server refuses with 'gender not allowed'
    await page.getByRole("button", { name: "Cabina 3: 2 de 2 plazas libres" }).click();
    await page.getByRole("group", { name: "Cabina 3" }).getByLabel("Niño", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Bloquear" }).click();

    const message = page.locator(".hold-refusal").getByText("Género no permitido en esta cabina.");
    await message.waitFor();
    const box = await message.boundingBox();
    expect(box).not.toBeNull();
    if (box !== null) {
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    // focus went to it, and the cabin picked says it too
    expect(await page.evaluate(() => document.activeElement?.classList.contains("hold-refusal") === true)).toBe(true);
    await page
      .locator(".cabin-card")
      .filter({ has: page.getByRole("button", { name: "Cabina 3: 2 de 2 plazas libres" }) })
      .getByText("Género no permitido en esta cabina.")
      .waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
