import { useCallback, useDeferredValue } from "react";
import type { BaseLocationHook, BaseSearchHook } from "wouter";
import { navigate as go, useBrowserLocation, useSearch as useBrowserSearch } from "wouter/use-browser-location";

/**
 * Leaving a form with unsaved changes asks first (decision 024), whichever way the user leaves:
 * an in-app link or the menu (the router's `navigate`, see `useGuardedLocation`), the browser's
 * Back (`popstate`), a reload or closing the tab (`beforeunload`), or signing out (`askToLeave`).
 * Wouter has no navigation blocking, so the panel's router uses this location hook. A form says
 * whether it has changes with its `data-unsaved` mark; its flow keeps that fact (`changed` of the
 * form machine), this module only reads it.
 */

/** The question to ask (the SweetAlert2 dialog); answers true to leave. */
let ask: () => Promise<boolean> = async () => true;

/**
 * A form or an editor with changes marks itself `data-unsaved` (RecordFormFrame from its flow's
 * `changed`, the recommendations from theirs, a lead's comment box while it holds a draft).
 * Reading the page rather than a list of forms kept by effects: what is drawn is what would be lost.
 */
const hasUnsavedChanges = (): boolean => document.querySelector("[data-unsaved]") !== null;

/** Resolves true when nothing would be lost, or when the user chose to leave anyway. */
export const askToLeave = (): Promise<boolean> => (hasUnsavedChanges() ? ask() : Promise.resolve(true));

/**
 * The browser's location for wouter, whose `navigate` asks first while a form has changes. A new
 * address is drawn in a background render, the screen before it staying (with the panel's bar of
 * a navigation under way) until the next one is ready: drawn at once, a screen whose chunk or
 * texts had not come suspended, and React 19 held it until 300 ms after the spinner showed
 * (FALLBACK_THROTTLE_MS, decisions 142 and 154), where the chunk took a few milliseconds.
 */
const useDeferredLocation: BaseLocationHook = (options) => {
  const location = useDeferredValue(useBrowserLocation(options)[0]);
  const navigate = useCallback((to: string | URL, navigation?: { readonly replace?: boolean; readonly state?: unknown }) => {
    void askToLeave().then((leave) => {
      if (leave) go(to, navigation);
    });
  }, []);
  return [location, navigate];
};

/** The address's query, drawn in the same background render as its path: a screen never sees the next address's query. */
const useDeferredSearch: BaseSearchHook = (options) => useDeferredValue(useBrowserSearch(options));

// wouter's Router takes the query's hook from the location's
export const useGuardedLocation = Object.assign(useDeferredLocation, { searchHook: useDeferredSearch });

/** The address the panel shows: where Back is undone to when the user stays. */
const shownAddress = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;

let shown = typeof window === "undefined" ? "" : shownAddress();
let backConfirmed = false;

/**
 * Back has already changed the address when `popstate` fires: while a form has changes the event
 * is kept from the router, the form's address is put back, and only if the user leaves does the
 * browser go back again, unasked. Listeners run in the order they were added, so this one is added
 * when the module loads, before the router's (added once the app is drawn).
 */
const onPopState = (event: PopStateEvent) => {
  if (backConfirmed || !hasUnsavedChanges()) {
    backConfirmed = false;
    shown = shownAddress();
    return;
  }
  event.stopImmediatePropagation();
  window.history.pushState(null, "", shown);
  void ask().then((leave) => {
    if (!leave) return;
    backConfirmed = true;
    window.history.back();
  });
};

const onNavigation = () => {
  shown = shownAddress();
};

if (typeof window !== "undefined") {
  window.addEventListener("popstate", onPopState);
  window.addEventListener("pushState", onNavigation);
  window.addEventListener("replaceState", onNavigation);
}

const beforeUnload = (event: BeforeUnloadEvent) => {
  if (hasUnsavedChanges()) event.preventDefault();
};

/**
 * Asks with `question` before leaving by Back, the links, the menu or sign-out, and has the
 * browser ask before a reload or closing the tab; the returned function stops asking.
 */
export const guardLeaving = (question: () => Promise<boolean>): (() => void) => {
  ask = question;
  window.addEventListener("beforeunload", beforeUnload);
  return () => {
    ask = async () => true;
    window.removeEventListener("beforeunload", beforeUnload);
  };
};
