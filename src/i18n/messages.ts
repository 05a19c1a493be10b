import type { TFunction } from "i18next";
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
