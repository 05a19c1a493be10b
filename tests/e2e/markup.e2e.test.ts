import { describe, expect, it } from "vitest";
import { demoAdmin, signInThroughForm } from "./support/accounts.ts";
import { sendLead } from "./support/api.ts";
import { unexpectedErrors } from "./support/browser.ts";
import { dialog, row, toast } from "./support/locators.ts";
import { makePng } from "./support/png.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * Issue 13, item 3 (docs/decisions/019-text-never-markup.md): a name that is markup is stored as
 * it was typed and shows as that text in every dialog and toast; the browser never parses it.
 */
const META = '<meta http-equiv="refresh" content="0;url=https://example.org">';
const IMG = '<img src=x onerror="window.__pwned=1">';
const MARKUP = `${META} ${IMG}`;

const SALES_NAME = "Diego Cevallos";

const app = browserSuite();

/**
 * A signed-in admin's page that notes every request leaving the server's origin (the refresh to
 * example.org, the image's `x`) and every alert, so a test can say nothing was interpreted.
 */
const adminPage = async () => {
  const opened = await app.page();
  const { page } = opened;
  const strayRequests: string[] = [];
  const alerts: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    // blob: is a chosen image's preview
    if ((!url.startsWith(app.url) && !url.startsWith("blob:")) || url.endsWith("/x")) strayRequests.push(url);
  });
  page.on("dialog", (alert) => {
    alerts.push(alert.message());
    void alert.dismiss();
  });
  await signInThroughForm(page, app.url, demoAdmin);
  await page.waitForURL(`${app.url}/panel/home`);

  /** Still on `path`, nothing ran, nothing was fetched, and no element came out of the name. */
  const expectUntouched = async (path: string) => {
    // a parsed <meta http-equiv="refresh" content="0;..."> leaves at once: give it the time to
    await page.waitForTimeout(400);
    expect(page.url()).toBe(`${app.url}${path}`);
    expect(await page.evaluate(() => Reflect.get(window, "__pwned"))).toBeUndefined();
    expect(await page.locator('meta[http-equiv="refresh"], img[src="x"]').count()).toBe(0);
    // SweetAlert2's own template holds one hidden img.swal2-image (its `imageUrl` option): not ours
    const parsed = ".swal2-container img:not(.swal2-image), .swal2-container meta, .swal2-container script";
    expect(await page.locator(parsed).count()).toBe(0);
    expect(strayRequests).toEqual([]);
    expect(alerts).toEqual([]);
  };

  /** The toast or popup that shows `text` is there, as text, and harmless. */
  const expectToast = async (text: string, path: string) => {
    await toast(page, text);
    await expectUntouched(path);
  };

  /** Opens a row's delete dialog: the name shows literally; 'Cancelar', then 'Eliminar' and its toast. */
  const deleteRow = async (path: string, question: string) => {
    await page.goto(`${app.url}${path}`);
    await row(page, MARKUP).getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByText(question, { exact: true }).waitFor();
    expect(await dialog(page).locator(".swal2-title").textContent()).toBe(question);
    await expectUntouched(path);
    await dialog(page).getByRole("button", { name: "Cancelar" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await row(page, MARKUP).getByRole("button", { name: "Eliminar" }).click();
    await dialog(page).getByRole("button", { name: "Eliminar" }).click();
    await expectToast("Registro eliminado correctamente", path);
    await row(page, MARKUP).waitFor({ state: "detached" });
  };

  return { ...opened, expectUntouched, expectToast, deleteRow };
};

describe("markup in stored names is shown as text in every dialog and toast", () => {
  const catalogues = [
    { list: "/panel/feeding", form: "/panel/feeding/feeding_new" },
    { list: "/panel/activities", form: "/panel/activities/activities_new" },
    { list: "/panel/courtesys", form: "/panel/courtesys/courtesy_new" },
  ];

  for (const catalogue of catalogues) {
    it(`${catalogue.list}: save toast, delete dialog, delete toast`, async () => {
      const { page, context, consoleErrors, expectToast, deleteRow } = await adminPage();
      await page.goto(`${app.url}${catalogue.form}`);
      await page.getByLabel("Nombre").fill(MARKUP);
      await page.getByRole("button", { name: "Guardar" }).click();
      await page.waitForURL(`${app.url}${catalogue.list}`);
      await expectToast("Registro creado correctamente", catalogue.list);
      await row(page, MARKUP).getByText(MARKUP, { exact: true }).waitFor();

      await deleteRow(catalogue.list, `¿Eliminar «${MARKUP}»?`);
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
      await context.close();
    });
  }

  it("a user's first name: save toast, reset-password dialog and toast, delete dialog and toast", async () => {
    const { page, context, consoleErrors, expectUntouched, expectToast, deleteRow } = await adminPage();
    const fullName = `${MARKUP} Vera`;
    await page.goto(`${app.url}/panel/users_new`);
    await page.getByLabel("Nombres").fill(MARKUP);
    await page.getByLabel("Apellidos").fill("Vera");
    await page.getByLabel("Correo electrónico").fill("markup@example.com");
    await page.getByLabel("Rol").selectOption({ label: "Marketing" });
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/users`);
    await expectToast("Usuario creado. Le enviamos por correo una contraseña temporal.", "/panel/users");

    await row(page, MARKUP).getByRole("button", { name: "Enviar contraseña temporal" }).click();
    const question = `¿Enviar una contraseña temporal a ${fullName}?`;
    await dialog(page).getByText(question, { exact: true }).waitFor();
    await expectUntouched("/panel/users");
    await dialog(page).getByRole("button", { name: "Enviar" }).click();
    await expectToast("Contraseña temporal enviada", "/panel/users");

    await deleteRow("/panel/users", `¿Eliminar a ${fullName}?`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("a destination's name: save toast, delete dialog and toast", async () => {
    const { page, context, consoleErrors, expectToast, deleteRow } = await adminPage();
    const list = "/panel/national/destinations";
    await page.goto(`${app.url}/panel/national/destinations_new`);
    await page.getByRole("heading", { level: 1, name: "Nuevo destino" }).waitFor();
    await page.getByLabel("Nombre", { exact: true }).fill(MARKUP);
    await page.getByLabel("Días", { exact: true }).fill("2 días, 1 noche");
    await page.getByLabel("Descripción", { exact: true }).fill("La laguna del cráter.");
    await page.getByLabel("Disponibilidad").fill("Todo el año");
    await page.getByLabel("Precio", { exact: true }).fill("180");
    await page.getByLabel("Región").selectOption({ label: "Sierra" });
    await page.getByRole("checkbox", { name: "Traslados" }).check();
    await page.getByRole("checkbox", { name: "Quito" }).check();
    await page.getByRole("group", { name: "Alimentación" }).getByRole("checkbox").first().check();
    await page
      .getByLabel("Imagen")
      .setInputFiles({ name: "markup.png", mimeType: "image/png", buffer: makePng(320, 240) });
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}${list}`);
    await expectToast("Registro creado correctamente", list);

    await deleteRow(list, `¿Eliminar el destino «${MARKUP}»?`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("a banner's and the call to action's titles: the saved popup and toast, the delete dialogs and toasts", async () => {
    const { page, context, consoleErrors, expectUntouched, expectToast } = await adminPage();
    await row(page, "Banner").first().getByRole("link", { name: "Editar" }).click();
    await page.waitForURL(/\/panel\/home\/baner\/\d+$/);
    const bannerPath = new URL(page.url()).pathname;
    await page.getByLabel("Título", { exact: true }).fill(MARKUP);
    await page.getByRole("button", { name: "Guardar" }).click();
    await dialog(page).getByText("Registro actualizado correctamente", { exact: true }).waitFor();
    await expectUntouched(bannerPath);
    await dialog(page).getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.getByLabel("Título", { exact: true }).inputValue()).toBe(MARKUP);

    await page.goto(`${app.url}/panel/home`);
    await row(page, "Llamado a la acción").getByRole("link", { name: "Editar" }).click();
    await page.waitForURL(/\/panel\/home\/call_action\/\d+$/);
    await page.getByLabel("Título", { exact: true }).fill(MARKUP);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(`${app.url}/panel/home`);
    await expectToast("Registro actualizado correctamente", "/panel/home");
    expect(await page.getByText(MARKUP, { exact: true }).count()).toBe(2);
    await expectUntouched("/panel/home");

    const deletions = [
      ["Banner", `¿Eliminar el banner «${MARKUP}»?`],
      ["Llamado a la acción", `¿Eliminar el llamado a la acción «${MARKUP}»?`],
    ] as const;
    for (const [kind, question] of deletions) {
      const target = row(page, MARKUP).filter({ hasText: kind });
      await target.getByRole("button", { name: "Eliminar" }).click();
      await dialog(page).getByText(question, { exact: true }).waitFor();
      expect(await dialog(page).locator(".swal2-title").textContent()).toBe(question);
      await expectUntouched("/panel/home");
      await dialog(page).getByRole("button", { name: "Eliminar" }).click();
      await expectToast("Registro eliminado correctamente", "/panel/home");
      await target.waitFor({ state: "detached" });
    }
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it("a lead's name from the public form: the assignment toast and the comment toast", async () => {
    const created = await sendLead(app.url, { firstName: MARKUP, lastName: "Prueba", email: "markup.lead@example.com", message: "Hola" });
    expect(created.status).toBe(200);

    const { page, context, consoleErrors, expectUntouched, expectToast } = await adminPage();
    const name = `${MARKUP} Prueba`;
    await page.goto(`${app.url}/panel/leads`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("markup.lead");
    // the newest lead shows before the search applies: wait for the search itself
    await page.waitForURL(`${app.url}/panel/leads?q=markup.lead`);
    const lead = row(page, name);
    await lead.waitFor();
    await lead.getByRole("button", { name: `Asignar ${name}` }).click();
    const menu = page.getByRole("dialog", { name: `Asignar el lead de ${name}` });
    await menu.getByRole("button", { name: SALES_NAME }).click();
    // the list keeps its search in the address (decision 023)
    await expectToast("Registro actualizado correctamente", "/panel/leads?q=markup.lead");

    await lead.getByRole("link", { name }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const leadPath = new URL(page.url()).pathname;
    await expectUntouched(leadPath);
    await page.getByLabel("Nuevo comentario").fill(`Sobre ${MARKUP}`);
    await page.getByRole("button", { name: "Agregar comentario" }).click();
    await expectToast("Registro creado correctamente", leadPath);
    await page.locator(".lead-note").filter({ hasText: `Sobre ${MARKUP}` }).waitFor();
    await expectUntouched(leadPath);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
