import { withTexts } from "../../i18n/index.ts";
import { reservationsEntry } from "../../records/entries.ts";
import { paths } from "../paths.ts";
import { earlyReadsAt } from "./earlyReads.ts";
import { once } from "./lazyChunk.tsx";

// The leads, the availability and a reservation's page: the shell's `lazy` screens that a first
// visit may already be fetching (preloadScreenAt below); the browser fetches a module once.
export const leadsChunk = once(() => import("../leads/LeadsView.tsx"));
// with the `screens` group the shell asks for on its path (PanelView.tsx), which would otherwise suspend it
export const availabilityChunk = once(() => withTexts("screens", import("../availability/AvailabilityView.tsx")));
// with the groups the shell asks for on that path, which the chunk would otherwise wait a round trip for
export const reservationChunk = once(() => withTexts(["records", "screens", "messages"], import("../reservations/ReservationRoute.tsx")));

/** A reservation's page: `/panel/reservations/<id>`, nothing after the id. */
export const reservationPattern = `${reservationsEntry.listPath}/:id`;

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
