/**
 * The one list engine (decision 073) in Chromium on the built panel, at 1280 and 390 px: a
 * filter's control shows the address's state after a reload (Salidas, Reservas), and an exported
 * XLSX holds the free berths as numbers and the start days as dates; a row's delete dialog leaves
 * with its list (decision 123).
 */
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoAdmin } from "./support/accounts.ts";
import { desktop, unexpectedErrors, widths } from "./support/browser.ts";
import { dialog, settled as loaded } from "./support/locators.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** Waits until the list's rows are there and no spinner is left. */
const settled = (page: Page) => loaded(page, ".paged-list table, .paged-list .table-empty, .paged-list tbody");

const open = async (page: Page, path: string) => {
  await app.signInOn(page, demoAdmin.email, "es");
  await page.goto(`${app.url}${path}`);
  await settled(page);
};

describe.each(widths)("the list engine at %s width", (_, viewport) => {
  it("shows Salidas' and Reservas' filters as the address says after a reload", async () => {
    const { page, context, consoleErrors } = await app.page(viewport);
    await open(page, "/panel/cruises?view=list&state=scheduled&month=2026-12");
    await page.reload();
    await settled(page);
    expect(await page.locator("#departures-state").inputValue()).toBe("scheduled");
    expect(await page.locator("#departures-month").inputValue()).toBe("2026-12");
    // a choice made in the control is written to the address, and survives the next reload
    await page.locator("#departures-state").selectOption("canceled");
    await page.waitForURL(/state=canceled/);
    await page.reload();
    await settled(page);
    expect(await page.locator("#departures-state").inputValue()).toBe("canceled");

    await open(page, "/panel/reservations?state=reserved");
    await page.reload();
    await settled(page);
    expect(await page.locator("#reservations-state").inputValue()).toBe("reserved");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("exports Salidas to XLSX with the free berths as numbers and the start days as dates", async () => {
    const { page, context, consoleErrors } = await app.page(viewport);
    await open(page, "/panel/cruises?view=list&state=scheduled");
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar Excel" }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await file.path())).buffer);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(1).values;
    const headers = Array.isArray(header) ? header.map(String) : [];
    const free = headers.indexOf("Libres");
    const start = headers.indexOf("Inicio");
    expect(free).toBeGreaterThan(0);
    expect(sheet?.rowCount ?? 0).toBeGreaterThan(1);
    const first = sheet?.getRow(2);
    expect(typeof first?.getCell(free).value).toBe("number");
    expect(first?.getCell(free).type).toBe(ExcelJS.ValueType.Number);
    expect(first?.getCell(start).value).toBeInstanceOf(Date);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("a row's delete dialog", () => {
  it("closes when Back leaves its list, and nothing is deleted", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await open(page, "/panel/users");
    await page.getByRole("link", { name: "Destinos Nacionales" }).click();
    await settled(page);
    const rows = page.locator(".paged-list tbody tr");
    const first = (await rows.first().textContent()) ?? "";
    expect(first).toContain("Amazonía en Cuyabeno");
    await rows.first().getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByRole("button", { name: "Cancelar" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Usuarios" }).waitFor();
    // a dialog left over the users, its 'Eliminar' answering a list no longer there, was the defect
    await dialog(page).waitFor({ state: "detached" });
    await page.goForward();
    await settled(page);
    expect(await rows.first().textContent()).toBe(first);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
