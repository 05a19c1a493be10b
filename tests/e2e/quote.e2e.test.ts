/**
 * Issue 37, item 3 (decision 079): a quote before the hold. On a departure's page a seller edits
 * the hold form's draft and the quote beside it (below it on a phone) prices it: the wholesaler's
 * 10 % and the agency's commission each on a line of its own, the rack price shown whole.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiToken } from "./support/accounts.ts";
import { desktop, unexpectedErrors, widths } from "./support/browser.ts";
import { freeExplorerDeparture, openDeparture } from "./support/departures.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** The demo's man's space type in the page's language (decision 080). */
const maleAdult = /^(Male Adult|Hombre adulto)$/;

/** The quote's rows as the reader sees them: each cell's text. */
const quoteRows = (page: Page) =>
  page
    .getByRole("complementary", { name: "Cotización" })
    .locator("tr")
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")));

describe("the quote beside the hold form", () => {
  it.each(widths)("prices the draft as it is edited, the commission on its own line, on a %s", async (_, viewport) => {
    const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com", { viewport });
    const departure = await freeExplorerDeparture(app.url, token);
    await openDeparture(page, app.url, departure);
    const panel = page.getByRole("complementary", { name: "Cotización" });
    await panel.getByText("Elija cabinas y sus espacios para ver el precio.").waitFor();

    const form = page.locator("form.hold-form");
    await form.locator("select[name=agencyId]").selectOption({ label: "Andean Travel Company" });
    await page.getByRole("button", { name: "Cabina 3: 2 de 2 plazas libres" }).click();
    await page.getByRole("group", { name: "Cabina 3" }).getByLabel(maleAdult).fill("1");
    await panel.getByRole("row", { name: /Comisión de la agencia/ }).waitFor();
    const one = await quoteRows(page);
    expect(one.map(([label]) => label)).toEqual([
      "Concepto",
      expect.stringMatching(/^Cabina 3 · Hombre adulto/),
      "Descuento de mayorista (10%)",
      "Subtotal a precio de tarifa",
      "Total",
      "Comisión de la agencia (25%)",
      "Neto a pagar",
    ]);
    const amountOf = (rows: ReadonlyArray<ReadonlyArray<string>>, label: string) => rows.find(([text]) => text?.startsWith(label))?.[1] ?? "";
    expect(amountOf(one, "Descuento de mayorista")).toMatch(/^− US\$ [\d.]+,\d\d$/);
    expect(amountOf(one, "Comisión de la agencia")).toMatch(/^− US\$ [\d.]+,\d\d$/);

    // a second space: the quote follows the draft, a line and its discount more
    await page.getByRole("group", { name: "Cabina 3" }).getByLabel(maleAdult).fill("2");
    await expect.poll(async () => (await quoteRows(page)).filter(([label]) => label === "Descuento de mayorista (10%)").length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => panel.getAttribute("aria-busy")).toBe("false");
    const two = await quoteRows(page);
    expect(amountOf(two, "Subtotal a precio de tarifa")).not.toBe(amountOf(one, "Subtotal a precio de tarifa"));

    // beside the form on a desktop, below its Hold button on a phone, and inside the page's width
    const panelBox = await panel.boundingBox();
    const holdBox = await page.getByRole("button", { name: "Bloquear" }).boundingBox();
    expect(panelBox).not.toBeNull();
    expect(holdBox).not.toBeNull();
    if (panelBox !== null && holdBox !== null) {
      expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width);
      if (viewport === desktop) expect(panelBox.x).toBeGreaterThan(holdBox.x + holdBox.width);
      else expect(panelBox.y).toBeGreaterThan(holdBox.y + holdBox.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("the quote beside an agency user's hold form (decision 084)", () => {
  it.each(widths)("prices the draft for the user's own agency, in English, the commission and the net due on lines of their own, on a %s", async (_, viewport) => {
    const { page, context, consoleErrors } = await app.signedIn("reservas@ikarustours.example.com", { viewport, lang: "en" });
    // the departures are listed as sales sees them (the page is signed in apart)
    const departure = await freeExplorerDeparture(app.url, await apiToken(app.url, "ventas@example.com"));
    await openDeparture(page, app.url, departure, "en");
    const panel = page.getByRole("complementary", { name: "Quote" });
    await panel.getByText("Pick cabins and their spaces to see the price.").waitFor();

    await page.getByRole("button", { name: /^Cabin 3: 2 of 2/ }).click();
    await page.getByRole("group", { name: "Cabin 3" }).getByLabel(maleAdult).fill("1");
    await panel.getByRole("row", { name: /Net due/ }).waitFor();
    const rows = await panel.locator("tr").evaluateAll((found) => found.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")));
    const labels = rows.map(([label]) => label ?? "");
    expect(labels[0]).toBe("Item");
    expect(labels[1]).toMatch(/^Cabin 3 · Male Adult/);
    expect(labels.slice(-4)).toEqual(["Subtotal at rack rates", "Total", expect.stringMatching(/^Agency commission/), "Net due"]);
    const amountOf = (label: string) => rows.find(([text]) => text?.startsWith(label))?.[1] ?? "";
    expect(amountOf("Agency commission")).toMatch(/^− US\$ [\d,]+\.\d\d$/);
    expect(amountOf("Net due")).toMatch(/^US\$ [\d,]+\.\d\d$/);

    const panelBox = await panel.boundingBox();
    expect(panelBox).not.toBeNull();
    if (panelBox !== null) expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
