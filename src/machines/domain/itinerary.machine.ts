import { Schema } from "effect";
import { setup } from "xstate";
import { DepartureCity, DestinationType, GeneralService, ItineraryTexts, Region } from "../../api/itineraries.ts";
import { messages } from "../../api/messages.ts";
import { addedText, domainContext, domainSetup, factGuards, type FieldFacts, fieldGuardsOf, final, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * Everything a destination (itinerary) holds, as decided: checked, trimmed, lists without
 * duplicates in a fixed order (the options' order, catalogue ids ascending), the image as its
 * stored path. Create and update both carry all of it, so each event alone says what the
 * destination became and a rebuild needs nothing else.
 */
export const ItineraryFields = Schema.Struct({
  ...ItineraryTexts.fields,
  /** The destination's `type` (national or international), renamed: an event's `type` is its own. */
  destinationType: DestinationType,
  /** Null for international destinations. */
  region: Schema.NullOr(Region),
  servicesIncluded: Schema.Array(GeneralService),
  departureFrom: Schema.Array(DepartureCity),
  feeding: Schema.Array(Schema.Int),
  activities: Schema.Array(Schema.Int),
  courtesy: Schema.Array(Schema.Int),
  /** uploads/<folder>/<sha256>.<ext> */
  image: Schema.String,
  imageAlt: addedText,
  /** The English texts (decision 041): blank where not written. */
  nameEn: addedText,
  daysEn: addedText,
  descriptionEn: addedText,
  imageAltEn: addedText,
});
export type ItineraryFields = typeof ItineraryFields.Type;

export const ItineraryCreate = Schema.Struct({ type: Schema.Literal("itinerary.create"), ...ItineraryFields.fields });
export const ItineraryUpdate = Schema.Struct({ type: Schema.Literal("itinerary.update"), ...ItineraryFields.fields });
export const ItineraryDelete = Schema.Struct({ type: Schema.Literal("itinerary.delete") });

export const ItineraryEvent = Schema.Union([ItineraryCreate, ItineraryUpdate, ItineraryDelete]);
export type ItineraryEvent = typeof ItineraryEvent.Type;

/**
 * What the server loads before it decides a create or an update: the form's field problem (from
 * `itineraryProblems`), whether the offer is dearer than the price, and whether a chosen catalogue
 * item is unknown, deleted, or inactive without the destination already including it.
 */
export interface ItineraryFacts extends FieldFacts {
  readonly isOfferAbovePrice: boolean;
  readonly hasUnavailableItem: boolean;
}

/** The refusals of a create or an update, in the order the form reports them. */
const refusals = [
  refuseIncomplete("Refused: a required field is blank: name, availability, price, the offer price of an offer, the region of a national destination, a service, a departure city, the image of a new one ('required_information')."),
  refusal("isOfferAbovePrice", 400, messages.invalidInput, "Refused: the offer price is above the price, a typing mistake rather than an offer ('invalid information')."),
  refuseMalformed("Refused: a price is not an amount, or a text is over its limit ('invalid information')."),
  refusal("hasUnavailableItem", 400, messages.invalidInput, "Refused: a feeding, activity or courtesy item is unknown, deleted, or inactive and not already included ('invalid information')."),
] as const;

export const itineraryMachine = setup({
  ...domainSetup<ItineraryEvent, ItineraryFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    ...factGuards<ItineraryFacts>()("isOfferAbovePrice", "hasUnavailableItem"),
  },
}).createMachine({
  id: "itinerary",
  description: "A national or international destination offered by the agency, from creation to deletion.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such destination yet.",
      on: {
        "itinerary.create": [
          ...refusals,
          {
            target: "published",
            description: "Added with its photo; listed among the national or the international destinations.",
          },
        ],
      },
    },
    published: {
      description: "Listed and editable; its catalogue items cannot be deleted while it includes them.",
      on: {
        "itinerary.update": [
          ...refusals,
          {
            target: "published",
            description: "Its details, lists, prices or photo change; the type may move it to the other list.",
          },
        ],
        "itinerary.delete": {
          target: "deleted",
          description: "Removed from the lists; its catalogue items are free to be deleted.",
        },
      },
    },
    deleted: final("Gone from the lists; the row and its history stay."),
  },
});
