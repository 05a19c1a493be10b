import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { isApiError, isStaleRefusal } from "../../api/errors.ts";
import { type FieldProblem, hasNoProblems } from "../../api/fields.ts";
import { assignFailure, feedbackActions, notify, showError, tellAnswer } from "./actions.ts";
import { machineTypes } from "./machineTypes.ts";

/**
 * One image of a form: a stored path the record keeps, or a file chosen in this visit (with the
 * preview address the view makes for it, null until it has made one). `slot` is the place it
 * fills where a form has several (a deck's plan); "" on a form with one list of images.
 */
export type FormImage =
  | { readonly kind: "kept"; readonly slot: string; readonly path: string }
  | { readonly kind: "new"; readonly slot: string; readonly key: number; readonly file: Blob; readonly preview: string | null };

/** A stored image a record keeps: its path, or its slot and path on a form with several places. */
export type KeptImage = string | { readonly slot: string; readonly path: string };

/** What a form opens with: the record (null for a new one) and what its fields offer (roles, items...). */
export interface Loaded<Item, Options> {
  readonly item: Item | null;
  readonly options: Options;
}

/** What a draft is judged with besides itself: whether it edits a record, and the images chosen. */
export interface DraftFacts {
  readonly id: number | null;
  readonly images: ReadonlyArray<FormImage>;
}

/** A refusal of the server that names a field ('email is already in use'): its message shows by that field. */
export interface AnsweredProblem {
  readonly answer: string;
}

/** What shows by a field: a field rule's problem, or the server's message about it. */
export type FormProblem = FieldProblem | AnsweredProblem;

export type FormProblems = Readonly<Partial<Record<string, FormProblem>>>;

/** The field a server message is about, in a source's `answeredFields`, or null for one about the whole form. */
export const answeredField = (answeredFields: Readonly<Record<string, string>> | undefined, error: unknown): string | null =>
  isApiError(error) ? (answeredFields?.[error.message] ?? null) : null;

/** A record as a form loads it: whatever its fields, the version it is at (src/api/versions.ts). */
export interface Versioned {
  readonly version: number;
}

/**
 * What a save is for: a new record, or an edit of record `id` from a form loaded at `version`
 * (the server refuses it if someone saved the record since).
 */
export type SaveTarget = { readonly id: null; readonly version: null } | { readonly id: number; readonly version: number };

/** One save: the record it is for, the draft, the images, and where to report progress. */
export type SaveRequest<Draft> = SaveTarget & {
  readonly images: ReadonlyArray<FormImage>;
  readonly draft: Draft;
  readonly report: (percent: number) => void;
  readonly signal?: AbortSignal;
};

/** The save target of a form: an edit once its record has loaded, else a new record. */
export const saveTarget = (id: number | null, item: Versioned | null): SaveTarget =>
  id === null || item === null ? { id: null, version: null } : { id, version: item.version };

/**
 * A record's form as the form machine runs it, built from the record's endpoints and field rules
 * (src/api): loading, the rules a draft must pass (the contract's `<record>Problems`), saving,
 * and the options below.
 */
export interface FormSource<Item extends Versioned, Options, Draft> {
  readonly load: (client: ApiClient, id: number | null) => Promise<Loaded<Item, Options>>;
  readonly problems: (draft: Draft, facts: DraftFacts) => FormProblems;
  readonly save: (client: ApiClient, request: SaveRequest<Draft>) => Promise<string>;
  /**
   * After an edit is saved: back to the list (the default), or stay and load the saved record
   * again (the banner). A new record always goes back to the list.
   */
  readonly afterSave?: "list" | "reload";
  /**
   * The server's refusals that are about one field, by message, with that field's name
   * (`{ "email is already in use": "email" }`): they show by the field, not in the banner.
   */
  readonly answeredFields?: Readonly<Record<string, string>>;
  /**
   * The images the form keeps: at most `max` in each slot (1 for a destination or a deck's plan,
   * several for a banner), and a record's stored ones.
   */
  readonly images?: {
    readonly max: number;
    readonly kept: (item: Item) => ReadonlyArray<KeptImage>;
  };
}

export interface RecordFormInput<Item extends Versioned, Options, Draft> {
  readonly client: ApiClient;
  readonly source: FormSource<Item, Options, Draft>;
  /** The record of a detail route, or null on a _new route. */
  readonly id: number | null;
}

