import { Schema } from "effect";
import { type Detail, detail } from "./details.ts";
import { type Access, endpoint } from "./endpoint.ts";
import { messages } from "./messages.ts";
import { Int4 } from "./ids.ts";

/**
 * Copying a year's items of a catalogue with a `year` (the rates) to the next year, their amounts
 * raised by a percentage: the rates of 2027 become the drafts of 2028's price list. The copy's two
 * fields are detail rules, so the panel's form and the server check them alike.
 */
export const yearCopyDetails: ReadonlyArray<Detail> = [
  { name: "year", rule: detail.number({ required: true, minimum: 2000, maximum: 2098, whole: true }) },
  { name: "increase", rule: detail.number({ required: true, minimum: 0, maximum: 99, whole: false, outOfRange: messages.numberOutOfRange }) },
];

export const YearCopy = Schema.Struct({ year: Schema.NullOr(Schema.Finite), increase: Schema.NullOr(Schema.Finite) });
export type YearCopy = typeof YearCopy.Type;

/** What a copy answers: how many items it made, and for which year. */
export const YearCopied = Schema.Struct({ copied: Int4, year: Int4 });
export type YearCopied = typeof YearCopied.Type;

/** `POST <path>`: copies the year's live items (an Ikarus rate as a draft, a deactivated one not at all) to the next year. */
export const yearCopyEndpoint = (resource: string, path: string, access: Access) =>
  endpoint({
    name: `${resource}.copyYear`,
    method: "POST",
    path,
    body: YearCopy,
    response: YearCopied,
    access,
    description:
      "Copies a year's items to the next year (`year`, `increase` in percent, 0-99 with cents), their amounts raised by the increase, each created as its machine creates one; refused when the next year already has items ('the next year already has rates') or the year has none ('the year has no rates to copy').",
  });
