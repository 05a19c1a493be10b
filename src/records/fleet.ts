import { detail } from "../api/details.ts";
import { textField } from "../api/fields.ts";
import { messages } from "../api/messages.ts";
import { referenceTo, simpleCatalogue } from "./catalogue.ts";
import { companies, kinds } from "./referenceData.ts";

/**
 * The operator's yachts (DOMAIN.md section 3), under the menu's Flota: admins edit them, marketing
 * and sales read them. The colour marks the yacht's departures in calendars; the order sorts the
 * fleet wherever it is listed. Its capacity is the sum of its cabins', and its picture and eight
 * pages come with them.
 */
export const yachts = simpleCatalogue({
  key: "yachts",
  resource: "yachts",
  singular: "Yacht",
  stream: "yacht",
  table: "yachts",
  readers: ["admin", "marketing", "sales"],
  writers: ["admin"],
  listPath: "/panel/yacht",
  newPaths: ["/panel/yacht/yacht_new"],
  menu: { section: "fleet" },
  details: [
    { name: "initials", label: "detail.initials", rule: detail.text(textField(4, { required: true })), column: true },
    { name: "code", label: "detail.code", rule: detail.text(textField(10, { required: true })) },
    { name: "kind", label: "detail.kind", ...referenceTo(kinds), column: true },
    { name: "company", label: "detail.company", ...referenceTo(companies, { unselected: messages.selectCompany }), column: true },
    {
      name: "order",
      label: "detail.order",
      rule: detail.number({ required: true, minimum: 1, maximum: 99, whole: true }),
      column: true,
    },
    { name: "colour", label: "detail.colour", rule: detail.colour() },
  ],
});

/** The fleet in the menu's order. */
export const fleet = [yachts];
