import { describe, expect, it } from "vitest";
import { demoPassword, signInThroughForm } from "./support/accounts.ts";
import { desktop, phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { startServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

/** The first admin's temporary password, as the server prints it on the first start. */
const firstAdminPassword = (log: string): string => {
  const match = /sign in as admin@example\.com with the temporary password (\S+)/.exec(log);
  if (!match?.[1]) throw new Error(`no temporary password for the first admin in the server log:\n${log}`);
  return match[1];
};

const app = browserSuite(() => startServer({ SEED_DEMO: "true" }));

describe("first sign-in of the seeded admin", () => {
  const newPassword = "Galapagos26";

  it("forces the temporary password to be changed, then signs in to the home page", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await page.goto(`${app.url}/panel`);
    await screenshot(page, "login-es-desktop");

    await page.getByLabel("Correo electrónico").fill("admin@example.com");
    await page.getByLabel("Contraseña", { exact: true }).fill(firstAdminPassword(app.server.log()));
    await page.getByRole("button", { name: "Ingresar" }).click();

    await page.waitForURL(/\/changePassword\/\d+$/);
    await page.getByRole("heading", { name: "Antes de comenzar debe restablecer su contraseña" }).waitFor();
    await screenshot(page, "change-password-es-desktop");

    const submit = page.getByRole("button", { name: "Restablecer contraseña" });
    const password = page.getByLabel("Nueva contraseña");
    const confirm = page.getByLabel("Confirmar contraseña");
    const expectMessage = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 5_000 });

    await submit.click();
    await expectMessage("Información requerida");
    await password.fill("abcdefg");
    await submit.click();
    await expectMessage("Contraseña no cumple con los parámetros");
    await password.fill("Ab1");
    await submit.click();
    await expectMessage("Contraseña debe tener minimo 6 caracteres");
    await password.fill("Abcdefgh1234567");
    await submit.click();
    await expectMessage("Contraseña debe tener máximo 14 caracteres");
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await submit.click();
    await expectMessage("Contraseñas no coinciden");
    await confirm.fill(newPassword);
    const changedAt = Date.now();
    await submit.click();
    await page.getByText("Success! Su contraseña se actualizó correctamente").first().waitFor();
    await screenshot(page, "change-password-success-es-desktop");

    await page.waitForURL(`${app.url}/panel`, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(3_900);

    await page.getByLabel("Correo electrónico").fill("admin@example.com");
    await page.getByLabel("Contraseña", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${app.url}/panel/home`);
    await page.getByText("Bienvenido, Admin Principal").waitFor();
    await page.getByRole("link", { name: "Usuarios" }).waitFor();
    await screenshot(page, "home-admin-es-desktop");

    await page.getByLabel("Menú de usuario").click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${app.url}/panel`);
    expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toBeNull();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe("staff of other roles and broken sessions", () => {
  it("sends a sales user to the leads, without the Usuarios entry", async () => {
    const { page, context, consoleErrors } = await app.page(desktop);
    await signInThroughForm(page, app.url, { email: "ventas@example.com", password: demoPassword });
    await page.waitForURL(`${app.url}/panel/leads`);
    await page.getByText("Bienvenido, Diego Cevallos").waitFor();
    expect(await page.getByRole("link", { name: "Usuarios" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Leads", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("sends a forged token back to the login page and forgets it", async () => {
    const { page, context } = await app.page(desktop);
    await page.goto(`${app.url}/panel`);
    await page.evaluate(() =>
      localStorage.setItem(
        "userInfo",
        JSON.stringify({ userName: "Mallory", token: "forged-token", role: "admin", id: 1 }),
      ),
    );
    await page.goto(`${app.url}/panel/home`);
    await page.waitForURL(`${app.url}/panel`);
    await page.getByRole("button", { name: "Ingresar" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toBeNull();
    await context.close();
  });

  it("opens and closes the sidebar on a phone, in English", async () => {
    const { page, context, consoleErrors } = await app.page(phone);
    await page.goto(`${app.url}/panel`);
    await page.getByLabel("Idioma").selectOption("en");
    await page.getByLabel("Email").fill("marketing@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Demo1234");
    await screenshot(page, "login-en-phone");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${app.url}/panel/home`);
    const sidebar = page.locator("#sidebar");
    const sidebarIsShown = async () => {
      const box = await sidebar.boundingBox();
      return box !== null && box.x + box.width > 10;
    };
    await page.waitForTimeout(400);
    expect(await sidebarIsShown()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForTimeout(400);
    expect(await sidebarIsShown()).toBe(true);
    await screenshot(page, "sidebar-open-en-phone");
    await page.mouse.click(370, 600);
    await page.waitForTimeout(400);
    expect(await sidebarIsShown()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "National Destinations", exact: true }).click();
    await page.waitForURL(`${app.url}/panel/national/destinations`);
    await page.waitForTimeout(400);
    expect(await sidebarIsShown()).toBe(false);
    await screenshot(page, "coming-soon-en-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("loads client routes on a hard refresh", async () => {
    const response = await fetch(`${app.url}/panel/users/7`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });
});