export interface RecordFormContext<Item extends Versioned, Options, Draft> extends RecordFormInput<Item, Options, Draft> {
  readonly item: Item | null;
  /** What the fields offer, once loaded. */
  readonly options: Options | null;
  /** Bumped on every (re)load, so the view refills its fields from the saved record. */
  readonly revision: number;
  readonly images: ReadonlyArray<FormImage>;
  readonly nextKey: number;
  /** How much of the save has been sent, 0 to 100. */
  readonly progress: number;
  readonly problems: FormProblems;
  /** Whether the user changed a field since the record (or the empty form) was loaded: leaving then asks first. */
  readonly changed: boolean;
  /** The flow message of the last save ('resource created successfully', ...). */
  readonly message: string | null;
  /** The server's message of the last refused request, for the red banner. */
  readonly error: string | null;
}

export type RecordFormEvent<Draft> =
  | { readonly type: "form.submit"; readonly draft: Draft }
  | { readonly type: "field.change"; readonly field: string }
  | { readonly type: "images.add"; readonly files: ReadonlyArray<Blob>; readonly slot?: string }
  | { readonly type: "image.remove"; readonly index: number }
  | { readonly type: "image.moveUp"; readonly index: number }
  | { readonly type: "image.moveDown"; readonly index: number }
  | { readonly type: "upload.progress"; readonly percent: number }
  | { readonly type: "form.reload" };

/** The field name under which too many images are reported. */
export const IMAGES_FIELD = "images";

/** How many images a source's form keeps; none when it declares no images. */
export const maxImages = <Item extends Versioned, Options, Draft>(source: FormSource<Item, Options, Draft>): number =>
  source.images?.max ?? 0;

/** Stored paths become kept images, in the order the record shows them. */
export const keptImages = <Item extends Versioned, Options, Draft>(
  source: FormSource<Item, Options, Draft>,
  item: Item | null,
): ReadonlyArray<FormImage> =>
  item === null || source.images === undefined
    ? []
    : source.images.kept(item).map((kept): FormImage => (typeof kept === "string" ? { kind: "kept", slot: "", path: kept } : { kind: "kept", ...kept }));

/** New files go after what is already there, each with its own key for the list. */
export const addImages = (
  images: ReadonlyArray<FormImage>,
  files: ReadonlyArray<Blob>,
  firstKey: number,
  slot = "",
): ReadonlyArray<FormImage> => [
  ...images,
  ...files.map((file, offset): FormImage => ({ kind: "new", slot, key: firstKey + offset, file, preview: null })),
];

/** The images of one slot. */
export const imagesIn = (images: ReadonlyArray<FormImage>, slot: string): ReadonlyArray<FormImage> =>
  images.filter((image) => image.slot === slot);

export const removeImage = (images: ReadonlyArray<FormImage>, index: number): ReadonlyArray<FormImage> =>
  images.filter((_, position) => position !== index);

/**
 * Swaps an image with its neighbour. Servers store the kept paths first and the new files after
 * them, so an image only moves among its own kind: a move the save could not keep is refused here
 * rather than undone by the next reload.
 */
export const moveImage = (
  images: ReadonlyArray<FormImage>,
  index: number,
  by: -1 | 1,
): ReadonlyArray<FormImage> => {
  const image = images[index];
  const neighbour = images[index + by];
  if (image === undefined || neighbour === undefined || image.kind !== neighbour.kind) return images;
  const moved = [...images];
  moved[index] = neighbour;
  moved[index + by] = image;
  return moved;
};

/** Whether the image at `index` can move by one place (the view enables its buttons by this). */
export const canMove = (images: ReadonlyArray<FormImage>, index: number, by: -1 | 1): boolean =>
  moveImage(images, index, by) !== images;

/** Gives every new image without a preview one, made by `make` (an object URL in the browser). */
export const withPreviews = (
  images: ReadonlyArray<FormImage>,
  make: (file: Blob) => string | null,
): ReadonlyArray<FormImage> =>
  images.map((image) => (image.kind === "new" && image.preview === null ? { ...image, preview: make(image.file) } : image));

/** The preview addresses to release. */
export const previewsOf = (images: ReadonlyArray<FormImage>): ReadonlyArray<string> =>
  images.flatMap((image) => (image.kind === "new" && image.preview !== null ? [image.preview] : []));

/** The files chosen in this visit, in their order. */
export const newFiles = (images: ReadonlyArray<FormImage>): ReadonlyArray<Blob> =>
  images.flatMap((image) => (image.kind === "new" ? [image.file] : []));

