import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoAdmin, demoPassword, signInThroughForm } from "./support/accounts.ts";
import { sendLead } from "./support/api.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { row, settled, toast } from "./support/locators.ts";
import { browserSuite } from "./support/suite.ts";

const SALES = { email: "ventas@example.com", password: demoPassword, name: "Diego Cevallos" };
const XSS = "<img src=x onerror=alert(1)>";

const app = browserSuite();

/** Today as the panel writes it (day/month/year in the machine's time zone, which the browser shares). */
const today = (): string => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
};

/** Types a search and waits until the table shows only rows that hold `expected`. */
const search = async (page: Page, text: string, expected: string) => {
  await page.getByRole("searchbox", { name: "Buscar" }).fill(text);
  await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(0);
  await expect
    .poll(async () => (await page.locator("tbody tr").allTextContents()).every((line) => line.includes(expected)))
    .toBe(true);
};

describe("leads, by a sales user", () => {
  it("lands on the list, searches, opens a lead and adds a comment (an empty one is refused)", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    const comments: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/leads/createTrakin")) {
        comments.push(request.postData() ?? "");
      }
    });
    await signInThroughForm(page, app.url, SALES);
    await page.waitForURL(`${app.url}/panel/leads`);
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    await settled(page, "tbody tr");
    expect(await page.locator("tbody tr").count()).toBe(20);
    await page.getByText("Página 1 de 2").waitFor();
    await page.getByText("40 leads en total").waitFor();
    expect(await page.getByRole("link", { name: "Leads", exact: true }).getAttribute("aria-current")).toBe("page");
    await screenshot(page, "leads-list-es-desktop");

    await search(page, "kowalski", "Daniel Kowalski");
    await page.getByText("Página 1 de 1").waitFor();
    await row(page, "Daniel Kowalski").first().getByRole("link", { name: "Daniel Kowalski" }).click();
    await page.waitForURL(/\/panel\/leads\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "Daniel Kowalski" }).waitFor();
    // the menu entry stays highlighted on a lead's page
    expect(await page.getByRole("link", { name: "Leads", exact: true }).getAttribute("aria-current")).toBe("page");

    const box = page.getByLabel("Nuevo comentario");
    await page.getByRole("button", { name: "Agregar comentario" }).click();
    await page.getByText("Información requerida", { exact: true }).waitFor();
    await box.fill("   ");
    await page.getByRole("button", { name: "Agregar comentario" }).click();
    await page.getByText("Información requerida", { exact: true }).waitFor();
    expect(comments).toEqual([]);

    await box.fill("Llamé al cliente y envié la cotización.");
    await page.getByRole("button", { name: "Agregar comentario" }).click();
    await toast(page, "Registro creado correctamente");
    const note = page.locator(".lead-note").filter({ hasText: "Llamé al cliente y envié la cotización." });
    await note.waitFor();
    expect(await note.textContent()).toContain(`${SALES.name} · ${today()}`);
    expect(await box.inputValue()).toBe("");
    expect(comments).toHaveLength(1);
    await screenshot(page, "lead-conversation-es-desktop");

    await page.getByRole("link", { name: "Volver a leads" }).click();
    await page.waitForURL(`${app.url}/panel/leads`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("shows the rows as cards on a phone", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await signInThroughForm(page, app.url, SALES);
    await page.waitForURL(`${app.url}/panel/leads`);
    const first = page.locator("tbody tr").first();
    await first.waitFor();
    expect(await first.evaluate((element) => getComputedStyle(element).display)).toBe("block");
    expect(await page.locator("thead").evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "leads-list-es-phone");
    await first.getByRole("link").first().click();
    await page.getByLabel("Nuevo comentario").waitFor();
    await screenshot(page, "lead-conversation-es-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("leads, by an admin", () => {
  it("assigns an unassigned lead to the sales user and sees the agent change", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signInThroughForm(page, app.url, demoAdmin);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("link", { name: "Leads", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    // the demo's lead 35 (Olivia Brown) came in recently and nobody took it yet
    // Olivia Brown wrote several times: wait for the one row of this email, not any of hers
    await search(page, "olivia.brown35", "olivia.brown35@example.com");
    const lead = row(page, "olivia.brown35@example.com");
    // the list may draw the search's answer twice (the address follows the search): wait for the row
    await lead.getByText("sin asignar", { exact: true }).waitFor();
    await lead.getByRole("button", { name: "Asignar Olivia Brown" }).click();
    const menu = page.getByRole("dialog", { name: "Asignar el lead de Olivia Brown" });
    await menu.getByRole("button", { name: SALES.name }).waitFor();
    await screenshot(page, "lead-assign-menu-es-desktop");
    await menu.getByRole("button", { name: SALES.name }).click();
    await toast(page, "Registro actualizado correctamente");
    await menu.waitFor({ state: "detached" });
    await lead.getByText(SALES.name, { exact: true }).waitFor();
    expect(await lead.getByText("sin asignar", { exact: true }).count()).toBe(0);

    // the agent filter finds it among the sales user's leads
    await page.getByLabel("Agente").selectOption({ label: SALES.name });
    await expect.poll(() => row(page, "olivia.brown35@example.com").count()).toBe(1);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("a lead from the public form", () => {
  it("shows markup in the message as text: no image, no script", async () => {
    const created = await sendLead(app.url, { firstName: "Eva", lastName: "Prueba", email: "eva.prueba@example.com", message: `Hola ${XSS}\nsegunda línea` });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ data: "resource created successfully" });

    const { page, context, consoleErrors } = await app.page(desktop);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInThroughForm(page, app.url, SALES);
    await page.waitForURL(`${app.url}/panel/leads`);
    await search(page, "eva prueba", "Eva Prueba");
    await row(page, "Eva Prueba").getByText(`Hola ${XSS} segunda línea`, { exact: true }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await row(page, "Eva Prueba").getByRole("link", { name: "Eva Prueba" }).click();
    await page.getByRole("heading", { level: 1, name: "Eva Prueba" }).waitFor();
    expect(await page.locator(".lead-original .lead-text").textContent()).toBe(`Hola ${XSS}\nsegunda línea`);
    expect(await page.locator("img").count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
