import type { i18n } from "i18next";
import { type Actor, createActor } from "xstate";
import type { ApiClient, UploadTransport } from "../../api/client.ts";
import { createLazyClient } from "../../api/lazyClient.ts";
import { LANGUAGE_KEY } from "../../i18n/index.ts";
import { sessionMachine, tokenOf } from "../../machines/session/session.machine.ts";
import { encodeStoredSession, USER_INFO_KEY } from "../../machines/session/storedSession.ts";
import type { Inspect } from "./inspection.ts";
import { paths } from "../paths.ts";

export type SessionActor = Actor<typeof sessionMachine>;

/** What every screen shares: the one API client, the session and the language. */
export interface Services {
  readonly client: ApiClient;
  readonly session: SessionActor;
  readonly i18n: i18n;
  /** The Stately inspector's observer when `?inspect` asked for it. */
  readonly inspect?: Inspect;
}

export interface ServiceOptions {
  readonly storage: Storage;
  readonly i18n: i18n;
  readonly navigate: (to: string) => void;
  /** The address shown, to come back to after a session expired; the browser's when not given. */
  readonly readLocation?: () => string;
  readonly fetch?: typeof globalThis.fetch;
  /** Multipart uploads; XMLHttpRequest when not given (tests hand in a double). */
  readonly upload?: UploadTransport;
  readonly inspect?: Inspect;
}

/** Sign-out clears all local storage (SPEC.md section 6) except the language choice. */
export const clearKeepingLanguage = (storage: Storage): void => {
  const language = storage.getItem(LANGUAGE_KEY);
  storage.clear();
  if (language !== null) storage.setItem(LANGUAGE_KEY, language);
};

/**
 * The client reads its token from the session and tells the session about a 498; the session
 * is restored from `userInfo` and writes it back through the actions provided here.
 */
export const createServices = (options: ServiceOptions): Services => {
  const { storage, navigate } = options;
  const readLocation = options.readLocation ?? (() => `${window.location.pathname}${window.location.search}`);
  const client = createLazyClient({
    fetch: options.fetch,
    upload: options.upload,
    readToken: () => tokenOf(session.getSnapshot().context),
    readLanguage: () => options.i18n.language ?? null,
    onInvalidSession: () => session.send({ type: "session.invalidated", path: readLocation() }),
  });
  const session = createActor(
    sessionMachine.provide({
      actions: {
        storeSession: (_, { session: stored }) => storage.setItem(USER_INFO_KEY, encodeStoredSession(stored)),
        clearStorage: () => clearKeepingLanguage(storage),
        goToLogin: () => navigate(paths.login),
      },
    }),
    { input: { stored: storage.getItem(USER_INFO_KEY), client }, inspect: options.inspect },
  );
  session.start();
  return { client, session, i18n: options.i18n, inspect: options.inspect };
};
