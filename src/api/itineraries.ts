import { Schema } from "effect";
import { anyStaff, endpoint, recordEndpoints } from "./endpoint.ts";
import { CatalogueItemId, ItineraryId } from "./ids.ts";
import { RecordVersion, withVersionText } from "./versions.ts";
import { englishFields, optionalTextSchemas, imageAltFields } from "./english.ts";
import {
  type FieldProblem,
  type FieldProblems,
  NAME_MAX_LENGTH,
  type TextField,
  textField,
  textProblem,
  textProblems,
  textSchema,
} from "./fields.ts";

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
export const IncludedItem = Schema.Struct({ id: CatalogueItemId, name: Schema.String });

/**
 * The destination's keys SPEC.md section 3 misspells, as the wire spells them: the contract keeps
 * them there and the code reads the right words (decision 074).
 */
const itineraryWireKeys = { availability: "avalability", offerPrice: "ofertPrice", isOffer: "isOfert" } as const;

/** The offer as the wire spells it (SPEC.md section 3), for a destination as another record shows it. */
export const offerWireKeys = { offerPrice: itineraryWireKeys.offerPrice, isOffer: itineraryWireKeys.isOffer } as const;

/** A destination's Spanish texts, its price and its offer: as the API answers them and as its events store them. */
export const ItineraryTexts = Schema.Struct({
  name: Schema.String,
  days: Schema.String,
  description: Schema.String,
  availability: Schema.String,
  price: Schema.Finite,
  /** Null unless the offer applies. */
  offerPrice: Schema.NullOr(Schema.Finite),
  isOffer: Schema.Boolean,
});

/**
 * A destination (itinerary) in the code's words. `region` is present for national destinations
 * only; `image` is the stored path (`uploads/tiptops/<sha256>.<ext>`) to show under the API base,
 * `imageAlt` its alternative text. The `En` texts are the English ones, blank when not written
 * (decision 041).
 */
export const ItineraryContent = Schema.Struct({
  id: ItineraryId,
  ...ItineraryTexts.fields,
  type: DestinationType,
  region: Schema.optionalKey(Region),
  servicesIncluded: Schema.Array(GeneralService),
  feeding: Schema.Array(IncludedItem),
  activities: Schema.Array(IncludedItem),
  courtesy: Schema.Array(IncludedItem),
  departureFrom: Schema.Array(DepartureCity),
  image: Schema.String,
  imageAlt: Schema.String,
  nameEn: Schema.String,
  daysEn: Schema.String,
  descriptionEn: Schema.String,
  imageAltEn: Schema.String,
  version: RecordVersion,
});

/** A destination as the API answers it, its keys spelled as SPEC.md section 3 spells them. */
export const Itinerary = ItineraryContent.pipe(Schema.encodeKeys(itineraryWireKeys));
export type Itinerary = typeof Itinerary.Type;

/** Longest amount as typed: nine digits, a point and two decimals (numeric(12, 2) in US dollars). */
export const MONEY_MAX_LENGTH = 12;

/** An amount in US dollars with at most two decimals, as a form sends it (no sign, no exponent). */
const amountPattern = /^\d{1,9}(?:\.\d{1,2})?$/;

/** Whether a text is an amount the form accepts. */
export const isAmount = (text: string): boolean => amountPattern.test(text.trim());

/** The amount a text holds, NaN when it holds none (a NaN never equals a stored amount). */
export const amountOf = (text: string | undefined): number =>
  text !== undefined && isAmount(text) ? Number(text.trim()) : Number.NaN;

/** A price input: text no longer than MONEY_MAX_LENGTH that must hold an amount when filled. */
const moneyField = (options: { readonly required?: boolean } = {}): TextField => textField(MONEY_MAX_LENGTH, options);

/**
 * The destination form's typed fields (SPEC.md section 5), declared once: the contract's schema
 * carries their limits, the panel's inputs read `maxLength` from here and `itineraryProblems`
 * judges them for the panel and the server alike. The offer price is required only while the
 * offer applies.
 */
