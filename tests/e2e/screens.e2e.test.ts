import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { desktop, launchBrowser, newPage, phone, screenshot, watchViolations } from "./support/browser.ts";
import { type Screen, screens, visit } from "./support/screens.ts";
import { type RunningServer, startDemoServer } from "./support/server.ts";

/**
 * Every screen of the panel at desktop and phone widths, in Spanish and English: each must render
 * without a console error, without a Content-Security-Policy violation and without content wider
 * than the window; the screenshots are kept for people to look at (tests/.artifacts/screenshots).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // the first admin gets the demo password so the admin-only screens can be visited too
  [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The home-content forms (the demo content has banners 1 to 3 and call to action 1). */
const homeScreens: ReadonlyArray<Screen> = [
  { name: "home-banner-edit", path: "/panel/home/baner/1", staff: "marketing@example.com" },
  { name: "home-banner-new", path: "/panel/home/baner_new", staff: "marketing@example.com" },
  { name: "home-call-action-edit", path: "/panel/home/call_action/1", staff: "admin@example.com" },
  { name: "home-recommendations", path: "/panel/home/recomendation", staff: "marketing@example.com" },
];

// The other two pairs of width and language (desktop in Spanish, phone in English) are drawn by the
// accessibility test, in the light and the dark scheme, with the same overflow check.
// Side by side, each in its own page (see the accessibility test).
describe.concurrent.each([
  ["desktop", desktop, "en"],
  ["phone", phone, "es"],
] as const)("at %s width", (width, viewport, language) => {
  it(`renders every screen in ${language}`, async ({ expect }) => {
    const { page, context, consoleErrors } = await newPage(browser, viewport);
    await watchViolations(page);
    await page.goto(`${server.url}/panel`);
    await page.evaluate((lang) => localStorage.setItem("lang", lang), language);
    for (const screen of [...screens, ...homeScreens]) {
      await visit(page, server.url, screen);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} is wider than the window`).toBeLessThanOrEqual(0);
      await screenshot(page, `${screen.name}-${language}-${width}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 300_000);
});
