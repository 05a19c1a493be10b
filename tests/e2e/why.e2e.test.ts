/**
 * Issue 40 (decision 071): a seller sees why a hold was refused (the guard, the rule in words and
 * the facts), staff list a departure's refusals on its page, the availability and the departure's
 * pages show the past under a banner, and the flows page links a guard to the refusals it made;
 * in Spanish on a desktop and in English on a phone.
 */
import { describe, expect, it } from "vitest";
import spanishRules from "../../docs/flows/descriptions.es.json" with { type: "json" };
import english from "../../src/i18n/en.json" with { type: "json" };
import spanish from "../../src/i18n/es.json" with { type: "json" };
import { desktop, phone, unexpectedErrors } from "./support/browser.ts";
import { freeExplorerDepartures, type ListedDeparture } from "./support/departures.ts";
import { browserSuite } from "./support/suite.ts";

const app = browserSuite();

interface KeptRefusal {
  readonly id: number;
  readonly guard: string;
  readonly rule: string;
  readonly machine: string;
}

const api = async (token: string, path: string): Promise<{ readonly status: number; readonly body: unknown }> => {
  const response = await fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
};

const dataOf = <T>(body: unknown): T => {
  if (typeof body !== "object" || body === null || !("data" in body)) throw new Error(`no data in ${JSON.stringify(body)}`);
  return body.data as T;
};

/** The `datetime-local` value of an instant, in the browser's (and this process's) time, to the minute. */
const fieldOf = (instant: Date): string => {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
};

/**
 * A minute the departure was already scheduled at and nothing since has been held on it: the as-of
 * field names minutes, so when the departure was made this very minute the hold waits for the next.
 */
const quietMinute = async (token: string, cruiseId: number): Promise<string> => {
  const field = fieldOf(new Date());
  const known = await api(token, `/cruises/${cruiseId}/cabins?asOf=${encodeURIComponent(new Date(field).toISOString())}`);
  if (known.status === 200) return field;
  await new Promise((resolve) => setTimeout(resolve, 61_000 - new Date().getSeconds() * 1000));
  return fieldOf(new Date());
};

type Texts = typeof spanish;

const cases: ReadonlyArray<readonly [string, typeof desktop, "es" | "en", Texts]> = [
  ["in Spanish on a desktop", desktop, "es", spanish],
  ["in English on a phone", phone, "en", english],
];

const departuresUsed: ListedDeparture[] = [];

const fill = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

