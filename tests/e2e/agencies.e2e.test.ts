/**
 * The Agencias list paged on the server (issue 34, item 8; decision 073) in Chromium on the built
 * panel, at 1280 and 390 px: the page the address asks for is the server's, a search narrows it
 * on the server and survives a reload.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, launchBrowser, newPage, phone, unexpectedErrors } from "./support/browser.ts";
import { signIn } from "./support/screens.ts";
import { demoAdmin, type RunningServer, startDemoServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const settled = async (page: Page) => {
  await page.locator("h1").first().waitFor();
  await page.locator("tbody tr").first().waitFor();
  await page.locator(".spinner").first().waitFor({ state: "detached" });
};

const agencyCalls = (page: Page): URL[] => {
  const seen: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/agencies") seen.push(url);
  });
  return seen;
};

describe.each([
  ["desktop", desktop],
  ["phone", phone],
] as const)("the Agencias list at %s width", (_, viewport) => {
  it("shows the server's page, searches on the server and keeps the search after a reload", async () => {
    const { page, context, consoleErrors } = await newPage(browser, viewport);
    await page.goto(`${server.url}/panel`);
    await page.evaluate(() => localStorage.setItem("lang", "es"));
    await signIn(page, server.url, demoAdmin.email);
    const calls = agencyCalls(page);
    await page.goto(`${server.url}/panel/agencies?size=10&sort=commission&dir=desc`);
    await settled(page);
    const sorted = calls.find((url) => url.searchParams.get("sort") === "commission");
    expect(Object.fromEntries(sorted?.searchParams ?? [])).toEqual({ sort: "commission", order: "desc", page: "1", pageSize: "10" });
    // the demo's largest commission is the wholesaler Ikarus Tours'
    expect(await page.locator("tbody tr").first().textContent()).toContain("Ikarus Tours");

    await page.goto(`${server.url}/panel/agencies`);
    await settled(page);
    await page.locator("#agencies-search").fill("ikarus");
    await page.waitForURL(/q=ikarus/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(await page.locator("tbody tr").first().textContent()).toContain("Ikarus Tours");
    expect(calls.some((url) => url.searchParams.get("q") === "ikarus")).toBe(true);
    await page.reload();
    await settled(page);
    expect(await page.locator("#agencies-search").inputValue()).toBe("ikarus");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
