import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, launchBrowser, newPage, phone } from "./support/browser.ts";
import { screens, visit } from "./support/screens.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * axe-core on every screen of the panel and on the landing page, at desktop and phone widths:
 * no serious or critical violation (WCAG 2.x A and AA rules and axe's best practices).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Demo1234" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ["desktop", desktop],
  ["phone", phone],
] as const)("at %s width", (_width, viewport) => {
  it("has no serious or critical accessibility violation on any screen", async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto(`${server.url}/panel`);
    const problems: string[] = [];
    for (const screen of screens) {
      await visit(page, server.url, screen);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        if (violation.impact !== "serious" && violation.impact !== "critical") continue;
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ");
        problems.push(`${screen.name}: ${violation.id} (${violation.impact}) ${violation.help} at ${targets}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