const itinerarySpanishFields = {
  name: textField(NAME_MAX_LENGTH, { required: true }),
  days: textField(60),
  description: textField(4_000),
  availability: textField(200, { required: true }),
  price: moneyField({ required: true }),
  offerPrice: moneyField(),
} as const;

/** The texts the landing page shows in English, and the photo's alternative texts: all optional. */
const itineraryPublicFields = {
  ...englishFields(itinerarySpanishFields, ["name", "days", "description"]),
  ...imageAltFields,
} as const;

export const itineraryFormFields = { ...itinerarySpanishFields, ...itineraryPublicFields } as const;

/**
 * A text that names one of `options` (surrounding blanks ignored); with `blank`, an empty one too.
 * Typed as text, as a form sends it; anything else does not decode ('invalid information'), a
 * blank one where it is not allowed is missing ('required_information').
 */
const optionText = (options: ReadonlyArray<string>, { blank }: { readonly blank: boolean }) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => (blank && value.trim() === "") || options.includes(value.trim()), {
      description: `one of ${options.join(", ")}`,
    }),
  );

/** A catalogue item's id as a form sends it. */
const ItemIdText = Schema.String.check(Schema.isPattern(/^\s*\d{1,9}\s*$/));

/**
 * The text fields of the itinerary multipart form, as sent: numbers and flags travel as text and
 * lists as `servicesIncluded[0]`, `servicesIncluded[1]` ... (an empty `feeding` field for none).
 * What cannot be read at all (a text over its limit, a type, region, service, city or flag not
 * among the options, an id that is not a number) does not decode; the rest is judged by
 * `itineraryProblems`. A region sent for an international destination, and an offer price sent
 * without the offer, are ignored: the form keeps those inputs when the type or the checkbox changes.
 */
const itineraryFormSchema = Schema.Struct({
  name: textSchema(itineraryFormFields.name),
  days: Schema.optionalKey(textSchema(itineraryFormFields.days)),
  description: Schema.optionalKey(textSchema(itineraryFormFields.description)),
  availability: textSchema(itineraryFormFields.availability),
  price: textSchema(itineraryFormFields.price),
  offerPrice: Schema.optionalKey(textSchema(itineraryFormFields.offerPrice)),
  ...optionalTextSchemas(itineraryPublicFields),
  type: optionText(destinationTypes, { blank: false }),
  region: Schema.optionalKey(optionText(regions, { blank: true })),
  isOffer: Schema.optionalKey(optionText(["true", "false"], { blank: true })),
  servicesIncluded: Schema.optionalKey(Schema.Array(optionText(generalServices, { blank: false }))),
  feeding: Schema.optionalKey(Schema.Array(ItemIdText)),
  activities: Schema.optionalKey(Schema.Array(ItemIdText)),
  courtesy: Schema.optionalKey(Schema.Array(ItemIdText)),
  departureFrom: Schema.optionalKey(Schema.Array(optionText(departureCities, { blank: false }))),
});

/** The itinerary form as sent, its keys spelled as SPEC.md section 7 spells them. */
export const ItineraryForm = itineraryFormSchema.pipe(Schema.encodeKeys(itineraryWireKeys));
export type ItineraryForm = typeof ItineraryForm.Type;

/** Every input the destination form reports a problem on. */
export type ItineraryFormField = keyof typeof itineraryFormFields | "region" | "servicesIncluded" | "departureFrom" | "image";

/** What the form says about the picture: whether it creates a destination, and whether it sends one. */
export interface ItineraryImage {
  readonly isNew: boolean;
  readonly hasImage: boolean;
}

const isFilled = (value: string | undefined): boolean => value !== undefined && value.trim() !== "";

/** Whether 'Aplicar oferta' is on. */
export const offerApplies = (form: Pick<ItineraryForm, "isOffer">): boolean => form.isOffer?.trim() === "true";

