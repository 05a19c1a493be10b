import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { createI18n } from "../i18n/index.ts";
import { App } from "./app.tsx";
import { decodeStoredSession, USER_INFO_KEY } from "../machines/session/storedSession.ts";
import { startInspector, wantsInspection } from "./shared/inspection.ts";
import { earlyAnswers } from "../api/earlyAnswers.ts";
import { accountPageChunkAt, preloadScreen } from "./shared/screenChunks.ts";
import { createServices } from "./shared/services.ts";
import { applyTheme, storedTheme } from "./shared/theme.ts";

const followLanguage = (language: string) => {
  document.documentElement.lang = language;
};

/**
 * A new task: the browser may paint and answer input in between. The start's steps each take a
 * task of their own, so that none blocks the page for long on a slow phone (issue 39's total
 * blocking time): the modules' evaluation, the texts, the session and the first render.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Draws the app once the chosen language's texts are there, so that no bare key is ever shown,
 * and the inspector too when `?inspect` asked for it. A promise, not a top-level await: the lazy
 * chunks import from this module's chunk and would wait forever for a module still evaluating.
 */
const start = async (root: HTMLElement) => {
  const stored = decodeStoredSession(localStorage.getItem(USER_INFO_KEY));
  const storedRole = stored?.role ?? null;
  await nextTask();
  const [i18n, inspect] = await Promise.all([
    createI18n(localStorage),
    wantsInspection(window.location.search, import.meta.env.PROD, storedRole) ? startInspector() : undefined,
  ]);
  followLanguage(i18n.language);
  i18n.on("languageChanged", followLanguage);
  await nextTask();
  const early = earlyAnswers((input, init) => globalThis.fetch(input, init));
  const services = createServices({ storage: localStorage, i18n, navigate, inspect, fetch: early.fetch });
  // after the session's check has asked for its contract: a signed-in visit fetches its screen and
  // its first read meanwhile
  if (stored !== null) {
    // the headers the client sends (../api/client.ts), so that it takes the answer
    const headers = { accept: "application/json", authorization: `Bearer ${stored.token}`, "accept-language": i18n.language };
    preloadScreen(window.location.pathname, (url) => early.ask(url, headers));
  }
  // a chunk that cannot be fetched is left to the route, which shows the failure when drawn
  await accountPageChunkAt(window.location.pathname, stored !== null)?.().catch(() => undefined);
  await nextTask();
  const reactRoot = createRoot(root);
  // a transition, so that React draws the first screen in slices of a few milliseconds, not in one task
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App services={services} i18n={i18n} />
      </StrictMode>,
    ),
  );
};

// before anything is drawn, so a dark choice never flashes light (the panel's menu changes it later)
applyTheme(storedTheme(localStorage));

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
void start(root);
