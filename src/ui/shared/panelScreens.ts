import { type Namespace, withTexts } from "../../i18n/index.ts";
import { reservationsEntry } from "../../records/entries.ts";
import { isAddressOf, isEntryActive, paths } from "../paths.ts";
import { earlyReadsAt } from "./earlyReads.ts";
import { once, withGroups } from "./lazyChunk.tsx";
import { menu } from "./menu.ts";

/**
 * The text groups the shell reads on `location` (PanelView.tsx), drawn once they are there. The
 * leads and the availability show a message only in a lazy banner or a toast, which load the
 * `messages` group then, and the leads' list reads no `screens` text: their first download goes
 * without them (decision 081).
 */
export const textGroupsAt = (location: string): ReadonlyArray<Namespace> => {
  if (location === paths.leads) return ["panel"];
  if (location === paths.availability) return ["panel", "screens"];
  return ["panel", "screens", "messages"];
};

/** A reservation's page: `/panel/reservations/<id>`, nothing after the id. */
export const reservationPattern = `${reservationsEntry.listPath}/:id`;

// The shell's screens that a first visit or a menu entry pointed at may already be fetching
// (screenChunkAt below); the browser fetches a module once.
export const leadsChunk = once(() => import("../leads/LeadsView.tsx"));
export const availabilityChunk = once(() => import("../availability/AvailabilityView.tsx"));
// a reservation's page reads the records' texts
export const reservationChunk = withGroups("records", once(() => import("../reservations/ReservationRoute.tsx")));
export const usersChunk = once(() => import("../users/UsersView.tsx"));
export const homeChunk = once(() => import("../home/HomeView.tsx"));
export const recommendationsChunk = once(() => import("../home/RecommendationsView.tsx"));
export const ownPasswordChunk = withGroups(
  "account",
  once(() => import("../session/ChangePasswordView.tsx").then(({ OwnPasswordView }) => ({ default: OwnPasswordView }))),
);
// one record's (or a new one's) screens of the shell
export const leadChunk = once(() => import("../leads/LeadView.tsx"));
export const userFormChunk = once(() => import("../users/UserFormView.tsx"));
export const bannerFormChunk = once(() => import("../home/BannerFormView.tsx"));
export const callActionFormChunk = once(() => import("../home/CallActionFormView.tsx"));
// a guard's refusals open the hold form's "why", whose texts are the records'
export const flowsChunk = withGroups("records", once(() => import("../flows/FlowsView.tsx")));
// the agency's statement and the money's policy read the money's texts, in the records' group
export const agencyChunk = withGroups("records", once(() => import("../users/AgencyView.tsx")));
export const moneyPolicyChunk = withGroups("records", once(() => import("../money/MoneyPolicyView.tsx")));
// The records' routes (departures, reservations, passengers, reports, catalogues, destinations):
// their declarations and the domain machines they name are a chunk of their own, which the
// leads and the availability do not load (decision 081).
const recordRoutesModule = once(() => import("./RecordRoutes.tsx"));
export const recordRoutesChunk = withGroups("records", recordRoutesModule);

/** The shell's screens of one address each (the menu's, the home's recommendations, the own password), each with its chunk. */
const shellScreens: ReadonlyMap<string, () => Promise<unknown>> = new Map<string, () => Promise<unknown>>([
  [paths.leads, leadsChunk],
  [paths.availability, availabilityChunk],
  [paths.users, usersChunk],
  [paths.home, homeChunk],
  [paths.homeRecommendations, recommendationsChunk],
  [paths.password, ownPasswordChunk],
  [paths.flows, flowsChunk],
  [paths.agency, agencyChunk],
  [paths.moneyPolicy, moneyPolicyChunk],
]);

/** The shell's screens of one record, or of a new one, by their routes' patterns, each with its chunk. */
const shellRecordScreens: ReadonlyArray<readonly [ReadonlyArray<string>, () => Promise<unknown>]> = [
  [[paths.lead(":id")], leadChunk],
  [[paths.usersNew, paths.user(":id")], userFormChunk],
  [[paths.homeBannerNew, paths.homeBanner(":id")], bannerFormChunk],
  [[paths.homeCallActionNew, paths.homeCallAction(":id")], callActionFormChunk],
  [[reservationPattern], reservationChunk],
];

const shellRecordScreenAt = (location: string): (() => Promise<unknown>) | undefined =>
  shellRecordScreens.find(([patterns]) => patterns.some((pattern) => isAddressOf(pattern, location)))?.[1];

/**
 * What draws `location` without suspending, fetched with the text groups the shell asks for there,
 * when it is a menu entry's screen or a page below one: the shell's own chunk (a lead, a user, a
 * reservation...), or the records' routes and their screen's chunk (every menu entry the shell
 * does not route is theirs, with the pages below it: a passenger, a departure's tab, a
 * catalogue's form...). Fetched at the start beside the session's check (a page reloaded on a
 * record, a mail's link to it) and when a menu entry is pointed at, so the screen is drawn at once
 * rather than after `lazy`'s fallback and React's 300 ms hold (decisions 142, 143, 155, 157).
 */
export const screenChunkAt = (location: string): (() => Promise<unknown>) | undefined => {
  const shell = shellScreens.get(location) ?? shellRecordScreenAt(location);
  const records = menu.some((entry) => !shellScreens.has(entry.path) && isEntryActive(entry.path, location))
    ? // the screen's chunk as soon as the routes' code is there, while their texts may still be coming
      () => Promise.all([recordRoutesChunk(), recordRoutesModule().then(({ recordScreenChunkAt }) => recordScreenChunkAt(location)?.())])
    : undefined;
  const chunk = shell ?? records;
  return chunk === undefined ? undefined : () => withTexts(textGroupsAt(location), chunk());
};

/**
 * Starts fetching the screen at `location` (screenChunkAt), as the session is being checked, and
 * the reads it starts with (./earlyReads.ts) with `read`. A chunk that cannot be fetched is left
 * to the route's `lazy`, which shows the failure when the screen is drawn.
 */
export const preloadScreenAt = (location: string, read: (url: string) => void): void => {
  for (const url of earlyReadsAt(location)) read(url);
  void screenChunkAt(location)?.().catch(() => undefined);
};
