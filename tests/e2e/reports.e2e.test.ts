/**
 * The Reportes section in a real browser (decision 043): an admin opens each report and finds its
 * charts drawn beside their tables and saves one table as CSV; marketing's menu holds the leads
 * dashboard only, which opens, and another report's address is refused.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "./support/accounts.ts";
import { watchViolations } from "./support/browser.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

/** Each report with its title and the table its first chart stands beside, as the admin sees them in Spanish. */
const reports = [
  { path: "/panel/reports/occupancy", title: "Ocupación", table: "Por yate" },
  { path: "/panel/reports/sales", title: "Ventas", table: "Por agencia" },
  { path: "/panel/reports/expiring", title: "Reservas por vencer", table: "Vencimientos por día" },
  { path: "/panel/reports/leads", title: "Panel de leads", table: "Leads por semana" },
] as const;

/** The money's reports (decisions 067, 068), listed after them in the menu. */
const moneyReports = ["Cuentas por cobrar", "Pagos recibidos", "Penalidades"] as const;

describe("the reports", () => {
  it("open for an admin with their charts drawn beside their tables, and for marketing only the leads dashboard", async () => {
    const { page, context, consoleErrors } = await app.page();
    await watchViolations(page);
    await app.signInOn(page, "admin@example.com");
    for (const report of reports) {
      await page.goto(`${app.url}${report.path}`);
      await page.getByRole("heading", { level: 1, name: report.title }).waitFor();
      const table = page.getByRole("table", { name: report.table });
      await table.waitFor();
      expect(await table.getByRole("row").count(), report.path).toBeGreaterThan(1);
      const chart = page.getByRole("img", { name: `Gráfico: ${report.table}. Los números están en la tabla junto a él.` });
      // Chart.js has drawn: the canvas holds pixels of a colour other than the page's
      const drawn = await chart.evaluate((canvas) => {
        if (!(canvas instanceof HTMLCanvasElement)) return 0;
        const context = canvas.getContext("2d");
        if (context === null) return 0;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted += 1;
        return painted;
      });
      expect(drawn, report.path).toBeGreaterThan(0);
    }
    const admin = page.getByRole("list", { name: "Reportes" });
    expect(await admin.getByRole("link").allTextContents()).toEqual([...reports.map((report) => report.title), ...moneyReports]);

    const exports = page.getByRole("group", { name: "Exportar la tabla Leads por semana" });
    const [download] = await Promise.all([page.waitForEvent("download"), exports.getByRole("button", { name: "Exportar CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Leads por semana-\d{4}-\d{2}-\d{2}\.csv$/);

    await signIn(page, app.url, "marketing@example.com");
    await page.goto(`${app.url}/panel/reports/leads`);
    await page.getByRole("table", { name: "Leads por semana" }).waitFor();
    expect(await page.getByRole("list", { name: "Reportes" }).getByRole("link").allTextContents()).toEqual(["Panel de leads"]);
    await page.goto(`${app.url}/panel/reports/sales`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
