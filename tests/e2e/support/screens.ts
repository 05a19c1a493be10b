import type { Page } from "playwright-core";
import { signIn } from "./accounts.ts";
import { settled } from "./locators.ts";

/** A screen of the panel or the public site, and the demo staff member who may see it (none: public). */
export interface Screen {
  readonly name: string;
  readonly path: string;
  readonly staff?: string;
}

/** Every screen, shared by the screenshot, accessibility and Content-Security-Policy suites. */
export const screens: ReadonlyArray<Screen> = [
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
  { name: "yachts", path: "/panel/yacht", staff: "admin@example.com" },
  { name: "yacht-edit", path: "/panel/yacht/1", staff: "admin@example.com" },
  { name: "yacht-technical-info", path: "/panel/yacht/1/technical_info", staff: "marketing@example.com" },
  { name: "yacht-accommodation", path: "/panel/yacht/1/guests_accomodations", staff: "marketing@example.com" },
  { name: "yacht-deck-plans", path: "/panel/yacht/1/deck_plan", staff: "admin@example.com" },
  { name: "yacht-cabin-layout", path: "/panel/yacht/1/deck_schema", staff: "admin@example.com" },
  { name: "yacht-crew", path: "/panel/yacht/1/crews_on_board", staff: "ventas@example.com" },
  { name: "cabins", path: "/panel/cabin", staff: "ventas@example.com" },
  { name: "cabin-edit", path: "/panel/cabin/1", staff: "admin@example.com" },
  { name: "decks", path: "/panel/deck", staff: "marketing@example.com" },
  { name: "cruise-itineraries", path: "/panel/cruise_itinerary", staff: "ventas@example.com" },
  { name: "general-rates", path: "/panel/rates/general", staff: "ventas@example.com" },
  { name: "general-rate-edit", path: "/panel/rates/general/1", staff: "admin@example.com" },
  // the demo's second Ikarus rate is deactivated: its state, dates and reason above a read-only form
  { name: "ikarus-rates", path: "/panel/rates/ikarus", staff: "admin@example.com" },
  { name: "ikarus-rate-deactivated", path: "/panel/rates/ikarus/2", staff: "admin@example.com" },
  { name: "cruise-itinerary-edit", path: "/panel/cruise_itinerary/1", staff: "admin@example.com" },
  // the demo's departures start this month: a calendar for admins, a table for sales
  { name: "departures", path: "/panel/cruises", staff: "admin@example.com" },
  { name: "departures-list", path: "/panel/cruises?view=list", staff: "ventas@example.com" },
  { name: "cruise-edit", path: "/panel/cruises/1/edit", staff: "admin@example.com" },
  { name: "reservations", path: "/panel/reservations", staff: "ventas@example.com" },
  // the demo's first reservation, held by sales on the first departure ahead
  { name: "reservation", path: "/panel/reservations/1", staff: "ventas@example.com" },
  { name: "cruise-reservations", path: "/panel/cruises/1/reservations", staff: "admin@example.com" },
  // a manifest of a departure ahead with berths sold (sales reads the documents, marketing does not)
  { name: "cruise-passengers", path: "/panel/cruises/7/passengers", staff: "ventas@example.com" },
  { name: "cruise-ingala", path: "/panel/cruises/7/ingala", staff: "admin@example.com" },
  { name: "cruise-gps-tax", path: "/panel/cruises/7/gpsTax", staff: "ventas@example.com" },
  { name: "cruise-flights", path: "/panel/cruises/7/flights", staff: "admin@example.com" },
  { name: "cruise-services-order", path: "/panel/cruises/7/servicesOrder", staff: "ventas@example.com" },
  { name: "cruise-zarpe", path: "/panel/cruises/7/zarpe", staff: "admin@example.com" },
  // the demo's first reservation's voucher, sent by sales to its agency
  { name: "voucher", path: "/panel/reservations/1/voucher", staff: "ventas@example.com" },
  { name: "passengers", path: "/panel/passengers", staff: "ventas@example.com" },
  // the demo's first passenger, with the departure they sail and their flights
  { name: "passenger", path: "/panel/passengers/1", staff: "ventas@example.com" },
  { name: "passenger-new", path: "/panel/passengers/passenger_new", staff: "reservas@ikarustours.example.com" },
  // the Reportes section (decision 043): admin and sales read every report, marketing the leads dashboard
  { name: "report-occupancy", path: "/panel/reports/occupancy", staff: "admin@example.com" },
  { name: "report-sales", path: "/panel/reports/sales", staff: "ventas@example.com" },
  { name: "report-expiring", path: "/panel/reports/expiring", staff: "ventas@example.com" },
  { name: "report-leads", path: "/panel/reports/leads", staff: "marketing@example.com" },
  // money's reports (decision 068): what the demo's agencies owe, and the payments it records
  { name: "report-receivables", path: "/panel/reports/receivables", staff: "admin@example.com" },
  { name: "report-payments", path: "/panel/reports/payments", staff: "ventas@example.com" },
  // the penalties kept and waived (decision 067)
  { name: "report-penalties", path: "/panel/reports/penalties", staff: "admin@example.com" },
  // the money policy an admin edits (decision 076)
  { name: "money-policy", path: "/panel/policies/money", staff: "admin@example.com" },
  // an agency user's start page
  { name: "availability", path: "/panel/availability", staff: "reservas@ikarustours.example.com" },
  // an agency user lands on their agency
  { name: "agency", path: "/panel/agency", staff: "reservas@ikarustours.example.com" },
  { name: "guides", path: "/panel/guides", staff: "admin@example.com" },
  { name: "guide-edit", path: "/panel/guides/1", staff: "admin@example.com" },
  { name: "countries", path: "/panel/countries", staff: "ventas@example.com" },
  // marketing reads the reference data: the form shows, disabled, with only the way back
  { name: "space-type-view", path: "/panel/genders/1", staff: "marketing@example.com" },
  { name: "not-found", path: "/no/such/page" },
];

/**
 * The screens grouped by who sees them (the public ones first), each group in the list's order:
 * a person moves between one staff member's screens without signing in again.
 */
export const byStaff = (list: ReadonlyArray<Screen>): ReadonlyArray<Screen> =>
  [...list].sort((a, b) => (a.staff ?? "").localeCompare(b.staff ?? ""));

/**
 * Moves to a screen inside the panel that is open, as its links do (the router follows
 * `history.pushState`), and waits until `<main>` shows something else (the new route's spinner or
 * content), then until its content has loaded. The wait polls on a timer: a wait for two
 * animation frames once never ended in a clean-clone CI run, though the page showed the new
 * screen drawn (the run's report): a frame is not a thing a test can count on here.
 */
export const moveTo = async (page: Page, screen: Screen): Promise<void> => {
  const before = await page.evaluate(() => document.querySelector("main")?.innerHTML ?? "");
  await page.evaluate((path) => history.pushState(null, "", path), screen.path);
  // a screen that did not follow the move would be looked at as if it were the next one
  await page
    .waitForFunction((earlier) => (document.querySelector("main")?.innerHTML ?? "") !== earlier, before, { polling: 50, timeout: 15_000 })
    .catch(() => {
      throw new Error(`the panel did not move to ${screen.path}: <main> is unchanged`);
    });
  await settled(page);
};

/** Opens a screen (signing its staff member in first) and waits until its content has loaded. */
export const visit = async (page: Page, baseUrl: string, screen: Screen): Promise<void> => {
  if (screen.staff) await signIn(page, baseUrl, screen.staff);
  await page.goto(`${baseUrl}${screen.path}`);
  await settled(page);
};
