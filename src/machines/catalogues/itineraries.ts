import { Schema } from "effect";
import { plainAmount } from "../../api/amounts.ts";
import { ItineraryId } from "../../api/ids.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import type { ApiClient } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";
import { messages } from "../../api/messages.ts";
import {
  createItinerary,
  type DestinationType,
  deleteItinerary,
  getItinerary,
  type Itinerary,
  type ItineraryForm,
  itineraryProblems,
  listDestinations,
  updateItinerary,
} from "../../api/itineraries.ts";
import { activities } from "../../records/activities.ts";
import { courtesies } from "../../records/courtesies.ts";
import { feeding } from "../../records/feeding.ts";
import { createRecordFormMachine, type FormImage, type FormSource, newFiles, type SaveTarget } from "../shared/recordForm.machine.ts";
import { createRecordListMachine, type ListSource } from "../shared/recordRows.ts";

/** A detail route's id as the record's id (the route admits only ids in range). */
const itineraryId = Schema.decodeSync(ItineraryId);

/**
 * The itinerary form as the user filled it in: text as typed, the offer switch, and the chosen
 * options (fixed options by value, catalogue items by id).
 */
export interface ItineraryDraft {
  readonly name: string;
  readonly days: string;
  readonly description: string;
  readonly availability: string;
  readonly price: string;
  readonly isOffer: boolean;
  readonly offerPrice: string;
  /** Empty when no region is chosen, and always on the international form, which has none. */
  readonly region: string;
  readonly servicesIncluded: ReadonlyArray<string>;
  readonly departureFrom: ReadonlyArray<string>;
  readonly feeding: ReadonlyArray<number>;
  readonly activities: ReadonlyArray<number>;
  readonly courtesy: ReadonlyArray<number>;
  readonly imageAlt: string;
  /** The English texts (decision 041). */
  readonly nameEn: string;
  readonly daysEn: string;
  readonly descriptionEn: string;
  readonly imageAltEn: string;
  /** The panel's language when the form was sent: the prices are read as it writes amounts. */
  readonly language: string;
}

/** Which destination a form saves: its type, and its id when it edits one. */
export interface ItineraryTarget {
  readonly type: DestinationType;
  readonly id: number | null;
}

/** The multipart text fields of SPEC.md section 7; the region only travels for national ones. */
export const itineraryUploadFields = (type: DestinationType, draft: ItineraryDraft): ItineraryForm => ({
  name: draft.name.trim(),
  days: draft.days.trim(),
  description: draft.description.trim(),
  availability: draft.availability.trim(),
  price: plainAmount(draft.price, draft.language),
  ...(draft.isOffer ? { offerPrice: plainAmount(draft.offerPrice, draft.language) } : {}),
  type,
  ...(type === "national" ? { region: draft.region } : {}),
  isOffer: String(draft.isOffer),
  servicesIncluded: [...draft.servicesIncluded],
  feeding: draft.feeding.map(String),
  activities: draft.activities.map(String),
  courtesy: draft.courtesy.map(String),
  departureFrom: [...draft.departureFrom],
  imageAlt: draft.imageAlt.trim(),
  nameEn: draft.nameEn.trim(),
  daysEn: draft.daysEn.trim(),
  descriptionEn: draft.descriptionEn.trim(),
  imageAltEn: draft.imageAltEn.trim(),
});

/**
 * The destination rules of SPEC.md section 5 as the contract states them (`itineraryProblems`,
 * the server's own), judged on what the form would send: an image is needed when a destination
 * is created, an edit without a chosen file keeps the current one.
 */
export const draftProblems = (target: ItineraryTarget, draft: ItineraryDraft, images: ReadonlyArray<FormImage>) =>
  itineraryProblems(itineraryUploadFields(target.type, draft), {
    isNew: target.id === null,
    hasImage: newFiles(images).length > 0,
  });

/** `?images=tiptops&&file=files` of SPEC.md section 7. */
const uploadQuery = { images: "tiptops", file: "files" } as const;

/**
 * Creates or updates a destination with a multipart upload. Without a chosen file no image part is
 * sent, so an edit keeps the current image.
 */
