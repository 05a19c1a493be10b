import { assertEvent, assign, fromPromise, setup } from "xstate";
import { activities, type CatalogueItem, courtesys, feedings } from "../api/catalogues.ts";
import type { ApiClient } from "../api/client.ts";
import type { DestinationType, Itinerary } from "../api/itineraries.ts";
import { type FieldProblems, hasNoProblems } from "./catalogue.machine.ts";
import { errorMessage } from "./fields.ts";
import {
  destinationContract,
  type ItineraryDraft,
  type ItineraryTarget,
  type ItineraryUpload,
  itineraryProblems,
  saveItinerary,
} from "./itineraries.ts";

export interface ItineraryFormInput {
  readonly client: ApiClient;
  readonly type: DestinationType;
  /** The destination of /panel/{type}/destinations/{id}, or null for the _new route. */
  readonly id: number | null;
}

/** What the form needs before it opens: the catalogue items to offer and, when editing, the destination. */
export interface ItineraryFormData {
  readonly feeding: ReadonlyArray<CatalogueItem>;
  readonly activities: ReadonlyArray<CatalogueItem>;
  readonly courtesy: ReadonlyArray<CatalogueItem>;
  readonly itinerary: Itinerary | null;
}

export interface ItineraryFormContext extends ItineraryFormData {
  readonly client: ApiClient;
  readonly type: DestinationType;
  readonly id: number | null;
  /** The image chosen in the file input, sent with the next save. */
  readonly file: Blob | null;
  /** The chosen image's preview address (an object URL the view makes); null shows the current image. */
  readonly preview: string | null;
  /** How much of the save has been sent, 0 to 100. */
  readonly progress: number;
  readonly problems: FieldProblems;
  readonly message: string | null;
  readonly error: string | null;
}

export type ItineraryFormEvent =
  | { readonly type: "image.choose"; readonly file: Blob }
  | { readonly type: "image.clear" }
  | { readonly type: "itinerary.submit"; readonly draft: ItineraryDraft }
  | { readonly type: "upload.progress"; readonly percent: number };

/** What loading the form needs. */
export interface LoadFormInput {
  readonly client: ApiClient;
  readonly type: DestinationType;
  readonly id: number | null;
}

/** What one save needs; `report` tells the machine how much has been sent. */
export interface SaveItineraryInput {
  readonly client: ApiClient;
  readonly target: ItineraryTarget;
  readonly upload: ItineraryUpload;
  readonly report: (percent: number) => void;
}

/**
 * Only active items are offered (SPEC.md section 3); an inactive one the destination already has
 * stays offered, checked, so saving the form does not drop it without the user seeing it.
 */
export const offeredItems = (
  items: ReadonlyArray<CatalogueItem>,
  chosen: ReadonlyArray<{ readonly id: number }>,
): ReadonlyArray<CatalogueItem> => items.filter((item) => item.active || chosen.some((pick) => pick.id === item.id));

/**
 * /panel/{type}/destinations_new and /panel/{type}/destinations/{id}. The preview's object URL is
 * made and released by actions the view provides (the machine never touches the DOM); navigation
 * and the toast are provided actions too.
 */
