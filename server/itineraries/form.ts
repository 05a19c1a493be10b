import {
  type DestinationType,
  departureCities,
  destinationTypes,
  generalServices,
  type ItineraryForm,
  regions,
} from "../../src/api/itineraries.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import type { ItineraryFields } from "../../src/machines/domain/itinerary.machine.ts";
import { NAME_MAX_LENGTH, trimmedWithin } from "../routes/fields.ts";

/** Longest texts kept; longer is refused rather than cut. */
export const DAYS_MAX_LENGTH = 60;
export const AVALABILITY_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 4_000;

/** Amounts in US dollars with at most two decimals, below ten thousand million (numeric(12, 2)). */
const amountPattern = /^\d{1,9}(?:\.\d{1,2})?$/;
const idPattern = /^\d{1,9}$/;

/** A destination as checked from the form, before its catalogue items and image are looked at. */
export type ItineraryDraft = Omit<ItineraryFields, "image">;

const invalid = (): ApiError => new ApiError(400, messages.invalidInput);

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === "";

/** `true` or `false` as a form sends it; absent or empty is false. */
const flag = (value: string | undefined): boolean => {
  const text = value?.trim() ?? "";
  if (text === "true") return true;
  if (text === "false" || text === "") return false;
  throw invalid();
};

const amount = (value: string): number => {
  const text = value.trim();
  if (!amountPattern.test(text)) throw invalid();
  return Number(text);
};

/** The chosen options, each once, in the options' own order; anything else is refused. */
const choices = <T extends string>(options: ReadonlyArray<T>, values: ReadonlyArray<string>): T[] => {
  const chosen = new Set(values.map((value) => value.trim()));
  const known = options.filter((option) => chosen.has(option));
  if (known.length !== chosen.size) throw invalid();
  return known;
};

/** Catalogue item ids, each once, ascending. */
const ids = (values: ReadonlyArray<string> | undefined): number[] => {
  const unique = new Set<number>();
  for (const value of values ?? []) {
    const text = value.trim();
    if (!idPattern.test(text)) throw invalid();
    unique.add(Number(text));
  }
  return [...unique].sort((a, b) => a - b);
};

const isOneOf = <T extends string>(options: ReadonlyArray<T>, value: string): value is T =>
  options.some((option) => option === value);

const destinationType = (value: string): DestinationType => {
  const text = value.trim();
  if (!isOneOf(destinationTypes, text)) throw invalid();
  return text;
};

const nationalRegion = (value: string | undefined): (typeof regions)[number] => {
  const text = value?.trim() ?? "";
  if (!isOneOf(regions, text)) throw invalid();
  return text;
};

/**
 * Checks the destination form as SPEC.md section 5 says, in the order the panel reports problems:
 * every missing required field first ('required_information': name, avalability, price, type, at
 * least one service and one departure city, the region of a national destination, the offer price
 * of an offer, the image of a new destination), then anything malformed ('invalid information').
 * A region sent for an international destination, and an offer price sent without the offer, are
 * ignored (kept as null): the form keeps those inputs when the type or the checkbox changes.
 */
export const checkItineraryForm = (form: ItineraryForm, hasImage: boolean): ItineraryDraft => {
  const isNational = form.type.trim() === "national";
  const isOfert = flag(form.isOfert);
  const missing =
    blank(form.name) ||
    blank(form.avalability) ||
    blank(form.price) ||
    blank(form.type) ||
    (form.servicesIncluded ?? []).every(blank) ||
    (form.departureFrom ?? []).every(blank) ||
    (isNational && blank(form.region)) ||
    (isOfert && blank(form.ofertPrice)) ||
    !hasImage;
  if (missing) throw new ApiError(400, messages.requiredInformation);
  const type = destinationType(form.type);
  const region = type === "national" ? nationalRegion(form.region) : null;
  const price = amount(form.price);
  const ofertPrice = isOfert ? amount(form.ofertPrice ?? "") : null;
  // An offer dearer than the price is a typing mistake, not an offer.
  if (ofertPrice !== null && ofertPrice > price) throw invalid();
  return {
    name: trimmedWithin(form.name, NAME_MAX_LENGTH),
    days: trimmedWithin(form.days ?? "", DAYS_MAX_LENGTH),
    description: trimmedWithin(form.description ?? "", DESCRIPTION_MAX_LENGTH),
    avalability: trimmedWithin(form.avalability, AVALABILITY_MAX_LENGTH),
    price,
    ofertPrice,
    isOfert,
    destinationType: type,
    region,
    servicesIncluded: choices(generalServices, (form.servicesIncluded ?? []).filter((value) => !blank(value))),
    departureFrom: choices(departureCities, (form.departureFrom ?? []).filter((value) => !blank(value))),
    feeding: ids(form.feeding),
    activities: ids(form.activities),
    courtesy: ids(form.courtesy),
  };
};
