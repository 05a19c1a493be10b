import { type Detail, storedName } from "../../src/api/details.ts";
import { centsOfDollars } from "../../src/machines/domain/money.ts";
import { catalogues } from "../../src/records/index.ts";

/**
 * Field names events were stored with before the spec's misspellings stopped at the wire
 * (decision 074), by event type: old name to the name events carry now. Events are never
 * rewritten, so every reader of stored event data renames them here first.
 */
const renamedFields: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "itinerary.create": { avalability: "availability", ofertPrice: "offerPrice", isOfert: "isOffer" },
  "itinerary.update": { avalability: "availability", ofertPrice: "offerPrice", isOfert: "isOffer" },
  "lead.comment": { coments: "comments" },
};

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Cents of a stored amount of dollars (a JSON number), from its decimal digits (centsOfDollars). */
const centsOfStored = (dollars: unknown): number => (typeof dollars === "number" ? centsOfDollars(dollars) : 0);

/**
 * A price stored in dollars (`total`, `commission`, `net`, before decision 082) in cents
 * (`totalCents`, `commissionCents`, `netCents`); one stored in cents stays as it is.
 */
const priceInCents = (price: unknown): unknown => {
  if (!isRecord(price) || !("total" in price)) return price;
  return { totalCents: centsOfStored(price.total), commissionCents: centsOfStored(price.commission), netCents: centsOfStored(price.net) };
};

/** A priced line stored in dollars (`unitPrice`, `total`, `commission`, before decision 082) in cents; one in cents stays. */
export const lineInCents = (line: unknown): unknown => {
  if (!isRecord(line) || !("unitPrice" in line)) return line;
  const { unitPrice, total, commission, ...rest } = line;
  return { ...rest, unitPriceCents: centsOfStored(unitPrice), totalCents: centsOfStored(total), commissionCents: centsOfStored(commission) };
};

const linesInCents = (lines: unknown): unknown => (Array.isArray(lines) ? lines.map(lineInCents) : lines);

/**
 * The catalogues' amounts of money by detail name (a rate's `clientRate`, a space type's
 * `gpsTaxForeign`, an agency's `credit`): no catalogue names another detail so.
 */
const moneyDetails: ReadonlyMap<string, Detail> = new Map(
  catalogues.flatMap(({ api }) => api.details.filter(({ rule }) => rule.kind === "money").map((detail) => [detail.name, detail] as const)),
);

/**
 * A catalogue item's details stored with amounts of dollars under the detail's name (before
 * decision 088) with each in cents under `<name>Cents`; details already in cents stay as they are.
 */
const detailsInCents = (details: unknown): unknown => {
  if (!isRecord(details)) return details;
  return Object.fromEntries(
    Object.entries(details).map(([name, value]) => {
      const money = moneyDetails.get(name);
      if (money === undefined) return [name, value];
      return [storedName(money), typeof value === "number" ? centsOfDollars(value) : null];
    }),
  );
};

/** The events that carry a price, priced lines or a catalogue item's amounts, and how each is read in cents (decisions 082, 088). */
const inCents: Readonly<Record<string, (data: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>>> = {
  "reservation.hold": (data) => ({ ...data, price: priceInCents(data.price), lines: linesInCents(data.lines) }),
  "reservation.waitlist": (data) => ({ ...data, price: priceInCents(data.price), lines: linesInCents(data.lines) }),
  "reservation.update": (data) => ({ ...data, price: priceInCents(data.price), lines: linesInCents(data.lines) }),
  "passenger.flight.book": (data) => ({ ...data, line: lineInCents(data.line) }),
  "catalogueItem.create": (data) => ("details" in data ? { ...data, details: detailsInCents(data.details) } : data),
  "catalogueItem.edit": (data) => ("details" in data ? { ...data, details: detailsInCents(data.details) } : data),
};

/**
 * A stored event's data as events carry it today: its fields under today's names, and its money
 * in integer cents (decisions 082 and 088: events stored before them carry dollars, turned into
 * the same cents exactly, from their decimal digits).
 */
export const upcastEventData = (type: string, data: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const renames = renamedFields[type];
  const renamed = renames === undefined ? data : Object.fromEntries(Object.entries(data).map(([field, value]) => [renames[field] ?? field, value]));
  return inCents[type]?.(renamed) ?? renamed;
};
