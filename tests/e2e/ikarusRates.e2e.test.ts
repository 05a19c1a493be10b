/**
 * An Ikarus rate's life in a real browser (issue 16, item 2): an admin activates the demo's draft
 * after the confirmation, then deactivates it; the dialog refuses a blank reason; afterwards the
 * row offers neither activation nor deletion, and its form shows the reason, read only.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, launchBrowser, newPage, screenshot, unexpectedErrors } from "./support/browser.ts";
import { signIn } from "./support/screens.ts";
import { type RunningServer, startServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Demo1234" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("an Ikarus rate", () => {
  it("is activated after a confirmation, deactivated for a reason, and never offered activation again", async () => {
    const { page, context, consoleErrors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/panel`);
    await signIn(page, server.url, "admin@example.com");
    await page.goto(`${server.url}/panel/rates/ikarus`);
    const draft = `Grupos 10-20 · ${new Date().getUTCFullYear() + 1}`;
    const row = page.getByRole("row").filter({ hasText: draft });
    await row.getByText("Borrador").waitFor();

    await row.getByRole("button", { name: "Activar", exact: true }).click();
    await page.getByText(`¿Activar la tarifa «${draft}»?`, { exact: false }).waitFor();
    await page.locator(".swal2-confirm").click();
    await row.getByText("Activa", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: "Activar", exact: true }).count()).toBe(0);
    expect(await row.getByRole("button", { name: "Eliminar", exact: true }).count()).toBe(0);

    await row.getByRole("button", { name: "Desactivar" }).click();
    await page.getByText("No podrá volver a activarse.", { exact: false }).waitFor();
    await page.locator(".swal2-confirm").click();
    await page.locator(".swal2-validation-message").getByText("Información requerida").waitFor();
    await page.getByRole("textbox", { name: "Motivo" }).fill("El mayorista firmó un contrato anual");
    await screenshot(page, "ikarus-deactivate-dialog-es-desktop");
    await page.locator(".swal2-confirm").click();
    await row.getByText("Desactivada").waitFor();
    for (const action of ["Activar", "Desactivar", "Eliminar"]) {
      expect(await row.getByRole("button", { name: action, exact: true }).count()).toBe(0);
    }
    await screenshot(page, "ikarus-rates-es-desktop");

    await row.getByRole("link", { name: "Ver" }).click();
    await page.getByText("El mayorista firmó un contrato anual").waitFor();
    expect(await page.getByRole("button", { name: "Guardar" }).count()).toBe(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
