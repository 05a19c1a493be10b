import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import { type Banner, type BannerForm, createBanner, getBanner, updateBanner } from "../api/home.ts";
import { errorMessage, type FieldProblem } from "./fields.ts";

/**
 * One image of the banner form: a stored path the banner keeps, or a file chosen in this visit
 * (with the preview address the view makes for it, null until it has made one).
 */
export type BannerImage =
  | { readonly kind: "kept"; readonly path: string }
  | { readonly kind: "new"; readonly key: number; readonly file: Blob; readonly preview: string | null };

/** The banner's text fields as the user filled them in. */
export interface BannerDraft {
  readonly title: string;
  readonly text: string;
  readonly textTwo: string;
  readonly active: boolean;
}

export type BannerProblems = Readonly<Partial<Record<"title", FieldProblem>>>;

/** Title required ('required_information'); text and textTwo are optional (SPEC.md section 5). */
export const bannerProblems = (draft: BannerDraft): BannerProblems =>
  draft.title.trim() === "" ? { title: "required" } : {};

/** Stored paths become kept images, in the order the banner shows them. */
export const keptImages = (banner: Banner | null): ReadonlyArray<BannerImage> =>
  (banner?.images ?? []).map((path) => ({ kind: "kept", path }));

/** New files go after what is already there, each with its own key for the list. */
export const addImages = (
  images: ReadonlyArray<BannerImage>,
  files: ReadonlyArray<Blob>,
  firstKey: number,
): ReadonlyArray<BannerImage> => [
  ...images,
  ...files.map((file, offset): BannerImage => ({ kind: "new", key: firstKey + offset, file, preview: null })),
];

export const removeImage = (images: ReadonlyArray<BannerImage>, index: number): ReadonlyArray<BannerImage> =>
  images.filter((_, position) => position !== index);

/**
 * Swaps an image with its neighbour. The server stores the kept paths first and the new files
 * after them, so an image only moves among its own kind: a move the save could not keep is refused
 * here rather than undone by the next reload.
 */
export const moveImage = (
  images: ReadonlyArray<BannerImage>,
  index: number,
  by: -1 | 1,
): ReadonlyArray<BannerImage> => {
  const image = images[index];
  const neighbour = images[index + by];
  if (image === undefined || neighbour === undefined || image.kind !== neighbour.kind) return images;
  const moved = [...images];
  moved[index] = neighbour;
  moved[index + by] = image;
  return moved;
};

/** Whether the image at `index` can move by one place (the view enables its buttons by this). */
export const canMove = (images: ReadonlyArray<BannerImage>, index: number, by: -1 | 1): boolean =>
  moveImage(images, index, by) !== images;

/** Gives every new image without a preview one, made by `make` (an object URL in the browser). */
export const withPreviews = (
  images: ReadonlyArray<BannerImage>,
  make: (file: Blob) => string | null,
): ReadonlyArray<BannerImage> =>
  images.map((image) => (image.kind === "new" && image.preview === null ? { ...image, preview: make(image.file) } : image));

/** The preview addresses to release. */
export const previewsOf = (images: ReadonlyArray<BannerImage>): ReadonlyArray<string> =>
  images.flatMap((image) => (image.kind === "new" && image.preview !== null ? [image.preview] : []));

/**
 * The multipart form of SPEC.md section 7: the kept paths as `images[0]`, `images[1]` ... in
 * their order (so an edit without new files resends them, SPEC.md section 5), then the new files.
 */
export const bannerUpload = (
  draft: BannerDraft,
  images: ReadonlyArray<BannerImage>,
): { readonly fields: BannerForm; readonly files: ReadonlyArray<Blob> } => ({
  fields: {
    title: draft.title.trim(),
    text: draft.text.trim(),
    textTwo: draft.textTwo.trim(),
    page: "home",
    type: "baner",
    active: String(draft.active),
    images: images.flatMap((image) => (image.kind === "kept" ? [image.path] : [])),
  },
  files: images.flatMap((image) => (image.kind === "new" ? [image.file] : [])),
});

export interface BannerFormInput {
  readonly client: ApiClient;
  /** The banner of /panel/home/baner/{id}, or null on /panel/home/baner_new. */
  readonly id: number | null;
}

