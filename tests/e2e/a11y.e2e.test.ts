import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { desktop, launchBrowser, newPage, phone, screenshot } from "./support/browser.ts";
import { screens, visit } from "./support/screens.ts";
import { type RunningServer, startDemoServer } from "./support/server.ts";

/**
 * axe-core on every screen of the panel and on the landing page: no violation of any impact (WCAG
 * 2.x A and AA rules, 2.2 AA, and axe's best practices), in both languages, both widths and both
 * colour schemes (two runs that together take each of them: a run takes three to five minutes
 * beside the other long files on two cores, hence its ten).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The two runs go side by side, each in its own page: axe works in the browser's renderers, one
// per page, so on two cores they take about the time of one.
describe.concurrent.each([
  { width: "desktop", viewport: desktop, language: "es", scheme: "light" },
  { width: "phone", viewport: phone, language: "en", scheme: "dark" },
] as const)("at $width width, in $language, $scheme", ({ width, viewport, language, scheme }) => {
  it("has no accessibility violation on any screen", async ({ expect }) => {
    const { page, context } = await newPage(browser, viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/panel`);
    await page.evaluate((lang) => localStorage.setItem("lang", lang), language);
    const problems: string[] = [];
    for (const screen of screens) {
      await visit(page, server.url, screen);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${screen.name}: wider than the window by ${overflow} px`);
      await screenshot(page, `${screen.name}-${language}-${width}-${scheme}`);
      // Legacy mode runs axe.run in the screen's own page. The default mode finishes every
      // analysis in a new blank page with axe injected again, for cross-origin frames, which the
      // panel cannot have (its CSP allows frames of its own origin only): the same results in
      // half the time (measured on 22 screens). Every rule still runs; only the violations come
      // back with all their nodes, which takes 40 % less again (the passes are not read here).
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .setLegacyMode(true)
        .options({ resultTypes: ["violations"] })
        .analyze();
      for (const violation of results.violations) {
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ");
        problems.push(`${screen.name}: ${violation.id} (${violation.impact}) ${violation.help} at ${targets}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);
});