export const saveItinerary = (
  client: ApiClient,
  type: DestinationType,
  target: SaveTarget,
  upload: { readonly draft: ItineraryDraft; readonly file: Blob | null },
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> => {
  const request = {
    query: uploadQuery,
    fields: itineraryUploadFields(type, upload.draft),
    files: upload.file === null ? [] : [upload.file],
    onProgress,
    signal,
  };
  return target.id === null
    ? client.upload(createItinerary, request)
    : client.upload(updateItinerary, {
        ...request,
        fields: { ...request.fields, version: target.version },
        params: { id: itineraryId(target.id) },
      });
};

/**
 * Only active items are offered (SPEC.md section 3); an inactive one the destination already has
 * stays offered, checked, so saving the form does not drop it without the user seeing it.
 */
export const offeredItems = (
  items: ReadonlyArray<CatalogueItem>,
  chosen: ReadonlyArray<{ readonly id: number }>,
): ReadonlyArray<CatalogueItem> => items.filter((item) => item.active || chosen.some((pick) => pick.id === item.id));

/** What the destination form offers: the feeding, activities and courtesies to choose from. */
export interface DestinationOptions {
  readonly feeding: ReadonlyArray<CatalogueItem>;
  readonly activities: ReadonlyArray<CatalogueItem>;
  readonly courtesy: ReadonlyArray<CatalogueItem>;
}

/**
 * The national or the international destinations as a list: rows and delete with confirmation,
 * sorted by name, departure or price and searched in their texts. A destination has no active
 * flag, so it offers no active filter and no bulk (de)activation.
 */
export const destinationListSource = (type: DestinationType): ListSource<Itinerary> => ({
  list: (client) => client.call(listDestinations, { params: { type } }),
  remove: (client, id) => client.call(deleteItinerary, { params: { id } }),
  view: {
    sortKeys: {
      name: (destination) => destination.name,
      departure: (destination) => destination.departureFrom.join(", "),
      price: (destination) => destination.price,
    },
    searchText: (destination) =>
      [
        destination.name,
        destination.days,
        destination.description,
        ...destination.departureFrom,
        ...[...destination.feeding, ...destination.activities, ...destination.courtesy].map((item) => item.name),
      ].join("\n"),
    title: (destination) => destination.name,
  },
});

/**
 * /panel/{type}/destinations_new and /panel/{type}/destinations/{id}: the catalogue items to
 * offer, the destination's rules, and one image (a new choice replaces the previous one; the
 * current image is not resent, the server keeps it) uploaded with progress.
 */
export const destinationFormSource = (type: DestinationType): FormSource<Itinerary, DestinationOptions, ItineraryDraft> => ({
  load: async (client, id) => {
    const [feedingItems, activityItems, courtesyItems, item] = await Promise.all([
      client.call(feeding.api.list),
      client.call(activities.api.list),
      client.call(courtesies.api.list),
      id === null ? null : client.call(getItinerary, { params: { id: itineraryId(id) } }),
    ]);
    // A destination opened under the other type's path is not there: saving it would change its type.
    if (item !== null && item.type !== type) throw new ApiError(404, messages.notFound);
    return {
      item,
      options: {
        feeding: offeredItems(feedingItems, item?.feeding ?? []),
        activities: offeredItems(activityItems, item?.activities ?? []),
        courtesy: offeredItems(courtesyItems, item?.courtesy ?? []),
      },
    };
  },
  problems: (draft, { id, images }) => draftProblems({ type, id }, draft, images),
  save: (client, { draft, images, report, signal, ...target }) =>
    saveItinerary(client, type, target, { draft, file: newFiles(images)[0] ?? null }, report, signal),
  images: { max: createItinerary.upload?.maxFiles ?? 1, kept: () => [] },
});

export const destinationListMachine = createRecordListMachine<Itinerary>(
  "destinationList",
  "The national or international destinations' list on the one list engine: read whole and paged in the panel, deleted per row after a dialog or when ticked, exported.",
);

export const destinationFormMachine = createRecordFormMachine<Itinerary, DestinationOptions, ItineraryDraft>();
