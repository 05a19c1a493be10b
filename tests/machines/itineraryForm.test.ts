import { Schema } from "effect";
import { describe, expect, it, vi } from "vitest";
import { assign, createActor, fromPromise, waitFor } from "xstate";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { type ApiClient, createClient, type UploadRequest } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { Itinerary } from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import {
  type DestinationOptions,
  destinationFormMachine,
  destinationFormSource,
  draftProblems,
  type ItineraryDraft,
  itineraryUploadFields,
  offeredItems,
} from "../../src/machines/catalogues/itineraries.ts";
import {
  type FormImage,
  type FormSource,
  type Loaded,
  type RecordFormInput,
  type SaveRequest,
  withPreviews,
} from "../../src/machines/shared/recordForm.machine.ts";
import { catalogueItemId, itineraryId } from "../ids.ts";

const draft: ItineraryDraft = {
  name: "Quilotoa",
  days: "2 días",
  description: "Laguna volcánica",
  availability: "Todo el año",
  price: "180",
  isOffer: false,
  offerPrice: "",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  departureFrom: ["Quito"],
  feeding: [3],
  activities: [],
  courtesy: [],
  imageAlt: "",
  nameEn: "",
  daysEn: "",
  descriptionEn: "",
  imageAltEn: "",
  language: "es",
};

const quilotoa: Itinerary = {
  id: itineraryId(9),
  name: "Quilotoa",
  days: "2 días",
  description: "Laguna volcánica",
  availability: "Todo el año",
  price: 180,
  offerPrice: null,
  isOffer: false,
  type: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  feeding: [{ id: catalogueItemId(3), name: "Desayuno" }],
  activities: [],
  courtesy: [],
  departureFrom: ["Quito"],
  image: "uploads/tiptops/abc.png",
  imageAlt: "",
  nameEn: "",
  daysEn: "",
  descriptionEn: "",
  imageAltEn: "",
  version: 2,
};

const image = new Blob(["png"], { type: "image/png" });
const chosen: ReadonlyArray<FormImage> = [{ kind: "new", slot: "", key: 0, file: image, preview: null }];

const breakfast: CatalogueItem = { id: catalogueItemId(3), name: "Desayuno", active: true, version: 1 };
const dinner: CatalogueItem = { id: catalogueItemId(4), name: "Cena", active: false, version: 2 };

describe("the destination rules, as the contract states them", () => {
  const national = { type: "national", id: null } as const;

  it("accept a complete national destination with an image", () => {
    expect(draftProblems(national, draft, chosen)).toEqual({});
  });

  it("name every missing field with 'required' and ask for the image on create", () => {
    const blank: ItineraryDraft = {
      ...draft,
      name: "  ",
      availability: "",
      price: "",
      region: "",
      servicesIncluded: [],
      departureFrom: [],
    };
    expect(draftProblems(national, blank, [])).toEqual({
      name: "required",
      availability: "required",
      price: "required",
      region: "required",
      servicesIncluded: "required",
      departureFrom: "required",
      image: "required",
    });
  });

  it("want no region for an international one and no image on edit", () => {
    expect(draftProblems({ type: "international", id: 9 }, { ...draft, region: "" }, [])).toEqual({});
  });

  it("refuse negative or non-numeric prices, read a decimal comma, and need the offer price only with 'Aplicar oferta'", () => {
    const target = { type: "international", id: 9 } as const;
    expect(draftProblems(target, { ...draft, price: "-1" }, [])).toEqual({ price: "invalid" });
    expect(draftProblems(target, { ...draft, price: "abc" }, [])).toEqual({ price: "invalid" });
    expect(draftProblems(target, { ...draft, price: "99,50" }, [])).toEqual({});
    expect(draftProblems(target, { ...draft, offerPrice: "x" }, [])).toEqual({});
    expect(draftProblems(target, { ...draft, isOffer: true }, [])).toEqual({ offerPrice: "required" });
  });

  it.each([
    ["es", "1.450,50", "1450.50"],
    ["es", "1450,5", "1450.5"],
    ["es", "1.450", "1450"],
    ["es", "1450.5", "1450.5"],
    ["es", "12.345.678,9", "12345678.9"],
    ["en", "1,450.50", "1450.50"],
    ["en", "1450.5", "1450.5"],
    ["en", "1,450", "1450"],
    ["en", "1450,5", "1450.5"],
    ["es", "1.45.0", "1.45.0"],
    ["en", "1,45,0", "1,45,0"],
  ])("read the price as the language writes amounts (%s %s is %s)", (language, typed, sent) => {
    expect(itineraryUploadFields("international", { ...draft, price: typed, language }).price).toBe(sent);
  });

  it("refuse an amount written neither way", () => {
    expect(draftProblems({ type: "international", id: 9 }, { ...draft, price: "1.45.0" }, [])).toEqual({ price: "invalid" });
  });

  it("send the region only for national destinations and the offer price only when on", () => {
    expect(itineraryUploadFields("international", { ...draft, price: " 99,50 ", nameEn: " Quilotoa lagoon " })).toEqual({
      name: "Quilotoa",
      days: "2 días",
      description: "Laguna volcánica",
      availability: "Todo el año",
      price: "99.50",
      type: "international",
      isOffer: "false",
      servicesIncluded: ["Traslados"],
      feeding: ["3"],
      activities: [],
      courtesy: [],
      departureFrom: ["Quito"],
      imageAlt: "",
      nameEn: "Quilotoa lagoon",
      daysEn: "",
      descriptionEn: "",
      imageAltEn: "",
    });
    expect(itineraryUploadFields("national", { ...draft, isOffer: true, offerPrice: "150" })).toMatchObject({
      region: "Sierra",
      isOffer: "true",
      offerPrice: "150",
    });
  });

  it("offer active items, and an inactive one only when the destination already has it", () => {
    expect(offeredItems([breakfast, dinner], [])).toEqual([breakfast]);
    expect(offeredItems([breakfast, dinner], [{ id: 4 }])).toEqual([breakfast, dinner]);
  });
});

