import { Schema } from "effect";
import { endpoint, everyRole, IdParams, MessageAnswer } from "./endpoint.ts";

/** Fixed options of the itinerary form (SPEC.md section 3). */
export const regions = ["Costa", "Sierra", "Oriente"] as const;
export const generalServices = ["Boletos aéreos", "Traslados", "Alojamiento"] as const;
export const departureCities = ["Quito", "Guayaquil", "Manta"] as const;
export const destinationTypes = ["national", "international"] as const;

export const Region = Schema.Literals(regions);
export const GeneralService = Schema.Literals(generalServices);
export const DepartureCity = Schema.Literals(departureCities);
export const DestinationType = Schema.Literals(destinationTypes);
export type DestinationType = typeof DestinationType.Type;

/** A catalogue item as an itinerary lists it. */
export const IncludedItem = Schema.Struct({ id: Schema.Int, name: Schema.String });

/**
 * A destination (itinerary) as the API answers it, spelled as SPEC.md section 3 spells it
 * (`avalability`, `ofertPrice`). `region` is present for national destinations only; `image` is
 * the stored path (`uploads/tiptops/<sha256>.<ext>`) to show under the API base.
 */
export const Itinerary = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  days: Schema.String,
  description: Schema.String,
  avalability: Schema.String,
  price: Schema.Finite,
  ofertPrice: Schema.NullOr(Schema.Finite),
  isOfert: Schema.Boolean,
  type: DestinationType,
  region: Schema.optionalKey(Region),
  servicesIncluded: Schema.Array(GeneralService),
  feeding: Schema.Array(IncludedItem),
  activities: Schema.Array(IncludedItem),
  courtesy: Schema.Array(IncludedItem),
  departureFrom: Schema.Array(DepartureCity),
  image: Schema.String,
});
export type Itinerary = typeof Itinerary.Type;

/**
 * The text fields of the itinerary multipart form, as sent: numbers and flags travel as text and
 * lists as `servicesIncluded[0]`, `servicesIncluded[1]` ... (an empty `feeding` field for none).
 * The server checks every rule with the spec's messages, so this schema only fixes the shape.
 */
export const ItineraryForm = Schema.Struct({
  name: Schema.String,
  days: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.String),
  avalability: Schema.String,
  price: Schema.String,
  ofertPrice: Schema.optionalKey(Schema.String),
  type: Schema.String,
  region: Schema.optionalKey(Schema.String),
  isOfert: Schema.optionalKey(Schema.String),
  servicesIncluded: Schema.optionalKey(Schema.Array(Schema.String)),
  feeding: Schema.optionalKey(Schema.Array(Schema.String)),
  activities: Schema.optionalKey(Schema.Array(Schema.String)),
  courtesy: Schema.optionalKey(Schema.Array(Schema.String)),
  departureFrom: Schema.optionalKey(Schema.Array(Schema.String)),
});
export type ItineraryForm = typeof ItineraryForm.Type;

/** `?images=tiptops&&file=files`: the upload folder is fixed, never a path the caller chooses. */
export const ItineraryUploadQuery = Schema.Struct({
  images: Schema.Literal("tiptops"),
  file: Schema.optionalKey(Schema.Literal("files")),
});

const everyone = { kind: "session", roles: everyRole } as const;

export const listItineraries = endpoint({
  name: "itineraries.list",
  method: "GET",
  path: "/itineraries",
  response: Schema.Array(Itinerary),
  access: everyone,
  description: "Every destination, national and international, by name.",
});

export const listDestinations = endpoint({
  name: "itineraries.byType",
  method: "GET",
  path: "/itineraries/destinations/:type",
  params: Schema.Struct({ type: DestinationType }),
  response: Schema.Array(Itinerary),
  access: everyone,
  description: "The national or the international destinations, by name.",
});

export const getItinerary = endpoint({
  name: "itineraries.get",
  method: "GET",
  path: "/itineraries/:id",
  params: IdParams,
  response: Itinerary,
  access: everyone,
  description: "One destination.",
});

export const createItinerary = endpoint({
  name: "itineraries.create",
  method: "POST",
  path: "/itineraries/createItinerary",
  query: ItineraryUploadQuery,
  body: ItineraryForm,
  response: MessageAnswer,
  access: everyone,
  upload: { field: "image", maxFiles: 1 },
  description: "Adds a destination with its photo (multipart; the image is required).",
});

export const updateItinerary = endpoint({
  name: "itineraries.update",
  method: "PUT",
  path: "/itineraries/updateItinerary/:id",
  params: IdParams,
  query: ItineraryUploadQuery,
  body: ItineraryForm,
  response: MessageAnswer,
  access: everyone,
  upload: { field: "image", maxFiles: 1 },
  description: "Changes a destination (multipart); without a new image the current one stays.",
});

export const deleteItinerary = endpoint({
  name: "itineraries.delete",
  method: "DELETE",
  path: "/itineraries/:id",
  params: IdParams,
  response: MessageAnswer,
  access: everyone,
  description: "Deletes a destination.",
});
