import type { TFunction } from "i18next";
import { messages } from "../api/messages.ts";

const messageKeys = new Map<string, string>(Object.entries(messages).map(([key, text]) => [text, key]));

/**
 * A server message in the chosen language when it is one of the known ones, else as sent. Only
 * screens that have the `messages` texts import this, so the table stays out of the login page's
 * first download.
 */
export const translateMessage = (t: TFunction, message: string): string => {
  const key = messageKeys.get(message);
  return key === undefined ? message : t(`messages.${key}`);
};
