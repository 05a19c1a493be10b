/**
 * The Agencias list paged on the server (issue 34, item 8; decision 073) in Chromium on the built
 * panel, at 1280 and 390 px: the page the address asks for is the server's, a search narrows it
 * on the server and survives a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoAdmin } from "./support/accounts.ts";
import { unexpectedErrors, widths } from "./support/browser.ts";
import { settled } from "./support/locators.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite(sharedDemoServer);

const agencyCalls = (page: Page): URL[] => {
  const seen: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/agencies") seen.push(url);
  });
  return seen;
};

describe.each(widths)("the Agencias list at %s width", (_, viewport) => {
  it("shows the server's page, searches on the server and keeps the search after a reload", async () => {
    const { page, context, consoleErrors } = await app.signedIn(demoAdmin.email, { viewport, lang: "es" });
    const calls = agencyCalls(page);
    await page.goto(`${app.url}/panel/agencies?size=10&sort=commission&dir=desc`);
    await settled(page, "tbody tr");
    const sorted = calls.find((url) => url.searchParams.get("sort") === "commission");
    expect(Object.fromEntries(sorted?.searchParams ?? [])).toEqual({ sort: "commission", order: "desc", page: "1", pageSize: "10" });
    // the demo's largest commission is the wholesaler Ikarus Tours'
    expect(await page.locator("tbody tr").first().textContent()).toContain("Ikarus Tours");

    await page.goto(`${app.url}/panel/agencies`);
    await settled(page, "tbody tr");
    await page.locator("#agencies-search").fill("ikarus");
    await page.waitForURL(/q=ikarus/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(await page.locator("tbody tr").first().textContent()).toContain("Ikarus Tours");
    expect(calls.some((url) => url.searchParams.get("q") === "ikarus")).toBe(true);
    await page.reload();
    await settled(page, "tbody tr");
    expect(await page.locator("#agencies-search").inputValue()).toBe("ikarus");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
