import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

const screenshotDir = join(import.meta.dirname, "..", "..", ".artifacts", "screenshots");

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });

/** A fresh context (empty local storage) whose pages fail the test on console errors. */
export const newPage = async (
  browser: Browser,
  viewport: { width: number; height: number } = desktop,
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  return { context, page, consoleErrors };
};

/** Reports every Content-Security-Policy violation the page sees as a console error, which newPage collects. */
export const watchViolations = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });

/**
 * Nobody looks at a clean clone's screenshots, and the suite's four hundred full-page shots cost it
 * minutes on two cores: CI (`CI=true`, .ci/run) takes them only when `SCREENSHOTS=1` asks.
 */
const takesScreenshots = process.env.CI !== "true" || process.env.SCREENSHOTS === "1";

/** Keeps a screenshot under tests/.artifacts/screenshots for people to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  if (!takesScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
};

/** Failed calls the browser logs by itself (a refused login, a 498): the app itself logged nothing. */
export const unexpectedErrors = (errors: ReadonlyArray<string>): string[] =>
  errors.filter((text) => !text.startsWith("Failed to load resource"));
