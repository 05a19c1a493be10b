/**
 * Passengers in a real browser (issue 17, item 4): sales register a passenger from a
 * reservation's page and come back to it, give a space that passenger through the search dialog,
 * import the other spaces' passengers from a CSV sheet and read its report, add a cabin and change
 * the notes, book and remove a
 * flight leg on the passenger's page; an agency user lists its own agency's passengers only.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { phone, screenshot, unexpectedErrors } from "./support/browser.ts";
import { freeExplorerDeparture, holdForAgency } from "./support/departures.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** Holds cabins 3 (a woman) and 4 (two women) of a free Explorer departure for Cuenca Travel, through the API; answers the reservation and departure. */
const holdForCuenca = async (token: string) => {
  const departure = await freeExplorerDeparture(app.url, token, 130);
  const reservation = await holdForAgency(app.url, token, departure.id, "Cuenca Travel", { "3": ["Mujer adulta"], "4": ["Mujer adulta", "Mujer adulta"] });
  return { reservation, departure };
};

describe("a reservation's passengers", () => {
  it("are registered, chosen for a space, imported from a sheet, and given flights", async () => {
    const { page, context, consoleErrors, token } = await app.signedIn("ventas@example.com");
    const { reservation, departure } = await holdForCuenca(token);

    await page.goto(`${app.url}/panel/reservations/${reservation.id}`);
    await page.getByRole("heading", { name: `Reserva ${reservation.code}` }).waitFor();
    // the bookings are drawn once the summary has been painted (decision 087)
    await page.getByRole("heading", { name: "Cabinas y espacios" }).waitFor();
    expect(await page.getByText("Sin pasajero").count()).toBe(3);
    // registered with the reservation's agency and seated in the space in one dialog (decision 075)
    await page.getByRole("button", { name: "Nuevo pasajero" }).first().click();
    await page.getByRole("heading", { name: `Nuevo pasajero en un espacio de ${reservation.code}` }).waitFor();
    await page.getByText("Agencia: Cuenca Travel").waitFor();
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Paredes");
    await page.getByLabel("Tipo de identificación").selectOption({ label: "Pasaporte" });
    await page.getByLabel("Número de identificación").fill("ZX 900 100");
    await page.getByLabel("Fecha de nacimiento").fill("1988-02-29");
    await page.getByLabel("Nacionalidad").selectOption({ label: "Chile" });
    // a select's name is its label and its chosen option ("Sexo Seleccione…"): found within the dialog
    await page.getByRole("dialog").getByLabel("Sexo").selectOption({ label: "Femenino" });
    await screenshot(page, "passenger-form-es-desktop");
    await page.locator(".swal2-confirm").click();
    await page.getByRole("link", { name: "Lucía Paredes" }).waitFor();
    expect(await page.getByText("Sin pasajero").count()).toBe(2);

    // the new passenger is the agency's: the assign dialog's search of the agency finds her
    await page.getByRole("button", { name: "Asignar pasajero" }).first().click();
    await page.getByRole("searchbox", { name: "Buscar" }).fill("ZX900");
    await page.getByRole("option", { name: /Paredes, Lucía · ZX900100/ }).waitFor();
    await screenshot(page, "passenger-assign-es-desktop");
    await page.locator(".swal2-cancel").click();

    const sheet = join(tmpdir(), `pasajeros-${Date.now()}.csv`);
    writeFileSync(
      sheet,
      [
        "Nombre;Apellido;Tipo de identificación;Número de identificación;Fecha de nacimiento;País;Sexo;Cabina",
        "Rosa;Mena;Cédula de identidad;0912345678;03/02/1979;Ecuador;F;4",
        "Pedro;Mena;Pasaporte;PM4455;1980-01-01;Ecuador;M;4",
        "Inés;Mena;Pasaporte;IM4456;1982-07-07;Ecuador;F;4",
      ].join("\r\n"),
    );
    await page.getByRole("button", { name: "Importar pasajeros" }).click();
    // the dialog may still be drawing its file input when the first file is set: set it until it holds
    const chosen = () => page.locator(".swal2-file").evaluate((input) => (input as HTMLInputElement).files?.length ?? 0);
    await expect
      .poll(async () => {
        await page.locator(".swal2-file").setInputFiles(sheet);
        return chosen();
      })
      .toBe(1);
    await page.locator(".swal2-confirm").click();
    await page.getByRole("heading", { name: "Importación: 2 de 3 filas ubicadas" }).waitFor();
    await page.getByText("El sexo del pasajero debe coincidir con el del espacio.").waitFor();
    await page.getByRole("link", { name: "Rosa Mena" }).waitFor();
    expect(await page.getByText("Sin pasajero").count()).toBe(0);
    await screenshot(page, "passenger-import-es-desktop");

    await page.getByRole("button", { name: "Agregar cabina" }).click();
    await page.locator(".dialog-fields select").selectOption({ label: "Cabina 5: 2 de 2 plazas libres" });
    await page.getByRole("spinbutton", { name: /Hombre adulto/ }).fill("2");
    await screenshot(page, "booking-add-es-desktop");
    await page.locator(".swal2-confirm").click();
    await page.getByRole("heading", { name: "Cabina 5" }).waitFor();
    expect(await page.getByText("Sin pasajero").count()).toBe(2);
    await page.getByRole("button", { name: "Editar notas" }).click();
    await page.getByRole("textbox", { name: "Notas" }).fill("Familia Mena en las cabinas 4 y 5");
    await page.locator(".swal2-confirm").click();
    await page.getByText("Familia Mena en las cabinas 4 y 5").waitFor();

    await page.getByRole("link", { name: "Lucía Paredes" }).click();
    await page.getByRole("heading", { name: "Cruceros y vuelos" }).waitFor();
    await page.getByRole("link", { name: new RegExp(departure.code) }).waitFor();
    const leg = page.getByRole("form", { name: "Agregar tramo" });
    await leg.locator("select[name=flightId]").selectOption({ label: "AV1630 · UIO → GPS" });
    await leg.getByLabel("Fecha del vuelo").fill(new Date(Date.parse(departure.startDate) + 86_400_000).toISOString().slice(0, 10));
    await leg.getByRole("button", { name: "Agregar tramo" }).click();
    await page.getByText("No se puede crear un vuelo durante el crucero.").waitFor();
    await leg.getByLabel("Fecha del vuelo").fill(departure.startDate);
    await leg.getByRole("button", { name: "Agregar tramo" }).click();
    await page.getByRole("button", { name: "Quitar tramo" }).waitFor();
    await page.getByText("AV1630 · UIO → GPS").first().waitFor();
    await screenshot(page, "passenger-trips-es-desktop");
    await page.getByRole("button", { name: "Quitar tramo" }).click();
    await page.locator(".swal2-confirm").click();
    // While the dialog closes SweetAlert2 still hides the page from role queries, so a role
    // locator can count nothing before the removal is answered: the leg's own text is polled
    // once the departure's form is back in view.
    await page.getByRole("form", { name: "Agregar tramo" }).waitFor();
    await expect.poll(() => page.locator(".booking-spaces li").count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole("button", { name: "Quitar tramo" }).count()).toBe(0);

    // the departure's manifest lists them by cabin, the berths still without one as incomplete
    await page.goto(`${app.url}/panel/cruises/${departure.id}/passengers`);
    // a loaded machine (the suite runs two files side by side) is given a minute for the documents
    await page.getByRole("heading", { level: 1, name: `Lista de pasajeros · ${departure.code}` }).waitFor({ timeout: 60_000 });
    await page.getByRole("cell", { name: "Paredes, Lucía" }).waitFor({ timeout: 60_000 });
    const incomplete = page.getByRole("region", { name: "Información incompleta" });
    await incomplete.getByRole("link", { name: reservation.code }).first().waitFor();
    await screenshot(page, "cruise-passengers-es-desktop");
    const [pdf] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByRole("button", { name: "Descargar PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`passengers-${departure.code}.pdf`);
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await page.getByLabel("Idioma del documento").selectOption("en");
    await page.getByRole("table", { name: "Passenger list" }).waitFor({ timeout: 60_000 });
    // what is missing is told to staff in the panel's language
    expect(await incomplete.textContent()).toContain("pasajero");

    // the zarpe names the yacht's crew beside its passengers, each list in a table of its own
    await page.getByRole("navigation", { name: "Pestañas de la salida" }).getByRole("link", { name: "Zarpe" }).click();
    await page.getByRole("table", { name: "Tripulación" }).waitFor({ timeout: 60_000 });
    await page.getByRole("cell", { name: "Paredes, Lucía" }).waitFor();
    await screenshot(page, "cruise-zarpe-es-desktop");

    // the voucher tab leads to the reservation's voucher, which is mailed to Cuenca Travel
    await page.getByRole("navigation", { name: "Pestañas de la salida" }).getByRole("link", { name: "Voucher" }).click();
    await page.getByRole("link", { name: `Ver voucher ${reservation.code}` }).click();
    await page.getByRole("heading", { level: 1, name: `Voucher · ${reservation.code}` }).waitFor({ timeout: 60_000 });
    await page.getByRole("table", { name: "Reserva" }).getByRole("cell", { name: "Cuenca Travel" }).waitFor();
    await screenshot(page, "voucher-es-desktop");
    await page.getByRole("button", { name: "Enviar a la agencia" }).click();
    await page.locator(".swal2-confirm").click();
    await page.getByText(/^Voucher enviado a .+@/).waitFor({ timeout: 60_000 });

    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  }, 180_000);
});

describe("an agency's passengers", () => {
  it("are the only ones its users list, on a phone too", async () => {
    const { page, context, consoleErrors, token } = await app.signedIn("reservas@ikarustours.example.com", { viewport: phone });
    await page.goto(`${app.url}/panel/passengers`);
    await page.getByRole("heading", { name: "Pasajeros" }).waitFor();
    await page.getByText("pasajeros", { exact: false }).last().waitFor();
    expect(await page.getByLabel("Agencia").count()).toBe(0);
    const response = await fetch(`${app.url}/api/passengers?pageSize=200`, { headers: { authorization: `Bearer ${token}` } });
    const { data } = (await response.json()) as { data: ReadonlyArray<{ agencyName: string | null }> };
    expect(data.length).toBeGreaterThan(0);
    expect(new Set(data.map((passenger) => passenger.agencyName))).toEqual(new Set(["Ikarus Tours"]));
    await screenshot(page, "passengers-agency-es-phone");
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
