/**
 * GET answers asked for before the API client is there: a first visit of a page starts its main read
 * beside the session's check (../ui/shared/earlyReads.ts) rather than after it, the shell and the
 * screen. The client's fetch goes through `fetch` here, which hands such an answer to the first
 * same request (same address, token and language) once, and only while it is fresh; every other
 * request, and that one after, goes to the network. Schema-free: it is in the first chunk.
 */
export interface EarlyAnswers {
  readonly fetch: typeof globalThis.fetch;
  /** Starts a GET of `url` with these headers, for the client's first same request to take. */
  readonly ask: (url: string, headers: Readonly<Record<string, string>>) => void;
}

/** Longer than a first visit's start takes; an answer not taken by then may be out of date. */
export const EARLY_ANSWER_MS = 15_000;

const keyOf = (url: string, headers: Readonly<Record<string, string>>): string =>
  JSON.stringify([url, headers.authorization ?? "", headers["accept-language"] ?? ""]);

const headersOf = (init: RequestInit | undefined): Record<string, string> =>
  init?.headers === undefined ? {} : Object.fromEntries(new Headers(init.headers).entries());

export const earlyAnswers = (doFetch: typeof globalThis.fetch, now: () => number = Date.now): EarlyAnswers => {
  const asked = new Map<string, { readonly at: number; readonly answer: Promise<Response> }>();
  return {
    ask: (url, headers) => {
      const answer = doFetch(url, { method: "GET", headers: { ...headers } });
      // not taken, its failure is nobody's; taken, the client asks again (below)
      answer.catch(() => undefined);
      asked.set(keyOf(url, headers), { at: now(), answer });
    },
    fetch: (input, init) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && typeof input === "string") {
        const key = keyOf(input, headersOf(init));
        const early = asked.get(key);
        asked.delete(key);
        // a failed early read is asked again, as if it had not been started
        if (early !== undefined && now() - early.at <= EARLY_ANSWER_MS) return early.answer.catch(() => doFetch(input, init));
      }
      return doFetch(input, init);
    },
  };
};
