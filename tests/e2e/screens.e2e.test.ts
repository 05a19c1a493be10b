import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, launchBrowser, newPage, phone, screenshot } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * Every screen of the panel at desktop and phone widths, in Spanish and English: each must render
 * without a console error and without content wider than the window; the screenshots are kept for
 * people to look at (tests/.artifacts/screenshots).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // the first admin gets the demo password so the admin-only screens can be visited too
  [server, browser] = await Promise.all([
    startServer({ SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Demo1234" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = async (page: Page, email: string) => {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Demo1234" }),
  });
  const { data } = (await response.json()) as {
    data: { id: number; firstName: string; lastName: string; token: string; rol: string };
  };
  await page.evaluate((user) => {
    localStorage.setItem(
      "userInfo",
      JSON.stringify({ userName: `${user.firstName} ${user.lastName}`, token: user.token, role: user.rol, id: user.id }),
    );
  }, data);
};

const screens: ReadonlyArray<{ name: string; path: string; staff?: string }> = [
  { name: "landing", path: "/" },
  { name: "login", path: "/panel" },
  { name: "forgot-password", path: "/forgotPassword" },
  { name: "change-password-needs-login", path: "/changePassword/1" },
  { name: "home", path: "/panel/home", staff: "marketing@example.com" },
  { name: "leads", path: "/panel/leads", staff: "ventas@example.com" },
  { name: "lead", path: "/panel/leads/1", staff: "ventas@example.com" },
  { name: "users", path: "/panel/users", staff: "admin@example.com" },
  { name: "user-new", path: "/panel/users_new", staff: "admin@example.com" },
  { name: "user-edit", path: "/panel/users/2", staff: "admin@example.com" },
  { name: "feeding", path: "/panel/feeding", staff: "marketing@example.com" },
  { name: "feeding-new", path: "/panel/feeding/feeding_new", staff: "marketing@example.com" },
  { name: "feeding-edit", path: "/panel/feeding/1", staff: "marketing@example.com" },
  { name: "activities", path: "/panel/activities", staff: "ventas@example.com" },
  { name: "activities-new", path: "/panel/activities/activities_new", staff: "ventas@example.com" },
  { name: "courtesys", path: "/panel/courtesys", staff: "ventas@example.com" },
  { name: "courtesys-new", path: "/panel/courtesys/courtesy_new", staff: "ventas@example.com" },
  { name: "national-destinations", path: "/panel/national/destinations", staff: "marketing@example.com" },
  { name: "national-destination-new", path: "/panel/national/destinations_new", staff: "marketing@example.com" },
  // the demo content's first destination is national
  { name: "national-destination-edit", path: "/panel/national/destinations/1", staff: "admin@example.com" },
  { name: "international-destinations", path: "/panel/international/destinations", staff: "ventas@example.com" },
  {
    name: "international-destination-new",
    path: "/panel/international/destinations_new",
    staff: "ventas@example.com",
  },
  { name: "not-found", path: "/no/such/page" },
];

describe.each([
  ["desktop", desktop],
  ["phone", phone],
] as const)("at %s width", (width, viewport) => {
  it.each(["es", "en"])("renders every screen in %s", async (language) => {
    const { page, context, consoleErrors } = await newPage(browser, viewport);
    await page.goto(`${server.url}/panel`);
    await page.evaluate((lang) => localStorage.setItem("lang", lang), language);
    for (const screen of screens) {
      if (screen.staff) await signIn(page, screen.staff);
      await page.goto(`${server.url}${screen.path}`);
      await page.locator("h1").first().waitFor();
      // lists and forms fetch after the heading shows: wait until the spinner has gone
      await page.locator(".spinner").first().waitFor({ state: "detached" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} is wider than the window`).toBeLessThanOrEqual(0);
      await screenshot(page, `${screen.name}-${language}-${width}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
