import { withTexts } from "../../i18n/index.ts";
import { isAddressOf, paths, patterns } from "../paths.ts";
import { type Chunk, once, withGroups } from "./lazyChunk.tsx";

export const panelChunk = once(() => withTexts("panel", import("./PanelView.tsx")));

// Every screen comes when visited, with its texts; the login page too, so that a signed-in page's
// first download holds no login form and no login machine (decision 081).
export const loginChunk = once(() => import("../session/LoginView.tsx"));
export const forgotPasswordChunk = withGroups("account", once(() => import("../session/ForgotPasswordView.tsx")));
export const changePasswordChunk = withGroups(["account", "messages"], once(() => import("../session/ChangePasswordView.tsx")));

/**
 * The page outside the panel that a start at `location` opens: a password page (a mail's link), or,
 * without a stored session, the login (every panel address sends there). Fetched with the start's
 * texts, before anything is drawn: drawn through `lazy` instead, the login form came 300 ms after
 * the spinner (React's hold after a fallback, decision 142) where its chunk took a few.
 */
export const accountPageChunkAt = (location: string, signedIn: boolean): Chunk<unknown> | undefined => {
  if (location === paths.forgotPassword) return forgotPasswordChunk;
  if (isAddressOf(patterns.changePassword, location)) return changePasswordChunk;
  const panel = location === paths.login || location.startsWith(`${paths.login}/`);
  return panel && !signedIn ? loginChunk : undefined;
};

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