type LoadInput = RecordFormInput<Itinerary, DestinationOptions, ItineraryDraft>;

type SaveInput = {
  client: ApiClient;
  source: FormSource<Itinerary, DestinationOptions, ItineraryDraft>;
  request: SaveRequest<ItineraryDraft>;
};

/** A double of the save actor. */
const saving = (run: (input: SaveInput) => Promise<string>) => fromPromise<string, SaveInput>(({ input }) => run(input));

/** The form machine over doubles: preview URLs are `blob:<n>`, the save is the given actor. */
const startForm = (id: number | null, type: "national" | "international", save = saving(() => new Promise(() => {}))) => {
  const revoked: string[] = [];
  const notify = vi.fn();
  const goToList = vi.fn();
  let previews = 0;
  const actor = createActor(
    destinationFormMachine.provide({
      actors: {
        loadRecord: fromPromise<Loaded<Itinerary, DestinationOptions>, LoadInput>(async () => ({
          item: id === null ? null : quilotoa,
          options: { feeding: [breakfast], activities: [], courtesy: [] },
        })),
        saveRecord: save,
      },
      actions: {
        assignPreviews: assign({
          images: ({ context }) =>
            withPreviews(context.images, () => {
              previews += 1;
              return `blob:${previews}`;
            }),
        }),
        revokePreviews: (_, { urls }) => {
          revoked.push(...urls);
        },
        notify: (_, { message }) => notify(message),
        goToList,
      },
    }),
    { input: { client: createClient({ readToken: () => null }), source: destinationFormSource(type), id } },
  );
  actor.start();
  return { actor, revoked, notify, goToList };
};

const previewOf = (images: ReadonlyArray<FormImage>) => images.map((shown) => (shown.kind === "new" ? shown.preview : shown.path));