/** The stored paths the record keeps, in their order. */
export const keptPaths = (images: ReadonlyArray<FormImage>): ReadonlyArray<string> =>
  images.flatMap((image) => (image.kind === "kept" ? [image.path] : []));

const withoutProblemOf = (problems: FormProblems, name: string): FormProblems =>
  Object.fromEntries(Object.entries(problems).filter(([field]) => field !== name));

const withoutImagesProblem = (problems: FormProblems): FormProblems => withoutProblemOf(problems, IMAGES_FIELD);

const percentOf = (percent: number): number => Math.min(100, Math.max(0, percent));

/** The input of `loadRecord`: the record the form is for. */
const recordRequest = <Item extends Versioned, Options, Draft>({
  context,
}: {
  readonly context: RecordFormContext<Item, Options, Draft>;
}): RecordFormInput<Item, Options, Draft> => ({ client: context.client, source: context.source, id: context.id });

/** `revokePreviews` of every preview the form made: its images are about to be replaced or left. */
const revokeAllPreviews = {
  type: "revokePreviews",
  params: ({ context }: { readonly context: { readonly images: ReadonlyArray<FormImage> } }) => ({
    urls: previewsOf(context.images),
  }),
} as const;

/**
 * The form half of every record screen, one flow for users, catalogues, destinations, the banner
 * and the call to action, told by its source what to load, check and send. A refused draft shows
 * its field problems and sends nothing; a second submit while saving is ignored; a refusal of the
 * server goes back to the form with the red banner. Image previews are object URLs the view makes
 * and releases (`assignPreviews`, `revokePreviews`); the toast (`notify`) and the way back to the
 * list (`goToList`) are named actions the view provides too.
 */
