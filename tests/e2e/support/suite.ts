import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { signIn } from "./accounts.ts";
import { desktop, launchBrowser, newPage, type OpenedPage, type Viewport, type WhenFailed } from "./browser.ts";
import { type RunningServer, startDemoServer } from "./server.ts";

/** What a browser test file works with: its server and browser, and pages opened on them. */
export interface BrowserSuite {
  readonly server: RunningServer;
  /** The server's address, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly browser: Browser;
  /** A new page of its own context at `viewport`, nothing opened yet. */
  readonly page: (viewport?: Viewport, whenFailed?: WhenFailed) => Promise<OpenedPage>;
  /** On `page`: opens /panel, sets `lang` when given and signs `email` in through the API; answers the session's token. */
  readonly signInOn: (page: Page, email: string, lang?: "es" | "en") => Promise<string>;
  /** A new page on /panel, in `lang` when given, with `email` signed in through the API; and the session's token. */
  readonly signedIn: (email: string, options?: { readonly viewport?: Viewport; readonly lang?: "es" | "en" }) => Promise<OpenedPage & { readonly token: string }>;
}

/**
 * The set-up of a browser test file: before its tests a server (`start`: by default one of its
 * own on a copy of the demo, `sharedDemoServer` for a worker's shared one) and a browser, both
 * ended after them. Read its fields in tests and hooks only: they exist once `beforeAll` has run.
 */
export const browserSuite = (start: () => Promise<RunningServer> = startDemoServer): BrowserSuite => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is read before the file's beforeAll started it`);
    return value;
  };

  const suite: BrowserSuite = {
    get server() {
      return started(server, "server");
    },
    get url() {
      return started(server, "server").url;
    },
    get browser() {
      return started(browser, "browser");
    },
    page: (viewport = desktop, whenFailed) => newPage(suite.browser, viewport, whenFailed),
    signInOn: async (page, email, lang) => {
      await page.goto(`${suite.url}/panel`);
      if (lang !== undefined) await page.evaluate((language) => localStorage.setItem("lang", language), lang);
      return signIn(page, suite.url, email);
    },
    signedIn: async (email, { viewport = desktop, lang } = {}) => {
      const opened = await newPage(suite.browser, viewport);
      return { ...opened, token: await suite.signInOn(opened.page, email, lang) };
    },
  };
  return suite;
};