export interface BannerFormContext {
  readonly client: ApiClient;
  readonly id: number | null;
  readonly banner: Banner | null;
  /** Bumped on every (re)load, so the view refills its fields from the saved banner. */
  readonly revision: number;
  readonly images: ReadonlyArray<BannerImage>;
  readonly nextKey: number;
  /** How much of the save has been sent, 0 to 100. */
  readonly progress: number;
  readonly problems: BannerProblems;
  readonly error: string | null;
}

export type BannerFormEvent =
  | { readonly type: "images.add"; readonly files: ReadonlyArray<Blob> }
  | { readonly type: "image.remove"; readonly index: number }
  | { readonly type: "image.moveUp"; readonly index: number }
  | { readonly type: "image.moveDown"; readonly index: number }
  | { readonly type: "banner.submit"; readonly draft: BannerDraft }
  | { readonly type: "upload.progress"; readonly percent: number };

export interface SaveBannerInput {
  readonly client: ApiClient;
  readonly id: number | null;
  readonly draft: BannerDraft;
  readonly images: ReadonlyArray<BannerImage>;
  readonly report: (percent: number) => void;
}

const homePage = { images: "home_page" } as const;

/** Creates or updates the banner with one multipart upload whose progress `report` hears. */
export const saveBanner = (input: SaveBannerInput, signal?: AbortSignal): Promise<string> => {
  const { fields, files } = bannerUpload(input.draft, input.images);
  const request = { query: homePage, fields, files, onProgress: input.report, signal };
  return input.id === null
    ? input.client.upload(createBanner, request)
    : input.client.upload(updateBanner, { ...request, params: { id: input.id } });
};

/**
 * /panel/home/baner_new and /panel/home/baner/{id}. Previews are object URLs the view makes and
 * releases through the provided `assignPreviews` / `revokePreviews` (the machine never touches the
 * DOM); the success popup and the way back to the list are provided actions too.
 */