export const createRecordFormMachine = <Item extends Versioned, Options, Draft>() =>
  setup({
    types: machineTypes<RecordFormInput<Item, Options, Draft>, RecordFormContext<Item, Options, Draft>, RecordFormEvent<Draft>, "fetching" | "processing">(),
    actions: {
      ...feedbackActions<RecordFormContext<Item, Options, Draft>, RecordFormEvent<Draft>>(),
      assignLoaded: assign({
        item: (_, params: { loaded: Loaded<Item, Options> }) => params.loaded.item,
        options: (_, params: { loaded: Loaded<Item, Options> }) => params.loaded.options,
        images: ({ context }, params: { loaded: Loaded<Item, Options> }) =>
          keptImages(context.source, params.loaded.item),
        revision: ({ context }) => context.revision + 1,
        changed: false,
      }),
      addImages: assign({
        images: ({ context }, params: { files: ReadonlyArray<Blob>; slot: string }) =>
          addImages(context.images, params.files, context.nextKey, params.slot),
        nextKey: ({ context }, params: { files: ReadonlyArray<Blob>; slot: string }) => context.nextKey + params.files.length,
        problems: ({ context }) => withoutImagesProblem(context.problems),
      }),
      replaceImages: assign({
        images: ({ context }, params: { files: ReadonlyArray<Blob>; slot: string }) =>
          addImages(
            context.images.filter((image) => image.slot !== params.slot),
            params.files.slice(-maxImages(context.source)),
            context.nextKey,
            params.slot,
          ),
        nextKey: ({ context }, params: { files: ReadonlyArray<Blob>; slot: string }) => context.nextKey + params.files.length,
        problems: ({ context }) => withoutImagesProblem(context.problems),
      }),
      refuseImages: assign({ problems: ({ context }) => ({ ...context.problems, [IMAGES_FIELD]: "invalid" }) }),
      /** The view makes object URLs; without a DOM the images stay without a preview. */
      assignPreviews: assign({ images: ({ context }) => withPreviews(context.images, () => null) }),
      /** The view releases the object URLs it made. */
      revokePreviews: (_, _params: { urls: ReadonlyArray<string> }) => {},
      removeImage: assign({
        images: ({ context }, params: { index: number }) => removeImage(context.images, params.index),
      }),
      moveImage: assign({
        images: ({ context }, params: { index: number; by: -1 | 1 }) =>
          moveImage(context.images, params.index, params.by),
      }),
      assignProblems: assign({
        problems: ({ context }, params: { draft: Draft }) =>
          context.source.problems(params.draft, { id: context.id, images: context.images }),
      }),
      clearProblems: assign({ problems: {} }),
      assignAnswer: assign({
        problems: ({ context }, params: { error: unknown }) => {
          const field = answeredField(context.source.answeredFields, params.error);
          return field === null || !isApiError(params.error) ? context.problems : { [field]: { answer: params.error.message } };
        },
      }),
      /** A field was edited: the form has changes to lose, and the field's problem, now stale, leaves. */
      noteChange: assign({
        changed: true,
        problems: ({ context }, params: { field: string }) => withoutProblemOf(context.problems, params.field),
      }),
      /**
       * The view moves the user to what went wrong: the first field with a problem gets focus and is
       * scrolled into view, or else the red banner is.
       */
      revealProblem: () => {},
      resetProgress: assign({ progress: 0 }),
      assignProgress: assign({ progress: (_, params: { percent: number }) => percentOf(params.percent) }),
      /** The view tells the message: a translated toast, or the banner's success popup. */
      notify,
      /** The view navigates back to the record's list. */
      goToList: () => {},
    },
    guards: {
      hasRoomForImages: ({ context }, params: { files: ReadonlyArray<Blob>; slot: string }) =>
        imagesIn(context.images, params.slot).length + params.files.length <= maxImages(context.source),
      isSingleImage: ({ context }) => maxImages(context.source) === 1,
      isComplete: ({ context }, params: { draft: Draft }) =>
        hasNoProblems(context.source.problems(params.draft, { id: context.id, images: context.images })),
      staysAfterSave: ({ context }) => context.id !== null && context.source.afterSave === "reload",
      isStale: (_, params: { error: unknown }) => isStaleRefusal(params.error),
      isAboutAField: ({ context }, params: { error: unknown }) =>
        answeredField(context.source.answeredFields, params.error) !== null,
    },
    actors: {
      loadRecord: fromPromise<Loaded<Item, Options>, RecordFormInput<Item, Options, Draft>>(({ input }) =>
        input.source.load(input.client, input.id),
      ),
      saveRecord: fromPromise<
        string,
        { client: ApiClient; source: FormSource<Item, Options, Draft>; request: SaveRequest<Draft> }
      >(({ input, signal }) => input.source.save(input.client, { ...input.request, signal })),
    },
  }).createMachine({
    id: "recordForm",
    description:
      "A record's create or edit form: loads the record and what its fields offer, checks the draft with the contract's field rules, saves it (with its images and upload progress), then goes back to the list or stays with the saved record.",
    context: ({ input }) => ({
      client: input.client,
      source: input.source,
      id: input.id,
      item: null,
      options: null,
      revision: 0,
      images: [],
      nextKey: 0,
      progress: 0,
      problems: {},
      changed: false,
      message: null,
      error: null,
    }),
    initial: "loading",
    states: {
      loading: {
        tags: "fetching",
        description: "Fetching the record when editing, and what the fields offer (roles, catalogue items...); the spinner shows.",
        entry: "clearFeedback",
        invoke: {
          id: "loadRecord",
          src: "loadRecord",
          input: recordRequest,
          onDone: {
            target: "editing",
            actions: { type: "assignLoaded", params: ({ event }) => ({ loaded: event.output }) },
            description: "The record (or none, for a new one) and the options arrived: the form opens.",
          },
          onError: showError("unavailable", "The record or the options could not be loaded ('resource not found', ...): the banner shows why."),
        },
      },
      unavailable: {
        type: "final",
        description: "The form cannot open; the red banner and the way back to the list show.",
      },
      editing: {
        description: "The form is open: its fields and, when it keeps images, the images with their buttons.",
        on: {
          "images.add": [
            {
              guard: { type: "hasRoomForImages", params: ({ event }) => ({ files: event.files, slot: event.slot ?? "" }) },
              actions: [{ type: "addImages", params: ({ event }) => ({ files: event.files, slot: event.slot ?? "" }) }, "assignPreviews"],
              description: "Files were chosen and fit: each is added after the images (of its slot: a deck's plan), with a preview.",
            },
            {
              guard: "isSingleImage",
              actions: [
                {
                  type: "revokePreviews",
                  params: ({ context, event }) => ({ urls: previewsOf(imagesIn(context.images, event.slot ?? "")) }),
                },
                { type: "replaceImages", params: ({ event }) => ({ files: event.files, slot: event.slot ?? "" }) },
                "assignPreviews",
              ],
              description: "The form keeps one image (in each slot): the chosen file takes the place of the one chosen before.",
            },
            {
              actions: "refuseImages",
              description: "More images than the form keeps: the problem shows by the images and none is added.",
            },
          ],
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
          "form.submit": [
            {
              guard: { type: "isComplete", params: ({ event }) => ({ draft: event.draft }) },
              target: "saving",
              actions: "clearProblems",
              description: "Every field rule holds: the record is sent.",
            },
            {
              actions: [{ type: "assignProblems", params: ({ event }) => ({ draft: event.draft }) }, "revealProblem"],
              description:
                "A field rule fails ('Información requerida', a malformed email...): the messages show, the first field in error gets focus, and nothing is sent.",
            },
          ],
          "field.change": {
            actions: { type: "noteChange", params: ({ event }) => ({ field: event.field }) },
            description: "The user edits a field: the form now has changes to lose, and that field's message, now stale, leaves.",
          },
        },
      },
      saving: {
        tags: "processing",
        description: "Sending the record (and its new images); the progress bar shows how much has gone.",
        entry: ["clearFeedback", "resetProgress"],
        invoke: {
          id: "saveRecord",
          src: "saveRecord",
          input: ({ context, event, self }) => {
            assertEvent(event, "form.submit");
            return {
              client: context.client,
              source: context.source,
              request: {
                ...saveTarget(context.id, context.item),
                draft: event.draft,
                images: context.images,
                report: (percent: number) => self.send({ type: "upload.progress", percent }),
              },
            };
          },
          onDone: [
            {
              guard: "staysAfterSave",
              target: "reloading",
              actions: [{ type: "assignProgress", params: { percent: 100 } }, ...tellAnswer],
              description: "Updated, on a form that stays (the banner): the message shows and the record is fetched again.",
            },
            {
              target: "saved",
              actions: [
                { type: "assignProgress", params: { percent: 100 } },
                ...tellAnswer,
                revokeAllPreviews,
                "goToList",
              ],
              description: "Created or updated: the message shows and the user goes back to the list.",
            },
          ],
          onError: [
            {
              guard: { type: "isStale", params: ({ event }) => ({ error: event.error }) },
              target: "outdated",
              actions: ["resetProgress", assignFailure],
              description:
                "Someone saved the record after this form loaded it (409 'the record changed since you opened it'): nothing was saved.",
            },
            {
              guard: { type: "isAboutAField", params: ({ event }) => ({ error: event.error }) },
              target: "editing",
              actions: [
                "resetProgress",
                { type: "assignAnswer", params: ({ event }) => ({ error: event.error }) },
                "revealProblem",
              ],
              description:
                "The server refused a field ('email is already in use', a name taken...): its message shows by that field, which gets focus.",
            },
            {
              target: "editing",
              actions: ["resetProgress", assignFailure, "revealProblem"],
              description:
                "The server refused the form (not an image, a rule...): its message shows in the banner, scrolled into view; the form stays filled in.",
            },
          ],
        },
        on: {
          "upload.progress": {
            actions: { type: "assignProgress", params: ({ event }) => ({ percent: event.percent }) },
            description: "More of the request has been sent.",
          },
          "form.submit": { description: "A second submit while saving is ignored." },
        },
      },
      outdated: {
        description:
          "The form is older than the stored record: what was typed stays in view (to copy), nothing can be saved from it, and the banner offers to load the record as it is now.",
        on: {
          "field.change": {
            actions: { type: "noteChange", params: ({ event }) => ({ field: event.field }) },
            description: "The user edits a field of the outdated form: leaving now asks first.",
          },
          "form.reload": {
            target: "reloading",
            actions: "clearFeedback",
            description: "The user loads the record as it is now; what they typed is given up, knowingly.",
          },
        },
      },
      reloading: {
        tags: ["fetching", "processing"],
        description:
          "Fetching the record as stored: after a save that stays on the form (the banner's images in their order), or after a stale save, at the user's request.",
        invoke: {
          id: "reloadRecord",
          src: "loadRecord",
          input: recordRequest,
          onDone: {
            target: "editing",
            actions: [
              revokeAllPreviews,
              { type: "assignLoaded", params: ({ event }) => ({ loaded: event.output }) },
              "resetProgress",
            ],
            description: "The stored record arrived: its fields, images and version replace what was typed and chosen.",
          },
          onError: {
            target: "editing",
            actions: ["resetProgress", assignFailure],
            description: "The record could not be fetched again ('resource not found' if it was deleted...): the message shows.",
          },
        },
        on: {
          "form.submit": { description: "A submit while the saved record loads is ignored." },
        },
      },
      saved: {
        type: "final",
        description: "The record is saved and the user has been sent back to the list.",
      },
    },
  });

/** The form machine typed for one record. */
export type RecordFormMachine<Item extends Versioned, Options, Draft> = ReturnType<typeof createRecordFormMachine<Item, Options, Draft>>;
