import type { i18n, TFunction } from "i18next";
import { clientMessages, messages } from "../api/messageTexts.ts";

const messageKeys = new Map<string, string>(
  [...Object.entries(messages), ...Object.entries(clientMessages)].map(([key, text]) => [text, key]),
);

/**
 * A server or client message in the chosen language. Only screens that have the `messages` texts
 * import this, so the table stays out of the login page's first download. Any other text (a bug's
 * message, which the server's contract never sends) shows as a plain "something went wrong":
 * raw English never reaches the user.
 */
export const translateMessage = (t: TFunction, message: string): string => {
  const key = messageKeys.get(message);
  return t(`messages.${key ?? "unexpected"}`);
};

/**
 * A message's text once the `messages` group is there: the leads and the availability load that
 * group with their first message (a toast), not with the page (decision 081).
 */
export const messageText = (i18next: i18n, message: string): Promise<string> =>
  i18next.loadNamespaces("messages").then(() => translateMessage(i18next.t, message));
