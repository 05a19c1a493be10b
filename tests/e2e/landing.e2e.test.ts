import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { leadsFound } from "./support/api.ts";
import { desktop, phone, screenshot, unexpectedErrors, type Viewport, watchViolations } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * The public landing page as the server writes it (decision 070): with JavaScript off it reads
 * completely, in Spanish and in English, with its links and the operator's contact details, and
 * its contact form still sends a lead; with JavaScript the carousel fades from slide to slide and
 * the form sends without leaving the page. The panel's way back to `/` reaches the same page.
 */
const app = browserSuite();

/**
 * A page of a context whose JavaScript is off: what a search engine or a visitor without it gets,
 * from a browser set to Spanish (Chromium asks for American English by default).
 */
const pageWithoutScripts = async (viewport: Viewport, locale = "es-EC") => {
  const context = await app.browser.newContext({ viewport, javaScriptEnabled: false, locale });
  return { context, page: await context.newPage() };
};

/** Every script of the landing's own build (its manifest, vite.landing.config.ts), as the browser asks for it. */
const landingScripts = (): ReadonlyArray<string> => {
  const manifest: Record<string, { file: string }> = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "dist", ".vite", "landing.json"), "utf8"));
  return Object.values(manifest)
    .map((chunk) => `/${chunk.file}`)
    .filter((file) => file.endsWith(".js"));
};

const fillContactForm = async (page: Page, labels: Record<"firstName" | "lastName" | "email" | "phone" | "country" | "message", string>, values: { lastName: string; email: string }) => {
  const contact = page.locator("#contacto");
  await contact.getByLabel(labels.firstName, { exact: true }).fill("Visitante");
  await contact.getByLabel(labels.lastName, { exact: true }).fill(values.lastName);
  await contact.getByLabel(labels.email, { exact: true }).fill(values.email);
  await contact.getByLabel(labels.phone, { exact: true }).fill("+593 99 123 4567");
  await contact.getByLabel(labels.country, { exact: true }).selectOption("Perú");
  await contact.getByLabel(labels.message, { exact: true }).fill("Quisiera cotizar un crucero de 8 días.");
};

const englishLabels = { firstName: "First name", lastName: "Last name", email: "Email", phone: "Phone", country: "Country", message: "Message" };

