/**
 * The rates in a real browser (issue 16): an Ikarus rate's life (an admin activates the demo's
 * draft after the confirmation, then deactivates it; the dialog refuses a blank reason; afterwards
 * the row offers neither activation nor deletion, and its form shows the reason, read only), and a
 * year's charter rates copied to the next with an increase.
 */
import { describe, expect, it } from "vitest";
import { screenshot, unexpectedErrors } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

describe("an Ikarus rate", () => {
  it("is activated after a confirmation, deactivated for a reason, and never offered activation again", async () => {
    const { page, context, consoleErrors } = await app.signedIn("admin@example.com");
    await page.goto(`${app.url}/panel/rates/ikarus`);
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

  it("copies a year's charter rates to the next with an increase, once", async () => {
    const { page, context, consoleErrors } = await app.signedIn("admin@example.com", { lang: "en" });
    await page.goto(`${app.url}/panel/rates/charter`);
    await page.getByRole("row").nth(1).waitFor();
    const next = new Date().getUTCFullYear() + 1;
    await page.getByText("Copy a year's rates to the next").click();
    await page.getByRole("textbox", { name: "Increase (%)" }).fill("150");
    await page.getByRole("button", { name: "Copy to the next year" }).click();
    await page.getByText("Enter a number from 0 to 99.").waitFor();
    await page.getByRole("textbox", { name: "Year to copy" }).fill(String(next));
    await page.getByRole("textbox", { name: "Increase (%)" }).fill("4.5");
    await page.getByRole("button", { name: "Copy to the next year" }).click();
    await page.getByText(`Copy the ${next} rates to ${next + 1} with a 4.5 % increase?`).waitFor();
    await page.locator(".swal2-confirm").click();
    await page.getByText(`10 rates copied to ${next + 1}.`).waitFor();
    await page.getByRole("row").filter({ hasText: `${next + 1}` }).first().waitFor();
    await page.getByRole("button", { name: "Copy to the next year" }).click();
    await page.locator(".swal2-confirm").click();
    await page.getByText("The next year already has rates of this type.").waitFor();
    await screenshot(page, "rates-year-copy-en-desktop");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
