import type { Lead } from "../../api/leads.ts";

const pad = (value: number): string => String(value).padStart(2, "0");

/** A calendar date as the API sends it for the quote's days in and out: no time, no time zone. */
const plainDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day/month/year (PRODUCT.md section 6) whatever the language. A plain date is shown as written;
 * a moment (createdAt) in the browser's time zone, which is where the staff work.
 */
export const formatDate = (text: string): string => {
  const plain = plainDate.exec(text);
  if (plain !== null) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

/** Day/month/year and the 24-hour time, for follow-up notes. */
export const formatDateTime = (text: string): string => {
  const date = new Date(text);
  if (plainDate.test(text) || Number.isNaN(date.getTime())) return formatDate(text);
  return `${formatDate(text)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** US$ with two decimals, grouped as the chosen language writes numbers (Ecuador for Spanish). */
export { formatMoney } from "../../api/amounts.ts";

/** The table shows about 80 characters of a message on one line; the cell's title holds it all. */
export const MESSAGE_PREVIEW_LENGTH = 80;

export const shorten = (text: string, length: number = MESSAGE_PREVIEW_LENGTH): string => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= length ? line : `${line.slice(0, length - 1).trimEnd()}…`;
};

export const personName = (person: { readonly firstName: string; readonly lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/** A phone number as a tel: link wants it: the leading + and the digits. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The follow-up notes oldest first, whatever order they came in (equal times keep their order). */
export const notesOldestFirst = (lead: Lead): Lead["notes"] =>
  [...lead.notes].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
