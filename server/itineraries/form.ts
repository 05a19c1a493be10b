import {
  amountOf,
  departureCities,
  destinationTypeOf,
  generalServices,
  type ItineraryForm,
  offerApplies,
  regions,
} from "../../src/api/itineraries.ts";
import type { ItineraryFields } from "../../src/machines/domain/itinerary.machine.ts";

/** A destination as its form says, before its image is known. */
export type ItineraryDraft = Omit<ItineraryFields, "image">;

const isOneOf = <T extends string>(options: ReadonlyArray<T>, value: string): value is T =>
  options.some((option) => option === value);

/** The chosen options, each once, in the options' own order. */
const choices = <T extends string>(options: ReadonlyArray<T>, values: ReadonlyArray<string> | undefined): T[] => {
  const chosen = new Set((values ?? []).map((value) => value.trim()));
  return options.filter((option) => chosen.has(option));
};

/** Catalogue item ids, each once, ascending. */
const ids = (values: ReadonlyArray<string> | undefined): number[] =>
  [...new Set((values ?? []).map((value) => Number(value.trim())))].sort((a, b) => a - b);

/**
 * What a decoded destination form says, as the destination's event holds it: texts trimmed, lists
 * without duplicates in a fixed order, the offer price only while the offer applies and the region
 * only for a national destination (the form keeps those inputs when the type or the checkbox
 * changes). Nothing is judged here: the machine refuses with the facts the command loads, and a
 * price that is no amount reads as NaN, which no stored destination equals.
 */
export const itineraryDraft = (form: ItineraryForm): ItineraryDraft => {
  const destinationType = destinationTypeOf(form) ?? "international";
  const offer = offerApplies(form);
  const region = form.region?.trim() ?? "";
  return {
    name: form.name.trim(),
    days: form.days?.trim() ?? "",
    description: form.description?.trim() ?? "",
    availability: form.availability.trim(),
    price: amountOf(form.price),
    offerPrice: offer ? amountOf(form.offerPrice) : null,
    isOffer: offer,
    destinationType,
    region: destinationType === "national" && isOneOf(regions, region) ? region : null,
    servicesIncluded: choices(generalServices, form.servicesIncluded),
    departureFrom: choices(departureCities, form.departureFrom),
    feeding: ids(form.feeding),
    activities: ids(form.activities),
    courtesy: ids(form.courtesy),
    imageAlt: form.imageAlt?.trim() ?? "",
    nameEn: form.nameEn?.trim() ?? "",
    daysEn: form.daysEn?.trim() ?? "",
    descriptionEn: form.descriptionEn?.trim() ?? "",
    imageAltEn: form.imageAltEn?.trim() ?? "",
  };
};

/** The form of a destination given by its values (the demo and tests write destinations so). */
export const itineraryFormOf = (draft: ItineraryDraft): ItineraryForm => ({
  name: draft.name,
  days: draft.days,
  description: draft.description,
  availability: draft.availability,
  price: String(draft.price),
  ...(draft.offerPrice === null ? {} : { offerPrice: String(draft.offerPrice) }),
  isOffer: String(draft.isOffer),
  type: draft.destinationType,
  ...(draft.region === null ? {} : { region: draft.region }),
  servicesIncluded: [...draft.servicesIncluded],
  departureFrom: [...draft.departureFrom],
  feeding: draft.feeding.map(String),
  activities: draft.activities.map(String),
  courtesy: draft.courtesy.map(String),
  imageAlt: draft.imageAlt,
  nameEn: draft.nameEn,
  daysEn: draft.daysEn,
  descriptionEn: draft.descriptionEn,
  imageAltEn: draft.imageAltEn,
});
