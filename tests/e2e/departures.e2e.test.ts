/**
 * Departures in a real browser (issue 17, item 1): an admin generates a month's departures of an
 * itinerary, cancels one for a reason (the dialog refuses a blank one), and schedules one by hand,
 * first without a guide (issue 34: "select a guide"), then on a day the yacht sails (the server's
 * refusal shows by the start day), then on the canceled one's day; Back returns to the month before.
 */
import { describe, expect, it } from "vitest";
import { screenshot, unexpectedErrors } from "./support/browser.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** A month past the demo's year of departures, and its Thursdays (the North cruise's start day). */
const now = new Date();
const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 14, 1));
const month = first.toISOString().slice(0, 7);
const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
const thursdays = Array.from({ length: 31 }, (_, index) => new Date(first.getTime() + index * 86_400_000))
  .filter((day) => day.getUTCMonth() === first.getUTCMonth() && day.getUTCDay() === 4)
  .map((day) => day.toISOString().slice(0, 10));
const code = (day: string) => `GEX-${day.replaceAll("-", "")}`;

describe("departures", () => {
  it("are generated for a month, canceled for a reason and scheduled by hand", async () => {
    const { page, context, consoleErrors } = await app.signedIn("admin@example.com");
    await page.goto(`${app.url}/panel/cruises?month=${month}&view=list`);
    await page.getByText("No hay salidas en este mes.").waitFor();

    await page.getByText("Generar las salidas de un periodo").click();
    await page.getByLabel("Itinerario de crucero").selectOption({ label: "Norte 4 días" });
    await page.getByLabel("Desde").fill(last);
    await page.getByLabel("Hasta").fill(`${month}-01`);
    await page.getByRole("button", { name: "Generar", exact: true }).click();
    await page.getByText("Información ingresada incorrecta o invalida.", { exact: false }).first().waitFor();
    await page.getByLabel("Desde").fill(`${month}-01`);
    await page.getByLabel("Hasta").fill(last);
    await page.getByRole("button", { name: "Generar", exact: true }).click();
    await page.getByText(`Se generaron ${thursdays.length} salidas.`).waitFor();
    const [firstThursday = "", secondThursday = ""] = thursdays;
    const row = page.getByRole("row").filter({ hasText: code(firstThursday) });
    await row.getByText("Disponible").waitFor();
    expect(await page.getByRole("row").filter({ hasText: "GEX-" }).count()).toBe(thursdays.length);

    await row.getByRole("button", { name: "Cancelar con motivo" }).click();
    await page.getByText(`¿Cancelar la salida ${code(firstThursday)}?`).waitFor();
    await page.locator(".swal2-confirm").click();
    await page.locator(".swal2-validation-message").getByText("Información requerida").waitFor();
    await page.getByRole("textbox", { name: "Motivo" }).fill("Mantenimiento anual del yate");
    await page.locator(".swal2-confirm").click();
    await row.getByText("Cancelada").waitFor();
    expect(await row.getByRole("button", { name: "Cancelar con motivo" }).count()).toBe(0);
    await screenshot(page, "departures-list-es-desktop");

    await page.getByRole("link", { name: "Nueva salida" }).click();
    // the list's month form has the same labels: filled while the list stays inert, it would be lost (decision 154)
    await page.getByRole("heading", { level: 1, name: "Nueva salida" }).waitFor();
    await page.getByLabel("Yate").selectOption({ label: "Galápagos Explorer" });
    await page.getByLabel("Itinerario de crucero").selectOption({ label: "Norte 4 días" });
    await page.getByLabel("Fecha de inicio").fill(secondThursday);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Seleccione un guía.").first().waitFor();
    await page.getByRole("group", { name: "Guías" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("El yate ya tiene una salida en esos días.").waitFor();
    await page.getByLabel("Fecha de inicio").fill(firstThursday);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(/\/panel\/cruises(\?|$)/);

    await page.goto(`${app.url}/panel/cruises?month=${month}&view=list`);
    await page.getByRole("row").filter({ hasText: `${code(firstThursday)}-2` }).getByText("Disponible").waitFor();
    // the table's month is the list engine's filter, a history entry like the calendar's months
    const next = new Date(Date.parse(`${month}-01T00:00:00Z`) + 32 * 86_400_000).toISOString().slice(0, 7);
    await page.getByLabel("Mes").fill(next);
    await page.getByText("No hay salidas en este mes.").waitFor();
    await page.goBack();
    await page.getByRole("row").filter({ hasText: `${code(firstThursday)}-2` }).waitFor();

    await page.getByRole("button", { name: "Calendario" }).click();
    await page.getByRole("link", { name: /Galápagos Explorer/ }).first().waitFor();
    await screenshot(page, "departures-calendar-es-desktop");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
