import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, demoAdmin, marketing, signInThroughForm } from "./support/accounts.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { settled } from "./support/locators.ts";
import { browserSuite } from "./support/suite.ts";

/** Issue 14, points 2 to 4: forms that guide, sessions that respect the user, the spec's details. */

const app = browserSuite();

const signIn = async (page: Page, account: Account) => {
  await signInThroughForm(page, app.url, account);
  await page.waitForURL(/\/panel\/(home|leads)$/);
};

const leaveDialog = (page: Page) => page.getByRole("dialog").filter({ hasText: "¿Salir sin guardar?" });

/** The API as the signed-in page calls it, with its stored token. */
const apiGet = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const { token } = JSON.parse(localStorage.getItem("userInfo") ?? "{}") as { token?: string };
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await answer.json()) as { data: unknown };
  }, `${app.url}/api${path}`);

describe("forms that guide", () => {
  it("asks before leaving a form with changes, by the menu, Back, reload and sign-out; leaves when told", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, marketing);
    await page.getByRole("link", { name: "Alimentación" }).click();
    await page.getByRole("row").filter({ hasText: "Desayuno" }).getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar alimentación" }).waitFor();

    // unchanged: leaving asks nothing
    await page.getByRole("link", { name: "Actividades" }).click();
    await page.waitForURL(`${app.url}/panel/activities`);
    await page.goBack();
    await page.getByLabel("Nombre").fill("Desayuno continental");

    // the menu: stay, then leave
    await page.getByRole("link", { name: "Actividades" }).click();
    await leaveDialog(page).waitFor();
    await screenshot(page, "leave-dialog-es-desktop");
    await leaveDialog(page).getByRole("button", { name: "Seguir editando" }).click();
    await leaveDialog(page).waitFor({ state: "detached" });
    expect(page.url()).toMatch(/\/panel\/feeding\/\d+$/);
    expect(await page.getByLabel("Nombre").inputValue()).toBe("Desayuno continental");

    // Back: stay keeps the form and its address
    await page.goBack();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole("button", { name: "Seguir editando" }).click();
    await leaveDialog(page).waitFor({ state: "detached" });
    expect(page.url()).toMatch(/\/panel\/feeding\/\d+$/);
    expect(await page.getByLabel("Nombre").inputValue()).toBe("Desayuno continental");

    // reload: the browser's own question, dismissed
    const reloadAsked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    expect(await reloadAsked).toBe("beforeunload");
    expect(await page.getByLabel("Nombre").inputValue()).toBe("Desayuno continental");

    // sign-out: stay, then leave
    await page.getByLabel("Menú de usuario").click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole("button", { name: "Seguir editando" }).click();
    expect(page.url()).toMatch(/\/panel\/feeding\/\d+$/);

    // Back again, leaving this time: the list, nothing saved
    await page.goBack();
    await leaveDialog(page).getByRole("button", { name: "Salir sin guardar" }).click();
    await page.waitForURL(`${app.url}/panel/feeding`);
    await page.getByRole("row").filter({ hasText: "Desayuno" }).first().waitFor();
    // every row of the page drawn before one is said to be missing
    await settled(page);
    expect(await page.getByRole("row").filter({ hasText: "Desayuno continental" }).count()).toBe(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("refuses a duplicate catalogue name by the name field, focused, and forgets the message once it is edited", async () => {
    const { page, context } = await app.page(phone);
    await signIn(page, marketing);
    await page.goto(`${app.url}/panel/feeding/feeding_new`);
    await page.getByLabel("Nombre").fill("  ALMUERZO ");
    await page.getByRole("button", { name: "Guardar" }).click();
    const name = page.getByLabel("Nombre");
    await page.getByText("Ya existe un elemento con ese nombre en este catálogo.").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    await screenshot(page, "catalogue-name-taken-es-phone");
    await name.press("End");
    await name.pressSequentially(" de campo");
    expect(await name.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Ya existe un elemento con ese nombre en este catálogo.").count()).toBe(0);
    await context.close();
  });

  it("after a server 400 on a long form, focuses the first field in error, or scrolls the banner into view", async () => {
    const { page, context } = await app.page(phone);
    await signIn(page, demoAdmin);
    await page.goto(`${app.url}/panel/users_new`);
    await page.getByRole("heading", { level: 1, name: "Nuevo usuario" }).waitFor();
    // a blank form: the first field in error has the focus
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("firstName");
    await page.getByLabel("Nombres").fill("Rosa");
    await page.getByLabel("Apellidos").fill("Paz");
    await page.getByLabel("Correo electrónico").fill("MARKETING@example.com");
    await page.getByLabel("Rol").selectOption({ label: "Ventas" });
    // the server's refusal names the email: it goes there, scrolled into view and focused
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("El correo electrónico ya está en uso").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    await screenshot(page, "user-email-taken-es-phone");
    // a 400 about no one field (answered here by a stand-in): the banner comes into view
    await page.route("**/api/users/createUser", (route) =>
      route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ data: "invalid information" }) }),
    );
    await page.getByLabel("Correo electrónico").fill("rosa.paz@example.com");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Guardar" }).click();
    const banner = page.getByRole("alert");
    await banner.waitFor();
    await expect.poll(() => banner.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    await context.close();
  });

  it("reads 1.450,50 in Spanish as 1450.5 and shows it as the list does; English writes 1,450.50", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, marketing);
    await page.getByRole("link", { name: "Destinos Nacionales" }).click();
    const row = page.getByRole("row").filter({ hasText: "Cuenca colonial" });
    await row.getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar destino" }).waitFor();
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByLabel("Precio", { exact: true }).fill("1.450,50");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/national/destinations`);
    await row.getByText("US$ 1.450,50").waitFor();
    const saved = await apiGet(page, `/itineraries/${id}`);
    expect(saved.data).toMatchObject({ price: 1450.5 });

    await row.getByRole("link", { name: "Editar" }).click();
    expect(await page.getByLabel("Precio", { exact: true }).inputValue()).toBe("1.450,50");
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("heading", { level: 1, name: "Edit destination" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("row").filter({ hasText: "Cuenca colonial" }).getByText("US$ 1,450.50").waitFor();
    await page.getByRole("row").filter({ hasText: "Cuenca colonial" }).getByRole("link", { name: "Edit" }).click();
    expect(await page.getByLabel("Price", { exact: true }).inputValue()).toBe("1,450.50");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("shows not found for a destination opened under the other type's path, in the panel's frame", async () => {
    const { page, context } = await app.page(desktop);
    await signIn(page, marketing);
    await page.getByRole("link", { name: "Destinos Nacionales" }).click();
    await page.getByRole("row").filter({ hasText: "Cuenca colonial" }).getByRole("link", { name: "Editar" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar destino" }).waitFor();
    await page.goto(page.url().replace("/national/", "/international/"));
    // a destination of the other kind is not found: the page says so, with the way back to the list
    await page.getByRole("heading", { level: 1, name: "Página no encontrada" }).waitFor();
    await page.getByRole("link", { name: "Volver a la lista" }).waitFor();
    expect(await page.getByLabel("Precio", { exact: true }).count()).toBe(0);
    await page.goto(`${app.url}/panel/nowhere`);
    await page.getByRole("heading", { level: 1, name: "Página no encontrada" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Navegación del panel" }).count()).toBe(1);
    expect(await page.title()).toBe("Página no encontrada · Ecuador Travel");
    await context.close();
  });
});

describe("sessions that respect the user", () => {
  it("sends a signed-in user who opens /panel to their start page, and names the screen in the tab", async () => {
    const { page, context } = await app.page(desktop);
    await signIn(page, marketing);
    await page.goto(`${app.url}/panel`);
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByRole("link", { name: "Usuarios" }).count();
    await page.getByRole("link", { name: "Alimentación" }).click();
    await page.getByRole("heading", { level: 1, name: "Alimentación" }).waitFor();
    await expect.poll(() => page.title()).toBe("Alimentación · Ecuador Travel");
    await context.close();
  });

  it("after a 498 says the session expired and, signed in again, returns to the page the user was on", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signIn(page, marketing);
    // the home page's own calls answered first: one sent after the logout would open the login before the
    // click (the live changes' stream stays open, so the network is never idle: the rows tell instead)
    await page.getByRole("row").nth(1).waitFor();
    // the session ends on the server (as when it expires)
    await page.evaluate(async (url) => {
      const { token } = JSON.parse(localStorage.getItem("userInfo") ?? "{}") as { token?: string };
      await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
    }, `${app.url}/api/auth/logout`);
    await page.getByRole("link", { name: "Actividades" }).click();
    await page.waitForURL(`${app.url}/panel`);
    await page.getByText("Su sesión expiró. Ingrese de nuevo para continuar donde estaba.").waitFor();
    await screenshot(page, "session-expired-es-desktop");
    await page.getByLabel("Correo electrónico").fill(marketing.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(marketing.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${app.url}/panel/activities`);
    await page.getByRole("heading", { level: 1, name: "Actividades" }).waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("changes the password from the user menu with the current one, then signs in with the new one", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    const user = { email: "marketing2@example.com", password: "Demo1234" };
    await signIn(page, user);
    await page.getByLabel("Menú de usuario").click();
    await page.getByRole("link", { name: "Cambiar contraseña" }).click();
    await page.getByRole("heading", { level: 1, name: "Cambiar contraseña" }).waitFor();
    await page.getByLabel("Contraseña actual").fill("Wrong1234");
    await page.getByLabel("Nueva contraseña").fill("Nueva12345678901");
    await page.getByLabel("Confirmar contraseña").fill("Nueva12345678901");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await page.getByText("Contraseña debe tener máximo 14 caracteres").first().waitFor();
    await screenshot(page, "own-password-errors-es-phone");
    await page.getByLabel("Nueva contraseña").fill("Nueva2026");
    await page.getByLabel("Confirmar contraseña").fill("Nueva2026");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    // the server's refusal names the current password: it shows by that field, not in the banner
    await page.getByText("La contraseña actual es incorrecta.").waitFor();
    expect(await page.getByLabel("Contraseña actual").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Contraseña actual").fill(user.password);
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await page.getByText("Success! Su contraseña se actualizó correctamente").waitFor();
    await page.waitForURL(`${app.url}/panel`, { timeout: 10_000 });
    await signIn(page, { ...user, password: "Nueva2026" });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("the spec's details", () => {
  it("colours the delete confirmation red and its cancel grey", async () => {
    const { page, context } = await app.page(desktop);
    await signIn(page, marketing);
    await page.getByRole("link", { name: "Alimentación" }).click();
    await page.getByRole("row").filter({ hasText: "Cena" }).getByRole("button", { name: "Eliminar" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const colour = (name: string) =>
      dialog.getByRole("button", { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await colour("Eliminar")).toBe("rgb(198, 40, 40)");
    expect(await colour("Cancelar")).toBe("rgb(108, 117, 125)");
    await screenshot(page, "delete-dialog-colours-es-desktop");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await context.close();
  });

  it("shows the logo and the language choice on the forgot-password page", async () => {
    const { page, context } = await app.page(phone);
    await page.goto(`${app.url}/forgotPassword`);
    await page.getByRole("heading", { level: 1, name: "Recuperar contraseña" }).waitFor();
    expect(await page.getByRole("img", { name: "Ecuador Travel" }).count()).toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("heading", { level: 1, name: "Recover password" }).waitFor();
    expect(await page.title()).toBe("Recover password · Ecuador Travel");
    await screenshot(page, "forgot-password-en-phone");
    await context.close();
  });
});
