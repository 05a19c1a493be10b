/**
 * Issue 38 in the browser (decision 076): an admin records a payment of a direct client's
 * reservation in its dialog, confirms it with that payment, cancels it late (all of it kept), and
 * sees the refund due once the penalty is waived; and edits the money policy, a bad number worded
 * in the user's language. At a desktop's and a phone's width.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCents } from "../../src/api/amounts.ts";
import { apiAs } from "./support/api.ts";
import { screenshot, unexpectedErrors, widths } from "./support/browser.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

const DAY = 86_400_000;

interface Cabin {
  readonly id: number;
  readonly berths: ReadonlyArray<unknown>;
}

const api = (token: string, method: string, path: string, body?: unknown) => apiAs(app.url, token)(method, path, body);

/**
 * A direct client's hold of one berth in a cabin with every berth free, on a departure 20 to 55
 * days away: inside the balance window, so its deposit is all of it and a cancel keeps all.
 */
const lateHold = async (token: string): Promise<number> => {
  const from = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
  const cruises = (await api(token, "GET", `/cruises?from=${from}&pageSize=50`)).data as ReadonlyArray<{ id: number; startDate: string }>;
  const genders = (await api(token, "GET", "/genders")).data as ReadonlyArray<{ id: number; name: string }>;
  const male = genders.find((gender) => gender.name === "Hombre adulto")?.id ?? 0;
  const last = new Date(Date.now() + 55 * DAY).toISOString().slice(0, 10);
  for (const cruise of cruises.filter((listed) => listed.startDate <= last)) {
    const cabins = (await api(token, "GET", `/cruises/${cruise.id}/cabins`)).data as ReadonlyArray<Cabin>;
    const free = cabins.find((cabin) => cabin.berths.length > 0 && cabin.berths.every((berth) => berth === null));
    if (free === undefined) continue;
    const held = await api(token, "POST", "/reservations/createReservation", {
      cruiseId: cruise.id,
      agencyId: null,
      type: "general",
      cabins: [{ cabinId: free.id, spaces: [{ genderId: male }] }],
    });
    if (held.status === 200) return (held.data as { id: number }).id;
  }
  throw new Error("no free cabin on a departure inside the balance window");
};

/** The value the account shows for a label. */
const shown = (page: Page, label: string) => page.locator(".reservation-account dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** Cents as the Spanish panel writes them: US$ 1.234,56. */
const spanish = (cents: number): string => formatCents(cents, "es");

describe("a reservation's money", () => {
  it.each(widths)("takes a payment, confirms with it, keeps all when canceled late and owes it back once waived (%s)", async (width, viewport) => {
    const { page, context, consoleErrors, token } = await app.signedIn("admin@example.com", { viewport });
    const id = await lateHold(token);
    const account = async () => (await api(token, "GET", `/reservations/${id}/account`)).data as { dueCents: number; depositDueCents: number };
    const { dueCents, depositDueCents } = await account();
    expect(depositDueCents).toBe(dueCents);

    await page.goto(`${app.url}/panel/reservations/${id}`);
    await page.getByRole("region", { name: "Estado de cuenta" }).waitFor();
    await page.getByRole("button", { name: "Registrar pago" }).click();
    await page.getByLabel("Monto (US$)").fill(spanish(dueCents).replace("US$ ", ""));
    await page.getByLabel("Referencia").fill("TRF-2044");
    await page.getByLabel("Pagador").fill("Ana Rojas");
    await page.locator(".swal2-confirm").click();
    await page.getByRole("cell", { name: "TRF-2044" }).waitFor();
    await expect.poll(() => shown(page, "Pagado").textContent()).toBe(spanish(dueCents));
    await expect.poll(() => shown(page, "Saldo").textContent()).toBe(spanish(0));

    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    // the confirmation's own dialog: the payment's may still be closing, its button in the page
    await page.getByRole("dialog", { name: /^¿Confirmar la reserva/ }).locator(".swal2-confirm").click();
    await page.getByText("Confirmada", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Cancelar con motivo" }).click();
    await page.getByRole("textbox", { name: "Motivo" }).fill("El cliente no viaja");
    await page.locator(".swal2-confirm").click();
    await page.getByText("Cancelada", { exact: true }).first().waitFor();
    // canceled inside the balance window: all of it is kept, nothing is owed back
    await expect.poll(() => shown(page, "Penalidad").textContent()).toBe(spanish(dueCents));
    await expect.poll(() => shown(page, "Por devolver").textContent()).toBe(spanish(0));
    await screenshot(page, `money-canceled-late-es-${width}`);

    await page.getByRole("button", { name: "Condonar penalidad" }).click();
    await page.getByRole("textbox", { name: "Motivo" }).fill("Enfermedad del pasajero");
    await page.locator(".swal2-confirm").click();
    await expect.poll(() => shown(page, "Por devolver").textContent()).toBe(spanish(dueCents));
    await expect.poll(() => shown(page, "Estado de pago").textContent()).toBe("Devolución pendiente");
    await screenshot(page, `money-refund-due-es-${width}`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  }, 180_000);
});

describe("the money policy", () => {
  it.each(widths)("is edited by an admin, a bad number worded in the user's language (%s)", async (width, viewport) => {
    const { page, context, consoleErrors } = await app.signedIn("admin@example.com", { viewport, lang: "en" });
    await page.goto(`${app.url}/panel/policies/money`);
    await page.getByRole("heading", { name: "Payment policy" }).waitFor();
    await screenshot(page, `money-policy-en-${width}`);
    await page.getByLabel("Deposit (% of the due)").fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("A whole number from 1 to 100.").first().waitFor();
    await screenshot(page, `money-policy-refused-en-${width}`);

    await page.evaluate(() => localStorage.setItem("lang", "es"));
    await page.reload();
    await page.getByRole("heading", { name: "Política de cobro" }).waitFor();
    await page.getByLabel("Anticipo (% de lo adeudado)").fill(width === "desktop" ? "25" : "30");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Registro actualizado correctamente").first().waitFor();
    expect(await page.getByLabel("Anticipo (% de lo adeudado)").inputValue()).toBe(width === "desktop" ? "25" : "30");
    await page.locator("details.history summary").click();
    await page.getByText("Política de cobro cambiada").first().waitFor();
    await screenshot(page, `money-policy-es-${width}`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  }, 120_000);
});
