import type { InspectionEvent, Observer } from "xstate";

export type Inspect = Observer<InspectionEvent>;

/**
 * `?inspect` in the panel's URL connects the running machines to the Stately inspector: in a
 * development build for anyone, in a production build only for a stored admin session (the
 * inspector sees every event, and analysts of other roles read the offline flows page instead).
 */
export const wantsInspection = (search: string, production: boolean, storedRole: string | null): boolean =>
  new URLSearchParams(search).has("inspect") && (!production || storedRole === "admin");

/** Loaded only when asked for, so the inspector adds nothing to the panel's own download. */
export const startInspector = async (): Promise<Inspect> => {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  return createBrowserInspector().inspect;
};
