import { withTexts } from "../../i18n/index.ts";
import { paths } from "../paths.ts";
import { once } from "./lazyChunk.tsx";

export const panelChunk = once(() => withTexts("panel", import("./PanelView.tsx")));

/**
 * Starts fetching the panel's shell and the screen at `location` while the stored session is being
 * checked, instead of after: each was a round trip after the one before it (the session's check,
 * the shell, its texts, the screen, its first read), and the page drew only at the end of that chain.
 * `read` starts a GET whose answer the client takes (../../api/earlyAnswers.ts). Which screen
 * is the shell's to say (./panelScreens.ts, re-exported by the shell so that it stays in the shell's
 * chunk): the first chunk stays as small as it was (decision 087).
 */
export const preloadScreen = (location: string, read: (url: string) => void): void => {
  if (location === paths.login || !location.startsWith(`${paths.login}/`)) return;
  void panelChunk().then(({ preloadScreenAt }) => preloadScreenAt(location, read));
};
