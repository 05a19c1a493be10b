import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { onTestFailed } from "vitest";

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/** A window's size. */
export type Viewport = typeof desktop;

/** Both widths a screen is tried at, by name. */
export const widths = [
  ["desktop", desktop],
  ["phone", phone],
] as const;

const screenshotDir = join(import.meta.dirname, "..", "..", ".artifacts", "screenshots");
const failureDir = join(import.meta.dirname, "..", "..", ".artifacts", "failures");

/** Debian's Chromium headless shell (package `chromium-headless-shell`): Chromium's Blink without the browser around it. */
const headlessShell = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The browser the suite drives: CHROMIUM_PATH when set, else the headless shell when installed
 * (.ci/run installs it), else Debian's `chromium`. The shell renders the same pages with the same
 * engine for a fifth less of the machine's CPU (decision 152): the suite is bound by the two cores.
 */
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: browserPath,
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

/** How many of the timeline's last entries a report prints. */
const TIMELINE_SHOWN = 80;

/**
 * What happened on a page, in order, for a failure's report: its API calls and their answers, each
 * dialog shown, changed (another dialog in its place) and removed with its title, each pointer
 * press and each click with what it hit (a button by its name), in milliseconds since the page was
 * opened. Three red CI runs (markup, users and catalogues, destinations) had a list's delete dialog
 * answered and no delete made, or no second dialog at all, after 'Cancelar': the report said how
 * the page ended, not how it got there. A test notes its own steps in it too (`step`): a page whose
 * renderer stops answering records nothing more, and the step says what it was doing.
 */