describe("why a hold was refused, and the past", () => {
  it.each(cases)("shows the guard, the rule in words and the facts of a refused hold, the departure's refusals and its plan as of before, %s", async (_, viewport, language, texts) => {
    const { page, context, consoleErrors } = await app.page(viewport);
    const token = await app.signInOn(page, "ventas@example.com", language);
    const departure = (await freeExplorerDepartures(app.url, token)).find((candidate) => !departuresUsed.some((used) => used.id === candidate.id));
    if (departure === undefined) throw new Error("no free departure of the Explorer left");
    departuresUsed.push(departure);
    const before = await quietMinute(token, departure.id);
    const capacity = departure.availability.capacity;
    await page.goto(`${app.url}/panel/cruises/${departure.id}/reservations`);
    await page.getByRole("heading", { name: fill(texts.holds.departure, { code: departure.code }) }).waitFor();

    // one man in cabin 4: held
    await page.getByRole("button", { name: fill(texts.holds.cabinLabel, { name: "4", free: 2, capacity: 2 }) }).click();
    await page.getByRole("group", { name: fill(texts.holds.cabin, { name: "4" }) }).getByLabel(language === "es" ? "Hombre adulto" : "Male Adult", { exact: true }).fill("1");
    await page.getByRole("button", { name: texts.holds.hold, exact: true }).click();
    await page.waitForURL(/\/panel\/reservations\/\d+$/);

    // a child alone in cabin 3: refused, and "why" says so
    await page.goto(`${app.url}/panel/cruises/${departure.id}/reservations`);
    await page.getByRole("button", { name: fill(texts.holds.cabinLabel, { name: "3", free: 2, capacity: 2 }) }).click();
    await page.getByRole("group", { name: fill(texts.holds.cabin, { name: "3" }) }).getByLabel(language === "es" ? "Niño" : "Child", { exact: true }).fill("1");
    await page.getByRole("button", { name: texts.holds.hold, exact: true }).click();
    await page.locator(".hold-refusal").getByText(texts.messages.genderNotAllowed).waitFor();
    const [kept] = dataOf<KeptRefusal[]>((await api(token, `/refusals?cruiseId=${departure.id}`)).body);
    if (kept === undefined) throw new Error("the refusal was not kept");
    const rule = language === "es" ? (spanishRules as Record<string, string>)[kept.rule] : kept.rule;
    expect(rule).toBeTruthy();
    await page.locator(".hold-refusal").getByRole("button", { name: texts.holds.why.open }).click();
    const why = page.locator(".hold-refusal").getByRole("region", { name: texts.holds.why.title });
    await why.getByText(kept.guard, { exact: true }).waitFor();
    await why.getByText(rule ?? "", { exact: true }).waitFor();
    // the facts: what cabin 3 held (nothing) and what the rule read
    await why.getByText(`${fill(texts.holds.why.cabin, { name: "3" })}: ${texts.holds.why.empty}`).waitFor();
    await why.getByText(texts.holds.why.facts).click();
    expect(await why.locator(".refusal-facts").textContent()).toContain('"live"');

    // the departure's refusals, at the bottom of its page, open the same facts
    const refusals = page.getByRole("region", { name: texts.cruises.refusals.title });
    const row = refusals.getByRole("row").filter({ hasText: kept.guard });
    await row.getByText(rule ?? "", { exact: true }).waitFor();
    await row.getByText("reservation.hold").waitFor();
    await row.getByRole("button", { name: texts.cruises.refusals.showFacts }).click();
    await refusals.getByRole("region", { name: texts.holds.why.title }).getByText(kept.guard, { exact: true }).waitFor();

    // the plan as of before the hold: cabin 4 all free, under a banner, with nothing to hold
    await page.getByLabel(new RegExp(`^${texts.cruises.asOf.label}`)).fill(before);
    await page.getByRole("button", { name: texts.cruises.asOf.show, exact: true }).click();
    const banner = page.getByRole("status").filter({ hasText: texts.cruises.asOf.banner.split("{{")[0] ?? "" });
    await banner.waitFor();
    await page.locator(".cabin-card").filter({ hasText: fill(texts.holds.free, { free: 2, capacity: 2 }) }).filter({ has: page.getByText("4", { exact: true }) }).waitFor();
    expect(await page.getByRole("button", { name: texts.holds.hold, exact: true }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("asOf")).toBe(new Date(before).toISOString());
    await banner.getByRole("button", { name: texts.cruises.asOf.backToNow }).click();
    await banner.waitFor({ state: "detached" });
    await page.getByRole("button", { name: fill(texts.holds.cabinLabel, { name: "4", free: 1, capacity: 2 }) }).waitFor();

    // the availability as of before: every berth free then, one taken now
    const day = departure.startDate;
    await page.goto(`${app.url}/panel/availability?from=${day}&to=${day}`);
    const listedRow = page.getByRole("row").filter({ hasText: departure.code });
    await listedRow.getByText(`${capacity - 1} / ${capacity}`).waitFor();
    await page.getByLabel(texts.availability.asOf).fill(before);
    await page.getByRole("button", { name: texts.availability.search, exact: true }).click();
    const pastBanner = page.getByRole("status").filter({ hasText: texts.availability.pastBanner.split("{{")[0] ?? "" });
    await pastBanner.waitFor();
    await listedRow.getByText(`${capacity} / ${capacity}`).waitFor();
    await pastBanner.getByRole("button", { name: texts.availability.backToNow }).click();
    await listedRow.getByText(`${capacity - 1} / ${capacity}`).waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it.each(cases)("links a guard on the flows page to the refusals it made, with its rule in both languages, %s", async (_, viewport, language, texts) => {
    const { page, context, consoleErrors } = await app.page(viewport);
    const token = await app.signInOn(page, "admin@example.com", language);
    const [kept] = dataOf<KeptRefusal[]>((await api(token, "/refusals?machine=reservation")).body);
    if (kept === undefined) throw new Error("no refusal of the reservation machine kept by the test before");
    await page.goto(`${app.url}/panel/flows`);
    await page.getByRole("combobox", { name: new RegExp(`^${texts.flows.machine}`) }).selectOption("domain.reservation");
    const guard = page.getByRole("article", { name: kept.guard });
    // its rule in English and in Spanish, whatever the page's language, and its message in both
    await guard.getByText(kept.rule, { exact: true }).waitFor();
    await guard.getByText((spanishRules as Record<string, string>)[kept.rule] ?? "", { exact: true }).waitFor();
    await guard.getByText(`«${english.messages.genderNotAllowed}»`).waitFor();
    await guard.getByText(`«${spanish.messages.genderNotAllowed}»`).waitFor();
    const count = dataOf<ReadonlyArray<{ guard: string; count: number }>>((await api(token, "/refusals/guards?machine=reservation")).body).find(
      (counted) => counted.guard === kept.guard,
    );
    expect(count?.count).toBeGreaterThanOrEqual(1);
    const link = guard.getByRole("button", { name: new RegExp(`^${count?.count} `) });
    await link.click();
    const recent = guard.getByRole("list", { name: fill(texts.flows.guards.recent, { guard: kept.guard }) });
    await recent.getByRole("listitem").first().waitFor();
    expect(await recent.getByRole("listitem").count()).toBe(Math.min(count?.count ?? 0, 10));
    await recent.getByRole("button", { name: texts.flows.guards.showFacts, exact: true }).first().click();
    await recent.getByRole("region", { name: texts.holds.why.title }).getByText(kept.guard, { exact: true }).waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