describe("the form machine over a destination", () => {
  it("loads the items to offer, then shows problems and sends nothing while a rule fails", async () => {
    const save = vi.fn(async () => messages.created);
    const { actor } = startForm(null, "national", saving(save));
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.options?.feeding).toEqual([breakfast]);
    actor.send({ type: "form.submit", draft });
    expect(actor.getSnapshot().context.problems).toEqual({ image: "required" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it("previews a chosen image, replaces it (releasing the old preview) and goes back to none when removed", async () => {
    const { actor, revoked } = startForm(null, "national");
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [image] });
    expect(previewOf(actor.getSnapshot().context.images)).toEqual(["blob:1"]);
    actor.send({ type: "images.add", files: [image] });
    expect(previewOf(actor.getSnapshot().context.images)).toEqual(["blob:2"]);
    expect(revoked).toEqual(["blob:1"]);
    actor.send({ type: "image.remove", index: 0 });
    expect(actor.getSnapshot().context.images).toEqual([]);
    expect(revoked).toEqual(["blob:1", "blob:2"]);
  });

  it("tracks the upload's progress and ignores a second submit while saving", async () => {
    let report: (percent: number) => void = () => {};
    const starts = vi.fn();
    const save = saving(({ request }) => {
      starts();
      report = request.report;
      return new Promise(() => {});
    });
    const { actor } = startForm(9, "international", save);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { ...draft, region: "" } });
    expect(actor.getSnapshot().hasTag("processing")).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(0);
    report(35);
    expect(actor.getSnapshot().context.progress).toBe(35);
    report(140);
    expect(actor.getSnapshot().context.progress).toBe(100);
    actor.send({ type: "form.submit", draft });
    expect(starts).toHaveBeenCalledTimes(1);
  });

  it("on success notifies, releases the preview and goes back to the list", async () => {
    const { actor, notify, goToList, revoked } = startForm(
      null,
      "national",
      saving(async () => messages.created),
    );
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [image] });
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.matches("saved"));
    expect(notify).toHaveBeenCalledWith(messages.created);
    expect(goToList).toHaveBeenCalledTimes(1);
    expect(revoked).toEqual(["blob:1"]);
    expect(actor.getSnapshot().context.progress).toBe(100);
  });

  it("keeps the form filled in and shows the server's refusal", async () => {
    const { actor } = startForm(
      9,
      "national",
      saving(async () => {
        throw new ApiError(413, messages.fileTooLarge);
      }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: messages.fileTooLarge, progress: 0 });
  });

  it("ends unavailable when the destination cannot be loaded", async () => {
    const actor = createActor(
      destinationFormMachine.provide({
        actors: {
          loadRecord: fromPromise<Loaded<Itinerary, DestinationOptions>, LoadInput>(async () => {
            throw new ApiError(404, messages.notFound);
          }),
        },
      }),
      { input: { client: createClient({ readToken: () => null }), source: destinationFormSource("national"), id: 99 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().value).toBe("unavailable");
    expect(actor.getSnapshot().context.error).toBe(messages.notFound);
  });
});

describe("the destination form over the real client", () => {
  /** A client whose GETs answer the catalogues and the destination, and whose uploads are recorded. */
  const api = () => {
    const uploads: UploadRequest[] = [];
    const lists: Record<string, unknown> = {
      "/api/feedings": [breakfast, dinner],
      "/api/activities": [],
      "/api/courtesys": [],
      // the destination as the server sends it, spelled as SPEC.md spells it
      "/api/itineraries/9": Schema.encodeSync(Itinerary)(quilotoa),
    };
    const client = createClient({
      readToken: () => "t0k3n",
      fetch: async (url) => Response.json({ data: lists[String(url)] }, { status: 200 }),
      upload: async (request) => {
        uploads.push(request);
        request.onProgress(1, 2);
        return { status: 200, text: JSON.stringify({ data: messages.updated }) };
      },
    });
    return { client, uploads };
  };

  it("edits without a chosen file: no image part is sent, the loaded version is, and only active items were offered", async () => {
    const { client, uploads } = api();
    const actor = createActor(destinationFormMachine, {
      input: { client, source: destinationFormSource("national"), id: 9 },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.options?.feeding).toEqual([breakfast]);
    expect(actor.getSnapshot().context.images).toEqual([]);
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.matches("saved"));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.url).toBe("/api/itineraries/updateItinerary/9?images=tiptops&file=files");
    expect(uploads[0]?.body.has("image")).toBe(false);
    expect(uploads[0]?.body.get("feeding[0]")).toBe("3");
    expect(uploads[0]?.body.get("version")).toBe("2");
    expect(actor.getSnapshot().context.message).toBe(messages.updated);
  });

  it("does not open a national destination under the international path, so no save can change its type", async () => {
    const { client, uploads } = api();
    const actor = createActor(destinationFormMachine, {
      input: { client, source: destinationFormSource("international"), id: 9 },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("unavailable"));
    expect(actor.getSnapshot().context.error).toBe(messages.notFound);
    expect(uploads).toEqual([]);
  });

  it("creates with the chosen file as the image part", async () => {
    const { client, uploads } = api();
    const actor = createActor(destinationFormMachine, {
      input: { client, source: destinationFormSource("national"), id: null },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [image] });
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.matches("saved"));
    expect(uploads[0]?.method).toBe("POST");
    expect(uploads[0]?.body.get("image")).toBeInstanceOf(Blob);
    // A new destination has no version to send back.
    expect(uploads[0]?.body.has("version")).toBe(false);
  });
});
