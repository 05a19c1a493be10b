import { type Namespace, withTexts } from "../../i18n/index.ts";
import { reservationsEntry } from "../../records/entries.ts";
import { paths } from "../paths.ts";
import { earlyReadsAt } from "./earlyReads.ts";
import { once } from "./lazyChunk.tsx";

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

// The leads, the availability and a reservation's page: the shell's `lazy` screens that a first
// visit may already be fetching (preloadScreenAt below); the browser fetches a module once.
export const leadsChunk = once(() => import("../leads/LeadsView.tsx"));
// each with the groups the shell asks for on its path, which would otherwise suspend it once drawn
export const availabilityChunk = once(() => withTexts(textGroupsAt(paths.availability), import("../availability/AvailabilityView.tsx")));
// and the records' group, whose texts the reservation's page reads
export const reservationChunk = once(() =>
  withTexts(["records", ...textGroupsAt(reservationPattern)], import("../reservations/ReservationRoute.tsx")),
);

/**
 * Starts fetching the screen at `location` when it is one of those, as the session is being checked,
 * and the reads it starts with (./earlyReads.ts) with `read`.
 */
export const preloadScreenAt = (location: string, read: (url: string) => void): void => {
  for (const url of earlyReadsAt(location)) read(url);
  if (location === paths.leads) void leadsChunk();
  else if (location === paths.availability) void availabilityChunk();
  else if (new RegExp(`^${reservationsEntry.listPath}/[^/]+$`).test(location)) void reservationChunk();
};
