import { Schema } from "effect";
import { setup } from "xstate";
import { DepartureCity, DestinationType, GeneralService, Region } from "../../api/itineraries.ts";

/**
 * Everything a destination (itinerary) holds, as decided: checked, trimmed, lists without
 * duplicates in a fixed order (the options' order, catalogue ids ascending), the image as its
 * stored path. Create and update both carry all of it, so each event alone says what the
 * destination became and a rebuild needs nothing else.
 */
export const ItineraryFields = Schema.Struct({
  name: Schema.String,
  days: Schema.String,
  description: Schema.String,
  avalability: Schema.String,
  price: Schema.Finite,
  /** Null unless the offer applies. */
  ofertPrice: Schema.NullOr(Schema.Finite),
  isOfert: Schema.Boolean,
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
});
export type ItineraryFields = typeof ItineraryFields.Type;

export const ItineraryCreate = Schema.Struct({ type: Schema.Literal("itinerary.create"), ...ItineraryFields.fields });
export const ItineraryUpdate = Schema.Struct({ type: Schema.Literal("itinerary.update"), ...ItineraryFields.fields });
export const ItineraryDelete = Schema.Struct({ type: Schema.Literal("itinerary.delete") });

export const ItineraryEvent = Schema.Union([ItineraryCreate, ItineraryUpdate, ItineraryDelete]);
export type ItineraryEvent = typeof ItineraryEvent.Type;

export const itineraryMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as ItineraryEvent,
  },
}).createMachine({
  id: "itinerary",
  description: "A national or international destination offered by the agency, from creation to deletion.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such destination yet.",
      on: {
        "itinerary.create": {
          target: "published",
          description: "Added with its photo; listed among the national or the international destinations.",
        },
      },
    },
    published: {
      description: "Listed and editable; its catalogue items cannot be deleted while it includes them.",
      on: {
        "itinerary.update": {
          target: "published",
          description: "Its details, lists, prices or photo change; the type may move it to the other list.",
        },
        "itinerary.delete": {
          target: "deleted",
          description: "Removed from the lists; its catalogue items are free to be deleted.",
        },
      },
    },
    deleted: {
      type: "final",
      description: "Gone from the lists; the row and its history stay.",
    },
  },
});

const sampleFields: ItineraryFields = {
  name: "Quilotoa y Baños",
  days: "3 días / 2 noches",
  description: "Laguna del Quilotoa y cascadas de Baños.",
  avalability: "Todo el año",
  price: 320,
  ofertPrice: 289.5,
  isOfert: true,
  destinationType: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados", "Alojamiento"],
  departureFrom: ["Quito"],
  feeding: [1],
  activities: [],
  courtesy: [2],
  image: `uploads/tiptops/${"a".repeat(64)}.png`,
};

/** One event per transition, for the path-test generator. */
export const itineraryMachineSampleEvents: ReadonlyArray<ItineraryEvent> = [
  { type: "itinerary.create", ...sampleFields },
  { type: "itinerary.update", ...sampleFields, isOfert: false, ofertPrice: null },
  { type: "itinerary.delete" },
];