/** The destination's type as the form names it, or null (the contract refuses any other). */
export const destinationTypeOf = (form: Pick<ItineraryForm, "type">): DestinationType | null =>
  destinationTypes.find((type) => type === form.type.trim()) ?? null;

/** An offer dearer than the price is a typing mistake, not an offer (checked once both are amounts). */
export const isOfferAbovePrice = (form: ItineraryForm): boolean =>
  offerApplies(form) && amountOf(form.offerPrice) > amountOf(form.price);

const moneyProblem = (field: TextField, value: string | undefined): FieldProblem | null =>
  textProblem(field, value) ?? (isFilled(value) && !isAmount(value ?? "") ? "invalid" : null);

/**
 * The destination rules of SPEC.md section 5, for the panel before it sends and for the server's
 * facts: name, availability and price required; the offer price while the offer applies; a region
 * for a national destination; at least one service and one departure city; an image when a
 * destination is created (an edit keeps the current one) ('required_information'). Texts over
 * their limit, a price that is not an amount and an offer dearer than the price are 'invalid'
 * ('invalid information'). The panel passes the fields it sends (its decimal comma already a point).
 */
export const itineraryProblems = (form: ItineraryForm, image: ItineraryImage): FieldProblems<ItineraryFormField> => {
  const { name, days, description, availability } = itineraryFormFields;
  const problems: Partial<Record<ItineraryFormField, FieldProblem>> = textProblems(
    { name, days, description, availability, ...itineraryPublicFields },
    form,
  );
  const price = moneyProblem(itineraryFormFields.price, form.price);
  if (price !== null) problems.price = price;
  if (offerApplies(form)) {
    const offerPrice =
      moneyProblem({ ...itineraryFormFields.offerPrice, required: true }, form.offerPrice) ??
      (isOfferAbovePrice(form) ? "invalid" : null);
    if (offerPrice !== null) problems.offerPrice = offerPrice;
  }
  if (destinationTypeOf(form) === "national" && !isFilled(form.region)) problems.region = "required";
  if (!(form.servicesIncluded ?? []).some(isFilled)) problems.servicesIncluded = "required";
  if (!(form.departureFrom ?? []).some(isFilled)) problems.departureFrom = "required";
  if (image.isNew && !image.hasImage) problems.image = "required";
  return problems;
};

/** `?images=tiptops&&file=files`: the upload folder is fixed, never a path the caller chooses. */
export const ItineraryUploadQuery = Schema.Struct({
  images: Schema.Literal("tiptops"),
  file: Schema.optionalKey(Schema.Literal("files")),
});

const itineraries = recordEndpoints({ resource: "itineraries", singular: "Itinerary", id: ItineraryId, readers: anyStaff, writers: anyStaff });

export const listItineraries = itineraries.list({
  response: Schema.Array(Itinerary),
  description: "Every destination, national and international, by name.",
});

export const listDestinations = endpoint({
  name: "itineraries.byType",
  method: "GET",
  path: "/itineraries/destinations/:type",
  params: Schema.Struct({ type: DestinationType }),
  response: Schema.Array(Itinerary),
  access: anyStaff,
  description: "The national or the international destinations, by name.",
});

export const getItinerary = itineraries.get({ response: Itinerary, description: "One destination." });

export const createItinerary = itineraries.create({
  query: ItineraryUploadQuery,
  body: ItineraryForm,
  upload: { field: "image", maxFiles: 1 },
  description: "Adds a destination with its photo (multipart; the image is required).",
});

export const updateItinerary = itineraries.update({
  query: ItineraryUploadQuery,
  body: withVersionText(itineraryFormSchema).pipe(Schema.encodeKeys(itineraryWireKeys)),
  upload: { field: "image", maxFiles: 1 },
  description: "Changes a destination (multipart); without a new image the current one stays.",
});

export const deleteItinerary = itineraries.remove({ description: "Deletes a destination." });
