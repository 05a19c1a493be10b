import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { desktop, phone, screenshot, watchViolations } from "./support/browser.ts";
import { byStaff, moveTo, type Screen, screens, visit } from "./support/screens.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * Every screen of the panel and the landing page in Spanish and in English, each at desktop and
 * phone widths: no console error, no Content-Security-Policy violation, no content wider than the
 * window, no day or time field too narrow for a picked value, and no accessibility violation of
 * any impact found by axe-core (WCAG 2.x A and AA rules, 2.2 AA, and axe's best practices) at one
 * width per language, in the light scheme in Spanish and the dark one in English. The screenshots
 * are kept for people to look at (tests/.artifacts/screenshots).
 *
 * A screen is opened once per language and looked at in both widths: the layout is CSS alone (no
 * script reads the width; the reports' charts follow their box), so the window resized over a
 * loaded screen shows what a screen loaded at that width shows, and each visit (two thirds of a
 * second here) is made half as often.
 *
 * In Spanish every screen is loaded at its own address, as a link from a mail opens it; in
 * English a staff member's first screen is, and each of their next ones is reached inside the
 * panel, as a person moves on from the one before. Both ways show the same screen (the same
 * address, heading, rows and number of elements, compared on every screen once), so each is
 * checked in one language: the moves take half the time of the loads, and axe-core, evaluated
 * once a page, is not evaluated again at every screen.
 */
const app = browserSuite();

/** The home-content forms (the demo content has banners 1 to 3 and call to action 1). */
const homeScreens: ReadonlyArray<Screen> = [
  { name: "home-banner-edit", path: "/panel/home/baner/1", staff: "marketing@example.com" },
  { name: "home-banner-new", path: "/panel/home/baner_new", staff: "marketing@example.com" },
  { name: "home-call-action-edit", path: "/panel/home/call_action/1", staff: "admin@example.com" },
  { name: "home-recommendations", path: "/panel/home/recomendation", staff: "marketing@example.com" },
];

/**
 * axe-core as the page is given it: the minified build (AxeBuilder sends the 1.3 MB readable one),
 * evaluated once a page (legacy mode evaluates it a second time before it runs, for each frame).
 * Both together take a sixth off each analysis (decision 107); the rules and their results are the
 * same build's.
 */
const axeSource = `if (typeof window.axe === "undefined") {\n${readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")}\n}`;

/** What axe finds on the page as it is now, one line per violation. */
const accessibilityViolations = async (page: Page, screen: Screen): Promise<string[]> => {
  // Legacy mode runs axe.run in the screen's own page. The default mode finishes every analysis
  // in a new blank page with axe injected again, for cross-origin frames, which the panel cannot
  // have (its CSP allows frames of its own origin only): the same results in half the time
  // (measured on 22 screens). Every rule still runs; only the violations come back with all their
  // nodes, which takes 40 % less again (the passes are not read here).
  const results = await new AxeBuilder({ page, axeSource })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ");
    return `${screen.name}: ${violation.id} (${violation.impact}) ${violation.help} at ${targets}`;
  });
};

/**
 * The day and time fields too narrow to show a picked value whole: a value's text in the field's
 * font, its padding, border, and the picker's icon with its gap (about 26 px), against the
 * field's width. A flight leg's date showed "12/13/202" in its column.
 */
const clippedDateFields = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const widest: Record<string, string> = { date: "12/28/2026", time: "12:59 PM", "datetime-local": "12/28/2026, 12:59 PM", month: "September 2026" };
    const context = document.createElement("canvas").getContext("2d");
    if (context === null) return ["no canvas to measure the day fields with"];
    return [...document.querySelectorAll<HTMLInputElement>("input")].flatMap((input) => {
      const sample = widest[input.type];
      if (sample === undefined || input.offsetParent === null) return [];
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const edges = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
      const needed = context.measureText(sample).width + edges.reduce((sum, edge) => sum + Number.parseFloat(style[edge]), 0) + 26;
      return input.offsetWidth < needed ? [`${input.name || input.type} is ${input.offsetWidth} px wide, a picked value needs ${Math.ceil(needed)}`] : [];
    });
  });

// The two languages go side by side, each in its own page: axe works in the browser's renderers,
// one per page, so on two cores they take about the time of one.
describe.concurrent.each([
  { language: "es", reached: "loaded", analysed: { width: "desktop", viewport: desktop, scheme: "light" }, other: { width: "phone", viewport: phone } },
  { language: "en", reached: "moved to", analysed: { width: "phone", viewport: phone, scheme: "dark" }, other: { width: "desktop", viewport: desktop } },
] as const)("in $language", ({ language, reached, analysed, other }) => {
  it(`renders every screen ${reached} at both widths, with no accessibility violation at ${analysed.width} width in the ${analysed.scheme} scheme`, async ({ expect, onTestFailed }) => {
    // the context's hook: with both languages under way, Vitest's own would give the report to either test
    const { page, context, consoleErrors, step } = await app.page(analysed.viewport, onTestFailed);
    await watchViolations(page);
    await page.goto(`${app.url}/panel`);
    await page.evaluate((lang) => localStorage.setItem("lang", lang), language);
    const problems: string[] = [];
    const checkWidth = async (screen: Screen, width: string, shot: string) => {
      step(`${screen.name} at ${width} width`);
      // after a resize the sidebar slides away (a 0.2 s transition) and a chart redraws at its new
      // width a frame or two later (Chart.js watches its box): what a person sees once the resize
      // has settled is what is measured and kept (a spinner's endless turning is not waited for)
      const settled = () =>
        document.documentElement.scrollWidth <= window.innerWidth && document
          .getAnimations()
          .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY);
      await page.waitForFunction(settled, undefined, { timeout: 2_000 }).catch(() => undefined);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${screen.name}: wider than the window at ${width} width by ${overflow} px`);
      for (const clipped of await clippedDateFields(page)) problems.push(`${screen.name} at ${width} width: ${clipped}`);
      await screenshot(page, shot);
    };
    let previous: Screen | undefined;
    for (const screen of byStaff([...screens, ...homeScreens])) {
      await page.setViewportSize(analysed.viewport);
      await page.emulateMedia({ colorScheme: analysed.scheme });
      const moves = reached === "moved to" && screen.staff !== undefined && screen.staff === previous?.staff;
      step(`${screen.name}: ${moves ? "move" : "visit"}`);
      await (moves ? moveTo(page, screen) : visit(page, app.url, screen));
      previous = screen;
      await checkWidth(screen, analysed.width, `${screen.name}-${language}-${analysed.width}-${analysed.scheme}`);
      step(`${screen.name}: axe-core`);
      problems.push(...(await accessibilityViolations(page, screen)));
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize(other.viewport);
      await checkWidth(screen, other.width, `${screen.name}-${language}-${other.width}`);
    }
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
    // a hundred screens a language, each visited, analysed by axe and looked at in two widths: 190 s
    // alone one night, over 600 s in the clean-clone CI the next morning on the same two cores;
    // 375 s in CI with every screen loaded in both languages
  }, 900_000);
});
