/**
 * Lost updates, in a real browser (issue 13, item 4): two staff members open the same feeding
 * item; the first saves a rename; the second's save from the form loaded before is refused with
 * the message in their language, what they typed stays in view, Save gives way to loading the
 * saved version, and after loading it their next save goes through.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

/** Opens the edit form of the feeding item named `name` as `email`, in `language`. */
const openFeeding = async (page: Page, email: string, language: "es" | "en", name: string): Promise<void> => {
  await app.signInOn(page, email, language);
  await page.goto(`${app.url}/panel/feeding`);
  const edit = language === "es" ? "Editar" : "Edit";
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: edit }).first().click();
  await page.locator(".spinner").first().waitFor({ state: "detached" });
  await page.locator('input[name="name"]').waitFor();
};

describe("two people edit one feeding item", () => {
  it("refuses the older form's save, keeps its text in view, and saves once the saved version is loaded", async () => {
    const first = await app.page(desktop);
    const second = await app.page(phone);
    await openFeeding(first.page, "marketing2@example.com", "es", "Cena");
    await openFeeding(second.page, "marketing@example.com", "en", "Cena");

    await first.page.locator('input[name="name"]').fill("Cena criolla");
    await first.page.getByRole("button", { name: "Guardar" }).click();
    await first.page.waitForURL(`${app.url}/panel/feeding`);

    await second.page.locator('input[name="name"]').fill("Cena buffet");
    await second.page.getByRole("button", { name: "Save" }).click();
    await second.page.getByText("Someone saved this record after you opened it. Reload it to see their changes.").waitFor();
    expect(await second.page.locator('input[name="name"]').inputValue()).toBe("Cena buffet");
    expect(await second.page.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
    await screenshot(second.page, "stale-save-en-phone");

    await second.page.getByRole("button", { name: "Load the saved version" }).click();
    await expect.poll(() => second.page.locator('input[name="name"]').inputValue()).toBe("Cena criolla");
    expect(await second.page.getByText("Someone saved this record").count()).toBe(0);
    await second.page.locator('input[name="name"]').fill("Cena criolla y buffet");
    await second.page.getByRole("button", { name: "Save" }).click();
    await second.page.waitForURL(`${app.url}/panel/feeding`);
    await second.page.getByRole("row").filter({ hasText: "Cena criolla y buffet" }).first().waitFor();

    await openFeeding(first.page, "marketing2@example.com", "es", "Cena criolla y buffet");
    await openFeeding(second.page, "marketing@example.com", "es", "Cena criolla y buffet");
    await second.page.getByRole("checkbox", { name: "Activo" }).uncheck();
    await second.page.getByRole("button", { name: "Guardar" }).click();
    await second.page.waitForURL(`${app.url}/panel/feeding`);
    await first.page.getByRole("button", { name: "Guardar" }).click();
    await first.page.getByText("Otra persona guardó este registro después de que usted lo abrió.", { exact: false }).waitFor();
    await screenshot(first.page, "stale-save-es-desktop");
    expect(unexpectedErrors(first.consoleErrors)).toEqual([]);
    expect(unexpectedErrors(second.consoleErrors)).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
