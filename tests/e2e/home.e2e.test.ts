import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { marketing, signInThroughForm } from "./support/accounts.ts";
import { leadsFound } from "./support/api.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { makePng } from "./support/png.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

/** The image Swiper shows now: the slide it marks active. */
const activeSlide = (carousel: ReturnType<Page["getByRole"]>) =>
  carousel.locator(".swiper-slide-active img").first().getAttribute("src", { timeout: 2_000 });

const newTitle = "Galápagos a bordo e2e";
const newTitleEn = "Galápagos aboard e2e";
const newAlt = "Un velero en la bahía";
const newAltEn = "A sailboat in the bay";

describe("home content, by marketing", () => {
  it("edits a banner's title, adds an image, sees the success popup and the carousel moving", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    // the carousel moves only for a person who has not asked for less motion (the suite's pages ask)
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await signInThroughForm(page, app.url, marketing);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
    const firstRow = page.getByRole("row").filter({ has: page.locator(".swiper") }).first();
    await firstRow.getByRole("link", { name: "Editar" }).click();
    await page.waitForURL(/\/panel\/home\/baner\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "Editar banner" }).waitFor();
    expect(await page.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    // the heading shows at once, the form once the banner has arrived
    await page.getByLabel("Título", { exact: true }).waitFor();
    const images = page.getByRole("list", { name: "Imágenes del banner" }).getByRole("img");
    const before = await images.count();
    expect(before).toBeGreaterThan(0);

    await page.getByLabel("Título", { exact: true }).fill(newTitle);
    await page
      .getByLabel("Agregar imágenes")
      .setInputFiles({ name: "nuevo.png", mimeType: "image/png", buffer: makePng(640, 280) });
    expect(await images.nth(before).getAttribute("src")).toMatch(/^blob:/);
    // the new picture's alternative texts, and the English title (its section is open: the demo's is written)
    await page.getByLabel(`Texto alternativo de la imagen ${before + 1}`, { exact: true }).fill(newAlt);
    await page.getByLabel(`Texto alternativo de la imagen ${before + 1} (inglés)`, { exact: true }).fill(newAltEn);
    await page.getByLabel("Título (inglés)", { exact: true }).fill(newTitleEn);
    await screenshot(page, "banner-form-filled-es-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();

    const popup = page.getByRole("dialog");
    await popup.getByText("Registro actualizado correctamente").waitFor();
    await screenshot(page, "banner-saved-popup-es-desktop");
    await popup.getByRole("button", { name: "OK" }).click();
    // reloaded from the server: the new image is a stored upload now, after the kept ones
    await expect.poll(() => images.count()).toBe(before + 1);
    expect(await images.nth(before).getAttribute("src")).toMatch(/^\/api\/uploads\/home_page\/[0-9a-f]{64}\.webp$/);
    expect(await page.getByLabel("Título", { exact: true }).inputValue()).toBe(newTitle);
    expect(await page.getByLabel(`Texto alternativo de la imagen ${before + 1}`, { exact: true }).inputValue()).toBe(newAlt);

    await page.getByRole("link", { name: "Home" }).click();
    const carousel = page.getByRole("region", { name: `Imágenes del banner «${newTitle}»` });
    await carousel.waitFor();
    const first = await activeSlide(carousel);
    await expect.poll(() => activeSlide(carousel), { timeout: 6_500, interval: 250 }).not.toBe(first);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("the landing page, for anyone", () => {
  it("shows the new title and image without signing in, in Spanish and in English", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    // the server writes the page in the browser's language (American English here) unless the address names one
    await page.goto(`${app.url}/?lang=es`);
    const hero = page.getByRole("region", { name: "Promociones destacadas" });
    await hero.getByText(newTitle).first().waitFor({ state: "attached" });
    // every slide is in the page; the slide show hides all but the one it shows
    const sources = await hero.locator(`img[alt="${newAlt}"]`).evaluateAll((found) =>
      found.map((image) => image.getAttribute("src")),
    );
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^\/api\/uploads\/home_page\/[0-9a-f]{64}\.webp$/);
    expect(await page.getByRole("link", { name: "Acceso personal" }).first().getAttribute("href")).toBe("/panel");
    await screenshot(page, "landing-after-edit-es-phone");

    await page.getByRole("combobox", { name: "Idioma" }).selectOption({ label: "English" });
    const englishHero = page.getByRole("region", { name: "Featured offers" });
    await englishHero.getByText(newTitleEn).first().waitFor({ state: "attached" });
    expect(await englishHero.locator(`img[alt="${newAltEn}"]`).getAttribute("src")).toBe(sources[0]);
    // the demo's call to action and destinations have their English texts
    await page.getByRole("link", { name: "Get a quote" }).waitFor();
    await page.getByRole("heading", { name: "Quilotoa and Baños" }).waitFor();
    await screenshot(page, "landing-after-edit-en-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("takes a visitor's message, confirms it, and the lead reaches the panel", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await page.goto(`${app.url}/?lang=es`);
    const contact = page.getByRole("region", { name: "Contáctenos" });
    await contact.getByLabel("Nombre").fill("Visitante");
    await contact.getByLabel("Apellido").fill("De Prueba e2e");
    await contact.getByLabel("Correo electrónico").fill("visitante.e2e@example.com");
    await contact.getByLabel("Teléfono").fill("+593 99 123 4567");
    await contact.getByLabel("País").selectOption({ label: "Perú" });
    await contact.getByLabel("Mensaje").fill("Quisiera cotizar un crucero de 8 días.");
    await contact.getByRole("button", { name: "Enviar" }).click();
    await contact.getByRole("status").getByText("¡Gracias!", { exact: false }).waitFor();
    expect(await contact.getByLabel("Nombre").inputValue()).toBe("");
    await screenshot(page, "landing-contact-sent-es-desktop");

    const data = await leadsFound(app.url, "visitante.e2e");
    expect(data.map((lead) => [lead.email, lead.country, lead.lastName])).toEqual([
      ["visitante.e2e@example.com", "Perú", "De Prueba e2e"],
    ]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