describe("the landing page without JavaScript", () => {
  it("reads completely in Spanish: the banners, the call to action, the destinations, the links and the contact details", async () => {
    for (const [viewport, width] of [[desktop, "desktop"], [phone, "phone"]] as const) {
      const { context, page } = await pageWithoutScripts(viewport);
      await page.goto(`${app.url}/`);
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      expect(await page.title()).toBe("Ecuador Travel · Cruceros en Galápagos y viajes por el mundo");
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^Cruceros por las islas Galápagos/);
      await page.getByRole("heading", { level: 1, name: "Viaje a Galápagos y a todo el mundo" }).waitFor();

      // every banner's picture is a slide of a row to swipe or scroll, each with its banner's texts
      const carousel = page.getByRole("region", { name: "Promociones destacadas" });
      const slides = carousel.getByRole("group");
      expect(await slides.count()).toBe(6);
      expect(await slides.first().getAttribute("aria-label")).toBe("1 de 6");
      expect(await carousel.getByText("Galápagos a bordo").count()).toBe(2);
      expect(await carousel.getByText("Cruceros de 4 a 8 días por las Islas Encantadas").first().isVisible()).toBe(true);
      expect(await carousel.getByRole("img").first().getAttribute("srcset")).toMatch(/ 480w, .* 960w, .* 1600w$/);

      expect(await page.getByRole("link", { name: "Cotizar" }).getAttribute("href")).toBe("https://example.com/cotizar");
      const destinations = page.getByRole("region", { name: "Destinos recomendados" }).getByRole("heading", { level: 3 });
      expect(await destinations.allTextContents()).toEqual(["Galápagos: Isla Santa Cruz", "Quilotoa y Baños", "Cusco y Machu Picchu", "Cartagena de Indias"]);

      const details = page.getByRole("complementary", { name: "Datos de contacto" });
      expect(await details.getByText("Galápagos Islas Cruceros S.A.").isVisible()).toBe(true);
      expect(await details.getByText("Av. Amazonas N24-03 y Colón, Quito").isVisible()).toBe(true);
      expect(await details.getByRole("link", { name: "+593 2 255 0100" }).getAttribute("href")).toBe("tel:+59322550100");
      expect(await details.getByRole("link", { name: "operaciones@example.com" }).getAttribute("href")).toBe("mailto:operaciones@example.com");
      expect(await page.getByRole("link", { name: "Acceso personal" }).first().getAttribute("href")).toBe("/panel");
      expect(await page.getByRole("button", { name: "Enviar" }).isVisible()).toBe(true);
      await screenshot(page, `landing-nojs-es-${width}`);
      await context.close();
    }
  });

  it("changes to English with its button, and reads completely in English", async () => {
    const { context, page } = await pageWithoutScripts(phone);
    await page.goto(`${app.url}/`);
    await page.getByLabel("Idioma", { exact: true }).selectOption("en");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await page.waitForURL(`${app.url}/?lang=en`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.title()).toBe("Ecuador Travel · Galápagos cruises and trips around the world");
    await page.getByRole("heading", { level: 1, name: "Travel to Galápagos and around the world" }).waitFor();
    const carousel = page.getByRole("region", { name: "Featured offers" });
    expect(await carousel.getByText("Galápagos aboard").count()).toBe(2);
    expect(await page.getByRole("link", { name: "Get a quote" }).getAttribute("href")).toBe("https://example.com/cotizar");
    await page.getByRole("heading", { name: "Quilotoa and Baños" }).waitFor();
    const details = page.getByRole("complementary", { name: "Contact details" });
    expect(await details.getByRole("link", { name: "operaciones@example.com" }).getAttribute("href")).toBe("mailto:operaciones@example.com");
    expect(await page.getByRole("link", { name: "Staff access" }).first().getAttribute("href")).toBe("/panel");
    await screenshot(page, "landing-nojs-en-phone");
    await context.close();
  });

  it("follows the browser's language at the plain address, the address's when it names one", async () => {
    const { context, page } = await pageWithoutScripts(desktop, "en-US");
    await page.goto(`${app.url}/`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.goto(`${app.url}/?lang=es`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await context.close();
  });

  it("sends the contact form: the problems by the fields first, then the confirmation, and the lead reaches the panel", async () => {
    const { context, page } = await pageWithoutScripts(desktop);
    await page.goto(`${app.url}/?lang=en`);
    await page.locator("#contacto").getByLabel("First name", { exact: true }).fill("Visitante");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(`${app.url}/#contacto`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.getByText("Required information").count()).toBe(5);
    expect(await page.locator("#contacto").getByLabel("First name", { exact: true }).inputValue()).toBe("Visitante");
    expect(await page.locator("#contacto").getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await fillContactForm(page, englishLabels, { lastName: "Sin Script e2e", email: "sin.script.e2e@example.com" });
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(`${app.url}/?lang=en&sent=1#contacto`);
    expect(await page.getByRole("status").textContent()).toMatch(/^Thank you!/);
    expect(await page.locator("#contacto").getByLabel("First name", { exact: true }).inputValue()).toBe("");
    await screenshot(page, "landing-nojs-contact-sent-en-desktop");
    expect((await leadsFound(app.url, "sin.script.e2e")).map((lead) => [lead.email, lead.country, lead.lastName])).toEqual([["sin.script.e2e@example.com", "Perú", "Sin Script e2e"]]);
    await context.close();
  });
});

describe("the landing page with JavaScript", () => {
  it("fades the banners one into the next, pauses on its button, and loads nothing of the panel's", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    // the carousel moves only for a person who has not asked for less motion (the suite's pages ask)
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await watchViolations(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    // the support's browser asks for American English: the Spanish page by its address
    await page.goto(`${app.url}/?lang=es`);
    const carousel = page.getByRole("region", { name: "Promociones destacadas" });
    const pause = carousel.getByRole("button", { name: "Pausar las imágenes" });
    await pause.waitFor();
    // stacked: one slide shown, the others inert and out of the screen readers' way
    const current = () => carousel.locator(".carousel-slide.is-current img").getAttribute("alt");
    expect(await carousel.locator(".carousel-slide[inert]").count()).toBe(5);
    const first = await current();
    await expect.poll(current, { timeout: 6_500, interval: 250 }).not.toBe(first);
    await screenshot(page, "landing-js-es-phone");
    await pause.click();
    const paused = await current();
    await carousel.getByRole("button", { name: "Reanudar las imágenes" }).waitFor();
    await page.waitForTimeout(5_500);
    expect(await current()).toBe(paused);
    // the landing's own scripts only (the slide show's among them), the contact form's not before the form is reached
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((path) => !landingScripts().includes(path))).toEqual([]);
    expect(scripts.filter((path) => path.includes("landingContact"))).toEqual([]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("switches language on choosing it, and sends the contact form without leaving the page", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await watchViolations(page);
    await page.goto(`${app.url}/?lang=es`);
    await page.getByRole("combobox", { name: "Idioma" }).selectOption({ label: "English" });
    await page.waitForURL(`${app.url}/?lang=en`);
    await page.getByRole("region", { name: "Featured offers" }).waitFor();
    // the panel opens in the language chosen here
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
    await screenshot(page, "landing-js-en-desktop");

    const contact = page.getByRole("region", { name: "Contact us" });
    await contact.getByRole("button", { name: "Send" }).click();
    await contact.getByText("Required information").first().waitFor();
    expect(page.url()).toBe(`${app.url}/?lang=en`);
    await fillContactForm(page, englishLabels, { lastName: "Con Script e2e", email: "con.script.e2e@example.com" });
    await contact.getByRole("button", { name: "Send" }).click();
    await contact.getByRole("status").getByText("Thank you!", { exact: false }).waitFor();
    expect(page.url()).toBe(`${app.url}/?lang=en`);
    expect(await contact.getByLabel("First name", { exact: true }).inputValue()).toBe("");
    expect(await contact.getByText("Required information").count()).toBe(0);
    await screenshot(page, "landing-js-contact-sent-en-desktop");
    expect((await leadsFound(app.url, "con.script.e2e")).map((lead) => [lead.email, lead.country, lead.lastName])).toEqual([["con.script.e2e@example.com", "Perú", "Con Script e2e"]]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("is where the panel's way back to the start leads", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await page.goto(`${app.url}/no/such/page`);
    await page.getByRole("link", { name: "Ir al inicio" }).click();
    // the server's page, in the browser's language (American English: support/browser.ts, newPage)
    await page.getByRole("heading", { level: 1, name: "Travel to Galápagos and around the world" }).waitFor();
    expect(page.url()).toBe(`${app.url}/`);
    expect(await page.locator(".landing-form").count()).toBe(1);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("the panel beside it", () => {
  it("still starts at /panel with its own page", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await page.goto(`${app.url}/panel`);
    await page.getByRole("button", { name: "Ingresar" }).waitFor();
    expect(await page.locator(".landing-form").count()).toBe(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
