import type { ApiClient } from "../api/client.ts";
import {
  createItinerary,
  type DestinationType,
  deleteItinerary,
  getItinerary,
  type Itinerary,
  type ItineraryForm,
  listDestinations,
  updateItinerary,
} from "../api/itineraries.ts";
import { type CatalogueContract, createCatalogueMachine, type FieldProblems } from "./catalogue.machine.ts";
import type { FieldProblem } from "./fields.ts";

/**
 * The itinerary form as the user filled it in: text as typed, the offer switch, and the chosen
 * options (fixed options by value, catalogue items by id).
 */
export interface ItineraryDraft {
  readonly name: string;
  readonly days: string;
  readonly description: string;
  readonly avalability: string;
  readonly price: string;
  readonly isOfert: boolean;
  readonly ofertPrice: string;
  /** Empty when no region is chosen, and always on the international form, which has none. */
  readonly region: string;
  readonly servicesIncluded: ReadonlyArray<string>;
  readonly departureFrom: ReadonlyArray<string>;
  readonly feeding: ReadonlyArray<number>;
  readonly activities: ReadonlyArray<number>;
  readonly courtesy: ReadonlyArray<number>;
}

/** Which destination a form saves: its type, and its id when it edits one. */
export interface ItineraryTarget {
  readonly type: DestinationType;
  readonly id: number | null;
}

/** A save: what the form holds and the image chosen for it, if any. */
export interface ItineraryUpload {
  readonly draft: ItineraryDraft;
  readonly file: Blob | null;
}

/** Phones with a Spanish keyboard type a decimal comma; the server reads a point. */
const amountText = (text: string): string => text.trim().replace(",", ".");

const isAmount = (text: string): boolean => {
  const normalized = amountText(text);
  return normalized !== "" && Number.isFinite(Number(normalized)) && Number(normalized) >= 0;
};

/**
 * The itinerary rules of SPEC.md section 5, as the server checks them: name, availability and
 * price required, prices non-negative numbers, the offer price when 'Aplicar oferta' is on, at
 * least one service and one departure city, a region for a national destination, and an image when
 * a destination is created (an edit keeps the current one). The spec has one message for all of
 * them, 'required_information', so a malformed price is reported as that too.
 */
export const itineraryProblems = (target: ItineraryTarget, upload: ItineraryUpload): FieldProblems => {
  const { draft } = upload;
  const problems: Record<string, FieldProblem> = {};
  if (draft.name.trim() === "") problems.name = "required";
  if (draft.avalability.trim() === "") problems.avalability = "required";
  if (!isAmount(draft.price)) problems.price = "required";
  if (draft.isOfert && !isAmount(draft.ofertPrice)) problems.ofertPrice = "required";
  if (target.type === "national" && draft.region === "") problems.region = "required";
  if (draft.servicesIncluded.length === 0) problems.servicesIncluded = "required";
  if (draft.departureFrom.length === 0) problems.departureFrom = "required";
  if (target.id === null && upload.file === null) problems.image = "required";
  return problems;
};

/** The multipart text fields of SPEC.md section 7; the region only travels for national ones. */
export const itineraryFields = (type: DestinationType, draft: ItineraryDraft): ItineraryForm => ({
  name: draft.name.trim(),
  days: draft.days.trim(),
  description: draft.description.trim(),
  avalability: draft.avalability.trim(),
  price: amountText(draft.price),
  ...(draft.isOfert ? { ofertPrice: amountText(draft.ofertPrice) } : {}),
  type,
  ...(type === "national" ? { region: draft.region } : {}),
  isOfert: String(draft.isOfert),
  servicesIncluded: [...draft.servicesIncluded],
  feeding: draft.feeding.map(String),
  activities: draft.activities.map(String),
  courtesy: draft.courtesy.map(String),
  departureFrom: [...draft.departureFrom],
});

/** `?images=tiptops&&file=files` of SPEC.md section 7. */
const uploadQuery = { images: "tiptops", file: "files" } as const;

/**
 * Creates or updates a destination with a multipart upload. Without a chosen file no image part is
 * sent, so an edit keeps the current image.
 */
export const saveItinerary = (
  client: ApiClient,
  target: ItineraryTarget,
  upload: ItineraryUpload,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> => {
  const request = {
    query: uploadQuery,
    fields: itineraryFields(target.type, upload.draft),
    files: upload.file === null ? [] : [upload.file],
    onProgress,
    signal,
  };
  return target.id === null
    ? client.upload(createItinerary, request)
    : client.upload(updateItinerary, { ...request, params: { id: target.id } });
};

/**
 * The national or the international destinations as a catalogue: the list screen runs the shared
 * catalogue machine with it (list, delete with confirmation, reload). Its form half saves without
 * progress; the destination screens use the itinerary-form machine, which reports it.
 */
export const destinationContract = (type: DestinationType): CatalogueContract<Itinerary, ItineraryUpload> => ({
  list: (client) => client.call(listDestinations, { params: { type } }),
  get: (client, id) => client.call(getItinerary, { params: { id } }),
  create: (client, upload) => saveItinerary(client, { type, id: null }, upload),
  update: (client, id, upload) => saveItinerary(client, { type, id }, upload),
  remove: (client, id) => client.call(deleteItinerary, { params: { id } }),
  resetPassword: null,
  // the catalogue machine checks a payload without knowing whether it creates or edits, so it
  // asks for the image as a create does
  problems: (upload) => itineraryProblems({ type, id: null }, upload),
});

/** The destinations list: the catalogue flow typed for itineraries. */
export const destinationCatalogueMachine = createCatalogueMachine<Itinerary, ItineraryUpload>();