export const bannerFormMachine = setup({
  types: {
    input: {} as BannerFormInput,
    context: {} as BannerFormContext,
    events: {} as BannerFormEvent,
    tags: {} as "fetching" | "processing",
  },
  actions: {
    clearError: assign({ error: null }),
    assignBanner: assign({
      banner: (_, params: { banner: Banner | null }) => params.banner,
      images: (_, params: { banner: Banner | null }) => keptImages(params.banner),
      revision: ({ context }) => context.revision + 1,
    }),
    addImages: assign({
      images: ({ context }, params: { files: ReadonlyArray<Blob> }) =>
        addImages(context.images, params.files, context.nextKey),
      nextKey: ({ context }, params: { files: ReadonlyArray<Blob> }) => context.nextKey + params.files.length,
    }),
    /** The view makes object URLs; without a DOM the images stay without a preview. */
    assignPreviews: assign({ images: ({ context }) => withPreviews(context.images, () => null) }),
    /** The view releases the object URLs it made. */
    revokePreviews: (_, _params: { urls: ReadonlyArray<string> }) => {},
    removeImage: assign({ images: ({ context }, params: { index: number }) => removeImage(context.images, params.index) }),
    moveImage: assign({
      images: ({ context }, params: { index: number; by: -1 | 1 }) => moveImage(context.images, params.index, params.by),
    }),
    assignProblems: assign({ problems: (_, params: { draft: BannerDraft }) => bannerProblems(params.draft) }),
    clearProblems: assign({ problems: {} }),
    resetProgress: assign({ progress: 0 }),
    assignProgress: assign({ progress: (_, params: { percent: number }) => Math.min(100, Math.max(0, params.percent)) }),
    assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    /** The view shows the SweetAlert2 success popup with the translated message. */
    showSaved: (_, _params: { message: string }) => {},
    goToList: () => {},
  },
  guards: {
    isComplete: (_, params: { draft: BannerDraft }) => Object.keys(bannerProblems(params.draft)).length === 0,
    isEditing: ({ context }) => context.id !== null,
  },
  actors: {
    loadBanner: fromPromise<Banner | null, { client: ApiClient; id: number | null }>(({ input }) =>
      input.id === null ? Promise.resolve(null) : input.client.call(getBanner, { params: { id: input.id } }),
    ),
    saveBanner: fromPromise<string, SaveBannerInput>(({ input, signal }) => saveBanner(input, signal)),
  },
}).createMachine({
  id: "bannerForm",
  description:
    "Creates or edits a home banner: title, texts, active, and its images kept, removed, reordered or added with previews, saved in one upload with progress.",
  context: ({ input }) => ({
    client: input.client,
    id: input.id,
    banner: null,
    revision: 0,
    images: [],
    nextKey: 0,
    progress: 0,
    problems: {},
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the banner when editing; a new banner opens empty.",
      invoke: {
        id: "loadBanner",
        src: "loadBanner",
        input: ({ context }) => ({ client: context.client, id: context.id }),
        onDone: {
          target: "editing",
          actions: { type: "assignBanner", params: ({ event }) => ({ banner: event.output }) },
          description: "The banner arrived (or none, for a new one): the form opens with its images.",
        },
        onError: {
          target: "unavailable",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The banner could not be loaded ('resource not found', ...): the banner shows why.",
        },
      },
    },
    unavailable: {
      type: "final",
      description: "The form cannot open; the red banner and the way back show.",
    },
    editing: {
      description: "The form is open: fields, images with previews and their buttons.",
      on: {
        "images.add": {
          actions: [{ type: "addImages", params: ({ event }) => ({ files: event.files }) }, "assignPreviews"],
          description: "Files were chosen: each is added after the images, with a preview.",
        },
        "image.remove": {
          actions: [
            {
              type: "revokePreviews",
              params: ({ context, event }) => ({ urls: previewsOf(context.images.slice(event.index, event.index + 1)) }),
            },
            { type: "removeImage", params: ({ event }) => ({ index: event.index }) },
          ],
          description: "An image is taken out: a kept one is no longer resent, a new one is not uploaded.",
        },
        "image.moveUp": {
          actions: { type: "moveImage", params: ({ event }) => ({ index: event.index, by: -1 }) },
          description: "An image moves one place earlier among its kind.",
        },
        "image.moveDown": {
          actions: { type: "moveImage", params: ({ event }) => ({ index: event.index, by: 1 }) },
          description: "An image moves one place later among its kind.",
        },
        "banner.submit": [
          {
            guard: { type: "isComplete", params: ({ event }) => ({ draft: event.draft }) },
            target: "uploading",
            actions: "clearProblems",
            description: "The title is there: the banner and its images are uploaded.",
          },
          {
            actions: { type: "assignProblems", params: ({ event }) => ({ draft: event.draft }) },
            description: "The title is missing: 'Información requerida' shows by it and nothing is sent.",
          },
        ],
      },
    },
    uploading: {
      tags: "processing",
      description: "Sending the banner and its new images; the progress bar shows how much has gone.",
      entry: ["clearError", "resetProgress"],
      invoke: {
        id: "saveBanner",
        src: "saveBanner",
        input: ({ context, event, self }) => {
          assertEvent(event, "banner.submit");
          return {
            client: context.client,
            id: context.id,
            draft: event.draft,
            images: context.images,
            report: (percent: number) => self.send({ type: "upload.progress", percent }),
          };
        },
        onDone: [
          {
            guard: "isEditing",
            target: "reloading",
            actions: [
              { type: "assignProgress", params: { percent: 100 } },
              { type: "showSaved", params: ({ event }) => ({ message: event.output }) },
            ],
            description: "Updated: the success popup shows and the banner is fetched again (SPEC.md section 4).",
          },
          {
            target: "created",
            actions: [
              { type: "showSaved", params: ({ event }) => ({ message: event.output }) },
              { type: "revokePreviews", params: ({ context }) => ({ urls: previewsOf(context.images) }) },
              "goToList",
            ],
            description: "Created: the success popup shows and the user goes back to /panel/home.",
          },
        ],
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
        "banner.submit": { description: "A second submit while uploading is ignored." },
      },
    },
    reloading: {
      tags: ["fetching", "processing"],
      description: "Fetching the saved banner, so the form shows its stored images in their order.",
      invoke: {
        id: "reloadBanner",
        src: "loadBanner",
        input: ({ context }) => ({ client: context.client, id: context.id }),
        onDone: {
          target: "editing",
          actions: [
            { type: "revokePreviews", params: ({ context }) => ({ urls: previewsOf(context.images) }) },
            { type: "assignBanner", params: ({ event }) => ({ banner: event.output }) },
            "resetProgress",
          ],
          description: "The saved banner arrived: its fields and images replace what was typed and chosen.",
        },
        onError: {
          target: "editing",
          actions: ["resetProgress", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
          description: "The banner was saved but could not be fetched again: the message shows.",
        },
      },
      on: {
        "banner.submit": { description: "A submit while the saved banner loads is ignored." },
      },
    },
    created: {
      type: "final",
      description: "The new banner is saved and the user has been sent back to /panel/home.",
    },
  },
});