const recordTimeline = async (page: Page): Promise<{ readonly entries: string[]; readonly step: (name: string) => void }> => {
  const opened = Date.now();
  const timeline: string[] = [];
  const at = () => `${String(Date.now() - opened).padStart(6)} ms`;
  const apiPath = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname + search;
  };
  // the API's calls, not its images
  const isCall = (url: string) => url.includes("/api/") && !url.includes("/api/uploads/");
  page.on("request", (request) => {
    if (isCall(request.url())) timeline.push(`${at()} ask ${request.method()} ${apiPath(request.url())}`);
  });
  page.on("response", (response) => {
    if (isCall(response.url())) timeline.push(`${at()} answer ${response.status()} ${response.request().method()} ${apiPath(response.url())}`);
  });
  await page.exposeFunction("e2eTimeline", (entry: string) => timeline.push(`${at()} ${entry}`));
  await page.addInitScript(() => {
    const note = (entry: string) => void (window as unknown as { e2eTimeline(entry: string): Promise<void> }).e2eTimeline(entry);
    const title = () => document.querySelector(".swal2-title")?.textContent ?? "";
    const target = (event: Event) => {
      const element = event.target instanceof Element ? event.target : null;
      const button = element?.closest("button") ?? null;
      if (button === null) return element === null ? "the document" : `${element.tagName.toLowerCase()}${element.classList.length === 0 ? "" : `.${[...element.classList].join(".")}`}`;
      // SweetAlert2 gives its buttons an empty aria-label: their text names them
      const name = button.getAttribute("aria-label") || button.textContent?.trim() || "";
      return `"${name}"${button.closest(".swal2-container") === null ? "" : " in a dialog"}${button.disabled ? " (disabled)" : ""}`;
    };
    // Playwright counts a press as done when its first event hit the button or when no event reached
    // the page, and Chromium gives a disabled button the pointer's down but no click: the pointer's
    // down and the click are noted apart, whatever they hit
    document.addEventListener("pointerdown", (event) => note(`pointer down on ${target(event)}`), true);
    document.addEventListener("click", (event) => note(`press ${target(event)}`), true);
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) if (node instanceof Element && node.classList.contains("swal2-container")) note(`dialog shown: ${title()}`);
        for (const node of change.removedNodes) if (node instanceof Element && node.classList.contains("swal2-container")) note("dialog removed");
        if (change.target instanceof Element && change.target.classList.contains("swal2-title")) note(`dialog now: ${title()}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return { entries: timeline, step: (name) => timeline.push(`${at()} the test: ${name}`) };
};

/**
 * What a failed browser test's page showed, printed with the failure: a wait that times out says
 * only what it waited for, and a failure seen once in a CI run under load cannot be asked again.
 * Besides the text: the dialog, which of the body's children are hidden from the accessibility tree
 * (a role locator does not see inside them), the lists busy, what the page logged as errors, and
 * the timeline of its last moments (`recordTimeline`).
 * The report and a screenshot stay under tests/.artifacts/failures, where .ci/run prints the reports
 * again after a red browser suite: a long run's log is read from its end.
 */
const reportPageOnFailure = (page: Page, consoleErrors: ReadonlyArray<string>, timeline: ReadonlyArray<string>, whenFailed: WhenFailed): void =>
  whenFailed(async ({ task }) => {
    if (page.isClosed()) return;
    // a page still busy with the failed step may never answer: the report gives up after a while
    const unanswered = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in 10 s")), 10_000).unref());
    const shown = await Promise.race([
      page.evaluate(() => ({
        url: location.href,
        text: document.body.innerText,
        dialog: document.querySelector(".swal2-container")?.outerHTML ?? null,
        hidden: Array.from(document.body.children)
          .filter((child) => child.getAttribute("aria-hidden") === "true")
          .map((child) => `${child.tagName.toLowerCase()}${child.id === "" ? "" : `#${child.id}`}.${child.className}`),
        busy: document.querySelectorAll('[aria-busy="true"]').length,
        visibility: document.visibilityState,
      })),
      unanswered,
    ]).catch((error: unknown) => ({ url: page.url(), text: `(unreadable: ${String(error)})`, dialog: null, hidden: [], busy: 0, visibility: "unknown" }));
    const name = task.name.replace(/\W+/g, "-").slice(0, 80);
    const report = [
      `[${task.name}] the page at ${shown.url} showed:`,
      shown.text.slice(0, 4000),
      `dialog: ${shown.dialog?.slice(0, 2000) ?? "none"}`,
      `hidden from the accessibility tree: ${shown.hidden.join(", ") || "nothing"}; elements busy: ${shown.busy}; the page ${shown.visibility}`,
      `errors the page logged: ${consoleErrors.join("\n") || "none"}`,
      `the page's last moments (ms since it was opened):\n${timeline.slice(-TIMELINE_SHOWN).join("\n") || "nothing recorded"}`,
    ].join("\n");
    console.error(report);
    mkdirSync(failureDir, { recursive: true });
    writeFileSync(join(failureDir, `${name}.txt`), `${report}\n`);
    await page.screenshot({ path: join(failureDir, `${name}.png`), fullPage: true, timeout: 10_000 }).catch(() => undefined);
  });

/** A page of its own context, and the console errors it has logged so far. */
export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly consoleErrors: string[];
  /** Notes a step of the test in the page's timeline, which a failure's report prints. */
  readonly step: (name: string) => void;
}

/**
 * Where a failure's report is registered: Vitest's own hook for the test running, or, in tests
 * running side by side (describe.concurrent), the test context's, which alone knows whose page it is.
 */
export type WhenFailed = typeof onTestFailed;

/**
 * A fresh context (empty local storage) whose pages fail the test on console errors. It asks for
 * reduced motion, so a dialog's button stands still while Playwright presses it (decision 126). Its
 * language is American English whichever Chromium runs: `chromium` asks pages in its own (en-US
 * here), the headless shell in none, and the server answers a request without a language in Spanish.
 */
export const newPage = async (browser: Browser, viewport: Viewport = desktop, whenFailed: WhenFailed = onTestFailed): Promise<OpenedPage> => {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce", locale: "en-US" });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  const timeline = await recordTimeline(page);
  reportPageOnFailure(page, consoleErrors, timeline.entries, whenFailed);
  return { context, page, consoleErrors, step: timeline.step };
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
