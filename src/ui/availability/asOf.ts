/**
 * The "as of" control of the availability page (decision 071): a `datetime-local` field, which
 * reads and writes the browser's own clock time, and the instant with its offset that the address
 * and the server take.
 */

const pad = (value: number): string => String(value).padStart(2, "0");

/** The field's value for an instant (`2030-03-01T09:30`, the browser's time); "" for none or a text that is no instant. */
export const asOfField = (instant: string): string => {
  const date = new Date(instant);
  if (instant === "" || Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The instant a field's value names, in the browser's time zone; "" when it is empty or names none. */
export const asOfInstant = (field: string): string => {
  const date = new Date(field);
  return field === "" || Number.isNaN(date.getTime()) ? "" : date.toISOString();
};
