import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { navigate } from "wouter/use-browser-location";
import type { Cruise } from "../../src/api/cruises.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { sampleCruise } from "../../src/machines/shared/samples.ts";
import { decodeStoredSession, encodeStoredSession, type StoredSession, USER_INFO_KEY } from "../../src/machines/session/storedSession.ts";
import { App } from "../../src/ui/app.tsx";
import { screenChunkAt } from "../../src/ui/shared/panelScreens.ts";
import { accountPageChunkAt } from "../../src/ui/shared/screenChunks.ts";
import { createServices } from "../../src/ui/shared/services.ts";

export interface FakeCall {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly authorization: string | null;
  /** The reader's language the panel sent (Accept-Language). */
  readonly language: string | null;
}

/** An answer: its status and `data`, and the `meta` beside it (a list's paging, a kept refusal's id). */
type Reply = { readonly status: number; readonly data: unknown; readonly meta?: unknown };

/**
 * The panel's live changes (GET /events/stream) as a stream that stays open and quiet: null for any
 * other address. A fake that answered it with a 404 would have the stream reconnect on its own
 * clock, and its reconnections would be among the calls a test reads.
 */
export const quietChangeStream = (url: URL): Response | null =>
  url.pathname.endsWith("/events/stream")
    ? new Response(new ReadableStream({ start: () => {} }), { status: 200, headers: { "content-type": "text/event-stream" } })
    : null;

/** A fetch that answers by "METHOD /path" and records every call. */
export const fakeFetch = (replies: Record<string, Reply | (() => Promise<Reply>)>) => {
  const calls: FakeCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    // the panel's live changes are not one of the calls a screen makes
    const stream = quietChangeStream(new URL(url, "http://localhost"));
    if (stream !== null) return stream;
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      url,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      authorization: headers.get("authorization"),
      language: headers.get("accept-language"),
    });
    const reply = replies[`${method} ${url}`];
    if (reply === undefined) return Response.json({ data: "resource not found" }, { status: 404 });
    const { status, data, meta } = typeof reply === "function" ? await reply() : reply;
    return Response.json(meta === undefined ? { data } : { data, meta }, { status });
  };
  return { fetch, calls };
};

export const storeSession = (session: StoredSession) =>
  localStorage.setItem(USER_INFO_KEY, encodeStoredSession(session));

/**
 * Renders the whole app at `path` with the real router, services and translations. `groups` are
 * text groups loaded beforehand: a lazy screen loads its own once per worker (its module is kept),
 * so a second render of it, in another language, finds them loaded only when asked here.
 *
 * The screen at `path` and its text groups are fetched first, as the panel's start fetches them
 * while the session is checked (`preloadScreenAt`), or the start the login or a password page
 * (`accountPageChunkAt`); a fetch that fails is left to the route, which shows it. Each test has new texts while the worker keeps the screen's module: drawn at once, the
 * screen suspended until its groups came and React held it 300 ms more (FALLBACK_THROTTLE_MS,
 * decision 142), a core idle meanwhile. Only the screen's own groups are loaded, so a text read from
 * a group the screen does not load still shows as its key.
 */
export const renderApp = async (path: string, fetch: typeof globalThis.fetch, groups?: Parameters<typeof createI18n>[1]) => {
  window.history.replaceState(null, "", path);
  const i18n = await createI18n(localStorage, groups);
  const { pathname } = new URL(path, "http://localhost");
  const signedIn = decodeStoredSession(localStorage.getItem(USER_INFO_KEY)) !== null;
  await (screenChunkAt(pathname) ?? accountPageChunkAt(pathname, signedIn))?.().catch(() => undefined);
  const services = createServices({ storage: localStorage, i18n, navigate, fetch });
  return { ...render(<App services={services} i18n={i18n} />), services, i18n };
};

/**
 * A carousel shows its first slide alone until that image is on screen, and jsdom neither loads
 * nor decodes images: this says the first one has loaded and decoded, and waits for the slide
 * show with every slide.
 */
export const startSlideShow = async (name: string): Promise<HTMLElement> => {
  const [first] = within(screen.getByRole("region", { name })).getAllByRole("img");
  if (first instanceof HTMLImageElement) {
    first.decode = () => Promise.resolve();
    fireEvent.load(first);
  }
  return waitFor(() => {
    const region = screen.getByRole("region", { name });
    expect(region.classList.contains("swiper")).toBe(true);
    return region;
  });
};

/** Departure 7 of the Explorer, 6 June 2030, as GET /cruises/{id} answers it, with the berths a test counts. */
export const explorerDeparture = (availability: Cruise["availability"]): Cruise => ({ ...sampleCruise, yachtId: 1, cruiseItineraryId: 2, availability });

/**
 * Waits until `fire` (SweetAlert2's, mocked) was asked for a dialog with `options`: a save's toast
 * comes through SweetAlert2's own chunk (a dynamic import), so it may follow the screen it reports on.
 */
export const dialogAsked = (fire: unknown, options: Record<string, unknown>): Promise<void> =>
  waitFor(() => expect(fire).toHaveBeenCalledWith(expect.objectContaining(options)));
