import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, demoAdmin, marketing, signInThroughForm } from "./support/accounts.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { dialog, row, toast } from "./support/locators.ts";
import { makePng } from "./support/png.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

const signIn = async (page: Page, account: Account) => {
  await signInThroughForm(page, app.url, account);
  await page.waitForURL(`${app.url}/panel/home`);
};

/** Whether an <img> has loaded and decoded (a broken one has naturalWidth 0). */
const isLoaded = (locator: ReturnType<Page["getByRole"]>) =>
  expect
    .poll(async () => {
      await locator.scrollIntoViewIfNeeded();
      return locator.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0));
    })
    .toBeGreaterThan(0);

describe("national destinations, by an admin", () => {
  const name = "Laguna de Quilotoa e2e";

  it("creates one with an image (previewed before saving) and lists it with the image from the API", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await page.getByRole("link", { name: "Destinos Nacionales" }).click();
    await page.getByRole("heading", { level: 1, name: "Destinos nacionales" }).waitFor();
    await page.getByRole("link", { name: "Nuevo destino" }).click();
    await page.waitForURL(`${app.url}/panel/national/destinations_new`);
    await page.getByRole("heading", { level: 1, name: "Nuevo destino" }).waitFor();
    expect(await page.getByRole("link", { name: "Destinos Nacionales" }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("button", { name: "Guardar" }).click();
    expect(await page.getByText("Información requerida", { exact: true }).count()).toBe(7);

    await page.getByLabel("Nombre", { exact: true }).fill(name);
    await page.getByLabel("Días", { exact: true }).fill("2 días, 1 noche");
    await page.getByLabel("Descripción", { exact: true }).fill("La laguna del cráter y el páramo andino.");
    await page.getByLabel("Disponibilidad").fill("Todo el año");
    await page.getByLabel("Precio", { exact: true }).fill("180");
    await page.getByLabel("Región").selectOption({ label: "Sierra" });
    await page.getByRole("checkbox", { name: "Traslados" }).check();
    await page.getByRole("checkbox", { name: "Alojamiento" }).check();
    await page.getByRole("checkbox", { name: "Quito" }).check();
    await page.getByRole("group", { name: "Alimentación" }).getByRole("checkbox").first().check();
    await page
      .getByLabel("Imagen")
      .setInputFiles({ name: "quilotoa.png", mimeType: "image/png", buffer: makePng(320, 240) });
    const preview = page.getByRole("img", { name: "Vista previa de la imagen" });
    expect(await preview.getAttribute("src")).toMatch(/^blob:/);
    await isLoaded(preview);
    await screenshot(page, "destination-new-filled-es-desktop");

    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/national/destinations`);
    await toast(page, "Registro creado correctamente");
    const image = row(page, name).getByRole("img", { name });
    expect(await image.getAttribute("src")).toMatch(/^\/api\/uploads\/tiptops\/[0-9a-f]{64}\.webp$/);
    await isLoaded(image);
    expect(await row(page, name).getByText("Traslados, Alojamiento").count()).toBe(1);
    expect(await row(page, name).getByText("Precio oferta").count()).toBe(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("edits it without choosing a file (the image stays) and applies an offer", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin);
    await page.goto(`${app.url}/panel/national/destinations`);
    const before = await row(page, name).getByRole("img", { name }).getAttribute("src");

    await row(page, name).getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar destino" }).waitFor();
    expect(await page.getByLabel("Nombre", { exact: true }).inputValue()).toBe(name);
    expect(await page.getByRole("img", { name: "Vista previa de la imagen" }).getAttribute("src")).toBe(before);
    expect(await page.getByLabel("Precio oferta").count()).toBe(0);
    await page.getByRole("checkbox", { name: "Aplicar oferta" }).check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Información requerida", { exact: true }).waitFor();
    await page.getByLabel("Precio oferta").fill("149.5");
    await page.getByRole("button", { name: "Guardar" }).click();

    await page.waitForURL(`${app.url}/panel/national/destinations`);
    await toast(page, "Registro actualizado correctamente");
    await row(page, name).getByText("Precio oferta").waitFor();
    expect(await row(page, name).getByText("US$ 149,50").count()).toBe(1);
    expect(await row(page, name).getByRole("img", { name }).getAttribute("src")).toBe(before);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("shows as a card on a phone, and deletes only on 'Eliminar'", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await signIn(page, demoAdmin);
    await page.goto(`${app.url}/panel/national/destinations`);
    await row(page, name).waitFor();
    await row(page, name).scrollIntoViewIfNeeded();
    const card = await row(page, name).evaluate((element) => getComputedStyle(element).display);
    expect(card).toBe("block");

    await row(page, name).getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByText(`¿Eliminar el destino «${name}»?`).waitFor();
    await dialog(page).getByRole("button", { name: "Cancelar" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await row(page, name).count()).toBe(1);

    await row(page, name).getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByRole("button", { name: "Eliminar" }).click();
    await toast(page, "Registro eliminado correctamente");
    await row(page, name).waitFor({ state: "detached" });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("international destinations, by marketing", () => {
  it("lists them and offers a form without a region field", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, marketing);
    await page.getByRole("link", { name: "Destinos Internacionales" }).click();
    await page.getByRole("heading", { level: 1, name: "Destinos internacionales" }).waitFor();
    await page.getByRole("link", { name: "Nuevo destino" }).click();
    await page.getByRole("heading", { level: 1, name: "Nuevo destino" }).waitFor();
    await page.getByLabel("Nombre", { exact: true }).waitFor();
    expect(await page.getByLabel("Región").count()).toBe(0);
    expect(await page.getByLabel("Imagen").getAttribute("accept")).toBe(
      "image/jpeg,image/png,image/webp,image/avif,image/gif",
    );
    expect(await page.getByRole("link", { name: "Destinos Internacionales" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
