import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signIn } from "./support/accounts.ts";
import { phone, screenshot } from "./support/browser.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

describe("/panel/flows", () => {
  it("draws every machine docs/flows describes and plays a generated path over it", async () => {
    const { page, context, consoleErrors } = await app.signedIn("marketing@example.com");
    await page.goto(`${app.url}/panel/flows`);
    const machine = page.getByLabel("Máquina");
    await machine.waitFor();
    const ids = await machine.locator("option").evaluateAll((options) => options.map((option) => option.getAttribute("value") ?? ""));
    // the page lists what `npm run flows` wrote, one machine per <id>.paths.json
    const written = readdirSync(join(import.meta.dirname, "..", "..", "docs", "flows"))
      .filter((file) => file.endsWith(".paths.json"))
      .map((file) => file.slice(0, -".paths.json".length))
      .sort();
    expect(ids).toEqual(written);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) {
      await machine.selectOption(id);
      const diagram = page.getByRole("img", { name: `Diagrama de estados de ${id}` });
      await diagram.waitFor();
      const states = await diagram.locator(".flows-state").count();
      const rows = await page.locator(".flows-table tbody tr").count();
      expect(states, `${id} draws its states`).toBeGreaterThan(1);
      expect(rows, `${id} lists its transitions`).toBeGreaterThan(0);
    }

    await machine.selectOption("login");
    await page.getByLabel("Camino generado").selectOption({ index: 2 });
    const active = page.locator(".flows-state.active text");
    expect(await active.textContent()).toBe("editing");
    await page.getByRole("button", { name: "Siguiente" }).click();
    await expect.poll(() => active.textContent()).not.toBe("editing");
    await screenshot(page, "flows-es-desktop");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a machine's descriptions, which the scripts of the screens that run it leave out", async () => {
    const description = "A page that does not exist: nothing changes.";
    const { page, context } = await app.signedIn("marketing@example.com");
    const scripts: Array<Promise<string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.goto(`${app.url}/panel/leads`);
    await page.getByRole("navigation", { name: "Páginas de leads" }).waitFor();
    const leadsScripts = await Promise.all(scripts);
    expect(leadsScripts.length).toBeGreaterThan(5);
    expect(leadsScripts.filter((script) => script.includes(description))).toEqual([]);
    await page.goto(`${app.url}/panel/flows`);
    await page.getByLabel("Máquina").selectOption("pagedList");
    await page.getByRole("img", { name: "Diagrama de estados de pagedList" }).waitFor();
    // the flows page reads them from docs/flows, in the page's language
    await expect.poll(() => page.locator(".flows-table").textContent()).toContain("Una página que no existe");
    await context.close();
  });

  it("fits a phone and is closed to sales staff", async () => {
    const { page, context } = await app.signedIn("admin@example.com", { viewport: phone, lang: "en" });
    await page.goto(`${app.url}/panel/flows`);
    await page.getByRole("img", { name: /State diagram of/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "flows-en-phone");

    await signIn(page, app.url, "ventas@example.com");
    await page.goto(`${app.url}/panel/flows`);
    await page.getByRole("heading", { level: 1, name: "No permission" }).waitFor();
    await context.close();
  });
});
