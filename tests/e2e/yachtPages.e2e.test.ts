import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, demoAdmin, demoPassword, signInThroughForm } from "./support/accounts.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { settled, toast } from "./support/locators.ts";
import { makePng } from "./support/png.ts";
import { browserSuite } from "./support/suite.ts";

/** Issue 15: a yacht's eight pages, reached from the yachts list, and the cabins' plan editor. */

const app = browserSuite();

const signIn = async (page: Page, account: Account) => {
  await signInThroughForm(page, app.url, account);
  // each role starts on its own page (admin the home content, sales the leads)
  await page.waitForURL(/\/panel\/\w+$/);
};

const pageTitles = [
  "Información técnica",
  "Acomodación de huéspedes",
  "Áreas sociales",
  "Seguridad y comunicaciones",
  "Equipo mecánico",
  "Planos de cubierta",
  "Esquema de cabinas",
  "Tripulación a bordo",
];

/** The Galápagos Explorer's page `name`, opened from the yachts list's menu: answers the yacht's id. */
const openFromList = async (page: Page, title: string): Promise<string> => {
  await page.getByRole("link", { name: "Yates" }).click();
  const row = page.getByRole("row").filter({ hasText: "Galápagos Explorer" });
  await row.getByRole("button", { name: "Páginas de Galápagos Explorer" }).click();
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("heading", { level: 1, name: `Galápagos Explorer: ${title}` }).waitFor();
  const [, id = ""] = /\/panel\/yacht\/(\d+)\//.exec(page.url()) ?? [];
  return id;
};