export const itineraryFormMachine = setup({
  types: {
    input: {} as ItineraryFormInput,
    context: {} as ItineraryFormContext,
    events: {} as ItineraryFormEvent,
    tags: {} as "fetching" | "processing",
  },
  actions: {
    clearFeedback: assign({ message: null, error: null }),
    assignData: assign({
      feeding: (_, params: { data: ItineraryFormData }) => params.data.feeding,
      activities: (_, params: { data: ItineraryFormData }) => params.data.activities,
      courtesy: (_, params: { data: ItineraryFormData }) => params.data.courtesy,
      itinerary: (_, params: { data: ItineraryFormData }) => params.data.itinerary,
    }),
    assignFile: assign({ file: (_, params: { file: Blob }) => params.file }),
    forgetImage: assign({ file: null, preview: null }),
    /** The view makes an object URL of the file; without a DOM there is nothing to preview. */
    assignPreview: assign({ preview: (_, _params: { file: Blob }) => null }),
    /** The view releases the object URL it made. */
    revokePreview: (_, _params: { url: string | null }) => {},
    assignProblems: assign({
      problems: ({ context }, params: { draft: ItineraryDraft }) =>
        itineraryProblems(context, { draft: params.draft, file: context.file }),
    }),
    clearProblems: assign({ problems: {} }),
    resetProgress: assign({ progress: 0 }),
    assignProgress: assign({ progress: (_, params: { percent: number }) => Math.min(100, Math.max(0, params.percent)) }),
    assignMessage: assign({ message: (_, params: { message: string }) => params.message }),
    assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    notify: (_, _params: { message: string }) => {},
    goToList: () => {},
  },
  guards: {
    isComplete: ({ context }, params: { draft: ItineraryDraft }) =>
      hasNoProblems(itineraryProblems(context, { draft: params.draft, file: context.file })),
  },
  actors: {
    loadForm: fromPromise<ItineraryFormData, LoadFormInput>(
      async ({ input }) => {
        const [feeding, activityItems, courtesy, itinerary] = await Promise.all([
          input.client.call(feedings.list),
          input.client.call(activities.list),
          input.client.call(courtesys.list),
          input.id === null ? null : destinationContract(input.type).get(input.client, input.id),
        ]);
        return {
          feeding: offeredItems(feeding, itinerary?.feeding ?? []),
          activities: offeredItems(activityItems, itinerary?.activities ?? []),
          courtesy: offeredItems(courtesy, itinerary?.courtesy ?? []),
          itinerary,
        };
      },
    ),
    saveItinerary: fromPromise<string, SaveItineraryInput>(({ input, signal }) => saveItinerary(input.client, input.target, input.upload, input.report, signal)),
  },
}).createMachine({
  id: "itineraryForm",
  description:
    "Creates or edits a national or international destination: fields, catalogue items, an image with preview, and an upload with progress.",
  context: ({ input }) => ({
    client: input.client,
    type: input.type,
    id: input.id,
    feeding: [],
    activities: [],
    courtesy: [],
    itinerary: null,
    file: null,
    preview: null,
    progress: 0,
    problems: {},
    message: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the feeding, activities and courtesies to offer and, when editing, the destination.",
      entry: "clearFeedback",
      invoke: {
        id: "loadForm",
        src: "loadForm",
        input: ({ context }) => ({ client: context.client, type: context.type, id: context.id }),
        onDone: {
          target: "editing",
          actions: { type: "assignData", params: ({ event }) => ({ data: event.output }) },
          description: "The items (and the destination) arrived: the form opens.",
        },
        onError: {
          target: "unavailable",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The items or the destination could not be loaded: the message shows.",
        },
      },
    },
    unavailable: {
      type: "final",
      description: "The form cannot open; the banner and the way back show.",
    },
    editing: {
      description: "The form is open.",
      on: {
        "image.choose": {
          actions: [
            { type: "revokePreview", params: ({ context }) => ({ url: context.preview }) },
            { type: "assignFile", params: ({ event }) => ({ file: event.file }) },
            { type: "assignPreview", params: ({ event }) => ({ file: event.file }) },
          ],
          description: "A file was chosen: it will be sent, and its preview replaces the shown image.",
        },
        "image.clear": {
          actions: [{ type: "revokePreview", params: ({ context }) => ({ url: context.preview }) }, "forgetImage"],
          description: "The choice was undone: the current image (if any) shows again and none is sent.",
        },
        "itinerary.submit": [
          {
            guard: { type: "isComplete", params: ({ event }) => ({ draft: event.draft }) },
            target: "uploading",
            actions: "clearProblems",
            description: "Every rule holds: the destination and its image are uploaded.",
          },
          {
            actions: { type: "assignProblems", params: ({ event }) => ({ draft: event.draft }) },
            description: "A rule fails: 'Información requerida' shows by each field and nothing is sent.",
          },
        ],
      },
    },
    uploading: {
      tags: "processing",
      description: "Sending the form and the image; the progress bar shows how much has gone.",
      entry: ["clearFeedback", "resetProgress"],
      invoke: {
        id: "saveItinerary",
        src: "saveItinerary",
        input: ({ context, event, self }) => {
          assertEvent(event, "itinerary.submit");
          return {
            client: context.client,
            target: { type: context.type, id: context.id },
            upload: { draft: event.draft, file: context.file },
            report: (percent: number) => self.send({ type: "upload.progress", percent }),
          };
        },
        onDone: {
          target: "saved",
          actions: [
            { type: "assignProgress", params: { percent: 100 } },
            { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
            { type: "notify", params: ({ event }) => ({ message: event.output }) },
            { type: "revokePreview", params: ({ context }) => ({ url: context.preview }) },
            "goToList",
          ],
          description: "Created or updated: back to /panel/{type}/destinations with the message.",
        },
        onError: {
          target: "editing",
          actions: ["resetProgress", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
          description: "The server refused (not an image, too large, a rule): its message shows, the form stays filled in.",
        },
      },
      on: {
        "upload.progress": {
          actions: { type: "assignProgress", params: ({ event }) => ({ percent: event.percent }) },
          description: "More of the request has been sent.",
        },
        "itinerary.submit": { description: "A second submit while uploading is ignored." },
      },
    },
    saved: {
      type: "final",
      description: "The destination is saved and the user has been sent back to the list.",
    },
  },
});
