import { withTexts } from "../../i18n/index.ts";
import { reservationsEntry } from "../../records/entries.ts";
import { paths } from "../paths.ts";

/** A chunk's loader that fetches it once: the start's early fetch and the route's `lazy` share it. */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
};

export const panelChunk = once(() => withTexts("panel", import("./PanelView.tsx")));
export const leadsChunk = once(() => import("../leads/LeadsView.tsx"));
export const availabilityChunk = once(() => import("../availability/AvailabilityView.tsx"));
// with the groups the shell asks for on that path, which the chunk would otherwise wait a round trip for
export const reservationChunk = once(() => withTexts(["records", "screens", "messages"], import("../reservations/ReservationRoute.tsx")));

/** A reservation's page: `/panel/reservations/<id>`, nothing after the id. */
export const reservationPattern = `${reservationsEntry.listPath}/:id`;
const isReservationPage = (location: string): boolean => new RegExp(`^${reservationsEntry.listPath}/[^/]+$`).test(location);

/**
 * Starts fetching the panel's shell and the screen at `location` while the stored session is being
 * checked, instead of after: each was a round trip after the one before it (the session's check,
 * the shell, its texts, the screen), and the page drew only at the end of that chain (decision 087).
 */
export const preloadScreen = (location: string): void => {
  if (location === paths.login || !location.startsWith(`${paths.login}/`)) return;
  void panelChunk();
  if (location === paths.leads) void leadsChunk();
  else if (location === paths.availability) void availabilityChunk();
  else if (isReservationPage(location)) void reservationChunk();
};