describe("a yacht's pages, by an admin", () => {
  it("opens a page from the yacht's menu, goes through all eight and saves the technical information", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    const id = await openFromList(page, "Información técnica");
    expect(page.url()).toBe(`${app.url}/panel/yacht/${id}/technical_info`);
    const pages = page.getByRole("navigation", { name: "Páginas del yate" });
    for (const title of pageTitles) {
      await pages.getByRole("link", { name: title }).click();
      await page.getByRole("heading", { level: 1, name: `Galápagos Explorer: ${title}` }).waitFor();
      expect(await pages.getByRole("link", { name: title }).getAttribute("aria-current")).toBe("page");
    }
    expect(page.url()).toBe(`${app.url}/panel/yacht/${id}/crews_on_board`);

    await pages.getByRole("link", { name: "Información técnica" }).click();
    await page.getByLabel("Motores").fill("2 × Caterpillar C32");
    await page.getByLabel("Año de construcción").fill("1850");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Información ingresada incorrecta o invalida.").first().waitFor();
    await page.getByLabel("Año de construcción").fill("2005");
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Registro actualizado correctamente");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Galápagos Explorer: Información técnica" }).waitFor();
    expect(await page.getByLabel("Motores").inputValue()).toBe("2 × Caterpillar C32");
    expect(await page.getByLabel("Año de construcción").inputValue()).toBe("2005");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("moves cabins on the deck plan with the arrow keys and by typing, and keeps where they are", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await openFromList(page, "Esquema de cabinas");
    await page.getByText("Escribir las posiciones de Cubierta superior").click();
    const column = page.getByLabel("Columna (cabina 1)", { exact: true });
    const before = Number(await column.inputValue());
    const box = page.getByRole("button", { name: /^Cabina 1: columna/ });
    const left = await box.evaluate((element) => (element as HTMLElement).style.left);
    await box.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(Number(await column.inputValue())).toBe(before - 2);
    expect(await box.evaluate((element) => (element as HTMLElement).style.left)).not.toBe(left);
    await page.getByLabel("Fila (cabina 2)", { exact: true }).fill("6");
    await screenshot(page, "yacht-deck-schema-es-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Registro actualizado correctamente");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Galápagos Explorer: Esquema de cabinas" }).waitFor();
    await page.getByText("Escribir las posiciones de Cubierta superior").click();
    expect(Number(await page.getByLabel("Columna (cabina 1)", { exact: true }).inputValue())).toBe(before - 2);
    expect(await page.getByLabel("Fila (cabina 2)", { exact: true }).inputValue()).toBe("6");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("adds a photo to the guests' accommodation and a deck's plan, both kept after saving", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await openFromList(page, "Acomodación de huéspedes");
    const photos = page.getByRole("list", { name: "Fotos" }).getByRole("img");
    const count = await photos.count();
    await page.getByLabel("Agregar fotos").setInputFiles({ name: "suite.png", mimeType: "image/png", buffer: makePng(480, 320) });
    expect(await photos.count()).toBe(count + 1);
    expect(await photos.nth(count).getAttribute("src")).toMatch(/^blob:/);
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Registro actualizado correctamente");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Galápagos Explorer: Acomodación de huéspedes" }).waitFor();
    expect(await photos.count()).toBe(count + 1);
    expect(await photos.nth(count).getAttribute("src")).toMatch(/\/api\/uploads\/yacht_pages\/[0-9a-f]{64}\.webp$/);

    await page.getByRole("navigation", { name: "Páginas del yate" }).getByRole("link", { name: "Planos de cubierta" }).click();
    const plan = page.getByRole("img", { name: "Plano de Cubierta superior" });
    const stored = await plan.getAttribute("src");
    await page.getByLabel("Elegir el plano de Cubierta superior").setInputFiles({ name: "plano.png", mimeType: "image/png", buffer: makePng(960, 280) });
    expect(await plan.getAttribute("src")).toMatch(/^blob:/);
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Registro actualizado correctamente");
    await page.reload();
    await plan.waitFor();
    expect(await plan.getAttribute("src")).not.toBe(stored);
    expect(await plan.getAttribute("src")).toMatch(/\.webp$/);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("a yacht's picture, by an admin", () => {
  it("is replaced in the yacht's form and kept after saving", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await page.getByRole("link", { name: "Yates" }).click();
    await page.getByRole("row").filter({ hasText: "Sea Lion" }).getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar yate" }).waitFor();
    const picture = page.getByRole("img", { name: "Foto" });
    const stored = await picture.getAttribute("src");
    expect(stored).toMatch(/\/api\/uploads\/yachts\/[0-9a-f]{64}\.png$/);
    await page.getByLabel("Elegir imagen: Foto").setInputFiles({ name: "sea-lion.png", mimeType: "image/png", buffer: makePng(640, 420) });
    expect(await picture.getAttribute("src")).toMatch(/^blob:/);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/yacht`);
    await toast(page, "Registro actualizado correctamente");
    await page.getByRole("row").filter({ hasText: "Sea Lion" }).getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar yate" }).waitFor();
    expect(await picture.getAttribute("src")).toMatch(/\/api\/uploads\/yachts\/[0-9a-f]{64}\.webp$/);
    expect(await (await fetch(`${app.url}${stored}`)).status).toBe(404);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("a yacht's cabins", () => {
  it("are listed alone when the list is narrowed to the yacht, also after a reload", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await page.getByRole("link", { name: "Camarotes" }).click();
    await page.getByRole("heading", { level: 1, name: "Camarotes" }).waitFor();
    await page.getByLabel("Yate", { exact: true }).selectOption({ label: "Sea Lion" });
    await page.waitForURL(/\/panel\/cabin\?yacht=\d+$/);
    const yachts = page.locator("tbody tr td:nth-child(4)");
    // the total is the narrowed list's at once; its rows replace the whole list's a frame later
    await page.getByText("8 registros en total").waitFor();
    await settled(page);
    expect(new Set(await yachts.allTextContents())).toEqual(new Set(["Sea Lion"]));
    await page.reload();
    await page.getByText("8 registros en total").waitFor();
    await settled(page);
    expect(await page.getByLabel("Yate", { exact: true }).inputValue()).not.toBe("");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("a yacht's pages, by sales", () => {
  it("are there to read, with nothing to save", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await signIn(page, { email: "ventas@example.com", password: demoPassword });
    await page.goto(`${app.url}/panel/yacht`);
    const row = page.getByRole("row").filter({ hasText: "Galápagos Explorer" });
    await row.getByRole("button", { name: "Páginas de Galápagos Explorer" }).click();
    await page.getByRole("link", { name: "Tripulación a bordo" }).click();
    await page.getByRole("heading", { level: 1, name: "Galápagos Explorer: Tripulación a bordo" }).waitFor();
    expect(await page.getByRole("button", { name: "Guardar" }).count()).toBe(0);
    expect(await page.getByLabel("Nombre (fila 1)").isDisabled()).toBe(true);
    await screenshot(page, "yacht-crew-sales-es-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
