import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiToken, demoAdmin, signInThroughForm } from "./support/accounts.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { dialog, row, toast } from "./support/locators.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

/** The temporary password of the last mail the server wrote to its log for `email`. */
const temporaryPasswordOf = (email: string): string => {
  const log = app.server.log();
  const mails = log.split(`for ${email}`).slice(1);
  const match = /Your temporary password is: (\S+)/.exec(mails.at(-1) ?? "");
  if (!match?.[1]) throw new Error(`no temporary password mailed to ${email} in the server log:\n${log}`);
  return match[1];
};

const signIn = (page: Page, email: string, password: string) => signInThroughForm(page, app.url, { email, password });

describe("users, by an admin", () => {
  const newUser = { first: "Camila", last: "Vera", email: "camila@example.com" };

  it("creates a marketing user, who must change the temporary password and then sees no Usuarios", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("link", { name: "Usuarios" }).click();
    await page.getByRole("heading", { level: 1, name: "Usuarios" }).waitFor();
    await row(page, "Marta Andrade").waitFor();
    expect(await row(page, "Marta Andrade").getByText("Marketing", { exact: true }).count()).toBe(1);

    await page.getByRole("link", { name: "Nuevo usuario" }).click();
    await page.waitForURL(`${app.url}/panel/users_new`);
    await page.getByRole("heading", { level: 1, name: "Nuevo usuario" }).waitFor();
    await page.getByRole("button", { name: "Guardar" }).click();
    expect(await page.getByText("Información requerida", { exact: true }).count()).toBe(4);
    await page.getByLabel("Nombres").fill(newUser.first);
    await page.getByLabel("Apellidos").fill(newUser.last);
    await page.getByLabel("Correo electrónico").fill("camila@example");
    await page.getByLabel("Rol").selectOption({ label: "Marketing" });
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Correo electrónico inválido").waitFor();
    await screenshot(page, "user-form-errors-es-desktop");
    await page.getByLabel("Correo electrónico").fill(newUser.email);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/users`);
    await toast(page, "Usuario creado. Le enviamos por correo una contraseña temporal.");
    await row(page, `${newUser.first} ${newUser.last}`).waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();

    const first = await app.page(desktop);
    await signIn(first.page, newUser.email, temporaryPasswordOf(newUser.email));
    await first.page.waitForURL(/\/changePassword\/\d+$/);
    await first.page.getByLabel("Nueva contraseña").fill("Camila2026");
    await first.page.getByLabel("Confirmar contraseña").fill("Camila2026");
    await first.page.getByRole("button", { name: "Restablecer contraseña" }).click();
    await first.page.waitForURL(`${app.url}/panel`, { timeout: 10_000 });
    await signIn(first.page, newUser.email, "Camila2026");
    await first.page.waitForURL(`${app.url}/panel/home`);
    await first.page.getByText(`Bienvenido, ${newUser.first} ${newUser.last}`).waitFor();
    expect(await first.page.getByRole("link", { name: "Usuarios" }).count()).toBe(0);
    expect(unexpectedErrors(first.consoleErrors)).toEqual([]);
    await first.context.close();
  });

  it("edits a user, mails a temporary password, and deletes only on 'Eliminar'", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.goto(`${app.url}/panel/users`);

    await row(page, "Camila Vera").getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar usuario" }).waitFor();
    expect(await page.getByLabel("Nombres").inputValue()).toBe("Camila");
    await page.getByLabel("Apellidos").fill("Vera Solís");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/users`);
    await toast(page, "Registro actualizado correctamente");
    await row(page, "Camila Vera Solís").waitFor();

    await row(page, "Sofía Benítez").getByRole("button", { name: "Enviar contraseña temporal" }).click();
    await dialog(page).getByText("¿Enviar una contraseña temporal a Sofía Benítez?").waitFor();
    await dialog(page).getByRole("button", { name: "Enviar" }).click();
    await toast(page, "Contraseña temporal enviada");
    await expect.poll(() => temporaryPasswordOf("marketing2@example.com")).not.toBe("");

    await row(page, "Camila Vera Solís").getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByText("¿Eliminar a Camila Vera Solís?").waitFor();
    await screenshot(page, "user-delete-dialog-es-desktop");
    await dialog(page).getByRole("button", { name: "Cancelar" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await row(page, "Camila Vera Solís").count()).toBe(1);

    await row(page, "Camila Vera Solís").getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByRole("button", { name: "Eliminar" }).click();
    await toast(page, "Registro eliminado correctamente");
    await row(page, "Camila Vera Solís").waitFor({ state: "detached" });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("refuses the users list to a sales user who calls the API directly", async () => {
    const response = await fetch(`${app.url}/api/users`, { headers: { authorization: `Bearer ${await apiToken(app.url, "ventas@example.com")}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ data: "forbidden" });
  });
});

describe("a catalogue, on a phone", () => {
  it("creates, edits, deactivates and deletes a feeding item", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await signIn(page, "marketing@example.com", "Demo1234");
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("link", { name: "Alimentación" }).click();
    await page.getByRole("heading", { level: 1, name: "Alimentación" }).waitFor();
    await row(page, "Desayuno").waitFor();
    await screenshot(page, "feeding-cards-es-phone");

    await page.getByRole("link", { name: "Nueva alimentación" }).click();
    await page.waitForURL(`${app.url}/panel/feeding/feeding_new`);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Información requerida").waitFor();
    await page.getByLabel("Nombre").fill("Merienda");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/feeding`);
    await toast(page, "Registro creado correctamente");
    await row(page, "Merienda").getByText("Activo", { exact: true }).waitFor();

    await row(page, "Merienda").getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar alimentación" }).waitFor();
    expect(await page.getByLabel("Nombre").inputValue()).toBe("Merienda");
    await page.getByLabel("Nombre").fill("Merienda andina");
    await page.getByRole("checkbox", { name: "Activo" }).uncheck();
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/feeding`);
    await row(page, "Merienda andina").getByText("Inactivo", { exact: true }).waitFor();

    await row(page, "Merienda andina").getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByText("¿Eliminar «Merienda andina»?").waitFor();
    await dialog(page).getByRole("button", { name: "Eliminar" }).click();
    await row(page, "Merienda andina").waitFor({ state: "detached" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("the fleet's reference data (issue 15)", () => {
  it("lets an admin add a guide with the languages they speak, and refuses what the rules refuse", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("link", { name: "Guías" }).click();
    await page.getByRole("heading", { level: 1, name: "Guías" }).waitFor();
    await row(page, "Salcedo").getByText("Alemán, Español, Inglés").waitFor();

    await page.getByRole("link", { name: "Nuevo guía" }).click();
    await page.getByRole("heading", { level: 1, name: "Nuevo guía" }).waitFor();
    await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
    await page.getByLabel("Correo electrónico").fill("rosa@");
    await page.getByRole("button", { name: "Guardar" }).click();
    // every problem by its field, before anything is sent
    await page.getByText("Correo electrónico inválido").waitFor();
    expect(await page.getByText("Información requerida", { exact: true }).count()).toBe(2);
    await page.getByLabel("Apellido").fill("Vera");
    await page.getByLabel("Nivel").selectOption({ label: "Nivel II" });
    await page.getByLabel("Correo electrónico").fill("rosa.vera@example.com");
    await page.getByRole("checkbox", { name: "Francés" }).check();
    await page.getByRole("checkbox", { name: "Inglés" }).check();
    await screenshot(page, "guide-new-es-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/guides`);
    await toast(page, "Registro creado correctamente");
    await row(page, "Vera").getByText("Francés, Inglés").waitFor();

    // a language a guide speaks cannot be deleted: it is deactivated instead
    await page.getByRole("link", { name: "Idiomas" }).click();
    await page.getByRole("heading", { level: 1, name: "Idiomas" }).waitFor();
    await row(page, "Francés").getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByRole("button", { name: "Eliminar" }).click();
    await page.getByText("Este elemento está en uso: desactívelo en lugar de eliminarlo.").first().waitFor();
    await row(page, "Francés").waitFor();

    // a GPS tax below zero is refused by its field with the spec's message
    await page.getByRole("link", { name: "Tipos de espacio" }).click();
    await row(page, "Niño").getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar tipo de espacio" }).waitFor();
    expect(await page.getByLabel("Tasa GPS extranjero (US$)").inputValue()).toBe("100,00");
    await page.getByLabel("Tasa GPS nacional (US$)").fill("-5");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("La tasa GPS no puede ser menor que cero.").waitFor();
    await page.getByLabel("Tasa GPS nacional (US$)").fill("17,50");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/genders`);
    await row(page, "Niño").getByText("17,50").waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("adds a cabin in English: decks grouped by yacht, berths counted, capacity added up for the cabin and its yacht", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("link", { name: "Cabins" }).click();
    await page.getByRole("heading", { level: 1, name: "Cabins" }).waitFor();
    await page.getByRole("link", { name: "New cabin" }).click();
    await page.getByRole("heading", { level: 1, name: "New cabin" }).waitFor();
    await page.getByLabel("Number", { exact: true }).fill("9");
    await page.getByLabel("Yacht").selectOption({ label: "Sea Lion" });
    // two yachts have a "Main deck": each under its yacht's name, in the reader's language (decision 080)
    expect(await page.locator('select[name="deck"] optgroup[label="Sea Lion"] option').allTextContents()).toEqual(["Lower deck", "Main deck"]);
    await page.locator('select[name="deck"]').selectOption(
      await page.locator('select[name="deck"] optgroup[label="Sea Lion"] option', { hasText: "Main deck" }).getAttribute("value") ?? "",
    );
    await page.getByLabel("Category").selectOption({ label: "Catamaran" });
    // the berth types by their English names (decision 084)
    await page.getByLabel("Number of Single bed").fill("2");
    await page.getByLabel("Number of Bunk bed").fill("1");
    await page.getByRole("checkbox", { name: "Family room" }).check();
    await screenshot(page, "cabin-new-en-desktop");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${app.url}/panel/cabin`);
    // typed while the rows load: nothing is lost
    await page.getByRole("searchbox").fill("Sea Lion 9");
    const cabin = page.locator("tbody tr", { hasText: "2 × Single bed, Bunk bed" });
    await cabin.getByText("3", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Yachts" }).click();
    await row(page, "Sea Lion").getByText("19", { exact: true }).waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("edits a cruise itinerary's day-by-day program: a day added, one removed, a blank visit refused", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("link", { name: "Itinerarios de crucero" }).click();
    await row(page, "Norte 4 días").getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar itinerario de crucero" }).waitFor();
    expect(await page.getByLabel("Isla o visita (fila 2)").inputValue()).toBe("Isla Santa Cruz: Bachas");
    // the second half day goes; the rows below move up and keep what they hold
    await page.getByRole("button", { name: "Quitar la fila 2" }).click();
    expect(await page.getByLabel("Isla o visita (fila 2)").inputValue()).toBe("Isla Genovesa: Darwin Bay");
    await page.getByRole("button", { name: "Agregar día" }).click();
    await page.getByLabel("Día (fila 8)").fill("4");
    await page.getByLabel("Jornada (fila 8)").selectOption("PM");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Información requerida").first().waitFor();
    await page.getByLabel("Isla o visita (fila 8)").fill("Isla Mosquera");
    await screenshot(page, "cruise-itinerary-program-es-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/cruise_itinerary`);
    await toast(page, "Registro actualizado correctamente");
    await row(page, "Norte 4 días").getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar itinerario de crucero" }).waitFor();
    expect(await page.getByLabel("Isla o visita (fila 8)").inputValue()).toBe("Isla Mosquera");
    expect(await page.getByRole("button", { name: /^Quitar la fila/ }).count()).toBe(8);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("shows marketing the reference data to read: no add, no delete, the form disabled", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await signIn(page, "marketing@example.com", "Demo1234");
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("link", { name: "Capitanes" }).click();
    await page.getByRole("heading", { level: 1, name: "Capitanes" }).waitFor();
    await row(page, "Fausto").waitFor();
    expect(await page.getByRole("link", { name: "Nuevo capitán" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Eliminar" }).count()).toBe(0);
    await row(page, "Fausto").getByRole("link", { name: "Ver" }).click();
    await page.getByRole("heading", { level: 1, name: "Capitanes" }).waitFor();
    expect(await page.getByLabel("Apellido").inputValue()).toBe("Gil");
    expect(await page.getByLabel("Apellido").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Guardar" }).count()).toBe(0);
    await screenshot(page, "captain-view-es-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
