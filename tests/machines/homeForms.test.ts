import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { createClient, type UploadRequest, type UploadResponse } from "../../src/api/client.ts";
import { Schema } from "effect";
import { Banner, HomeContent } from "../../src/api/home.ts";
import { Itinerary } from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import { isHttpUrl } from "../../src/api/fields.ts";
import { callActionProblems } from "../../src/api/home.ts";
import {
  type BannerDraft,
  bannerFormMachine,
  bannerFormSource,
  bannerUpload,
  type CallActionDraft,
  callActionFormMachine,
  callActionFormSource,
} from "../../src/machines/home/home.ts";
import { addImages, type FormImage, moveImage, removeImage } from "../../src/machines/shared/recordForm.machine.ts";
import { homeContentMachine } from "../../src/machines/home/homeContent.machine.ts";
import { addChoice, moveChoice, recommendationsMachine, removeChoice } from "../../src/machines/home/recommendations.machine.ts";
import { bannerId, itineraryId } from "../ids.ts";

const banner: Banner = {
  id: bannerId(2),
  type: "banner",
  title: "Galápagos",
  text: "Cruceros",
  textTwo: "",
  titleEn: "",
  textEn: "",
  textTwoEn: "",
  images: ["uploads/home_page/a.png", "uploads/home_page/b.png", "uploads/home_page/c.png"],
  imageAlts: ["", "", ""],
  imageAltsEn: ["", "", ""],
  page: "home",
  active: true,
  version: 4,
};

const draft: BannerDraft = {
  title: " Galápagos 2026 ",
  text: "Cruceros",
  textTwo: "",
  titleEn: " Galápagos 2026 ",
  textEn: "",
  textTwoEn: "",
  imageAlts: [" Un yate ", ""],
  imageAltsEn: ["A yacht", ""],
  active: true,
};

const png = (name: string) => new Blob([name], { type: "image/png" });

const json = (data: unknown, status = 200) => Response.json({ data }, { status });

/** Destinations as the server sends them, spelled as SPEC.md spells them (decision 074). */
const destinationsAsSent = Schema.encodeSync(Schema.Array(Itinerary));

/** A client whose GETs answer from `replies` (by path) and whose uploads are recorded. */
const fakeClient = (
  replies: Record<string, () => Response>,
  uploadAnswer: () => Promise<UploadResponse> = async () => ({ status: 200, text: JSON.stringify({ data: messages.updated }) }),
) => {
  const uploads: UploadRequest[] = [];
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const client = createClient({
    readToken: () => "t0k3n",
    fetch: async (input, init) => {
      const url = String(input);
      calls.push({ method: init?.method ?? "GET", url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      const reply = replies[`${init?.method ?? "GET"} ${url}`];
      return reply === undefined ? json("resource not found", 404) : reply();
    },
    upload: async (request) => {
      uploads.push(request);
      request.onProgress(50, 100);
      return uploadAnswer();
    },
  });
  return { client, uploads, calls };
};

const formEntries = (form: FormData | undefined) =>
  [...(form ?? new FormData()).entries()].map(([key, value]) => [key, typeof value === "string" ? value : "file"]);

describe("the banner images", () => {
  const kept: ReadonlyArray<FormImage> = banner.images.map((path) => ({ kind: "kept", slot: "", path }));

  it("are kept in order as images[i], new files after them", () => {
    const images = addImages(kept, [png("d"), png("e")], 0);
    const { fields, files } = bannerUpload(draft, images);
    expect(fields).toEqual({
      title: "Galápagos 2026",
      text: "Cruceros",
      textTwo: "",
      titleEn: "Galápagos 2026",
      textEn: "",
      textTwoEn: "",
      page: "home",
      type: "banner",
      active: "true",
      images: banner.images,
      // trimmed, in the order the images are listed
      imageAlts: ["Un yate", ""],
      imageAltsEn: ["A yacht", ""],
    });
    expect(files).toHaveLength(2);
  });

  it("are removed and reordered, but a new file never moves above a kept image", () => {
    const withNew = addImages(kept, [png("d")], 0);
    const reordered = moveImage(removeImage(withNew, 0), 1, -1);
    expect(bannerUpload(draft, reordered).fields.images).toEqual(["uploads/home_page/c.png", "uploads/home_page/b.png"]);
    expect(moveImage(reordered, 2, -1)).toBe(reordered);
    expect(moveImage(reordered, 0, -1)).toBe(reordered);
    expect(moveImage(reordered, 2, 1)).toBe(reordered);
  });
});

describe("the banner form", () => {
  const bannerReply = () => json(Schema.encodeSync(Banner)(banner));

  it("sends kept, removed, reordered and added images and the loaded version; ignores a second submit; reloads and shows the popup", async () => {
    const { client, uploads, calls } = fakeClient({ "GET /api/homeScreen/getBaner/2": bannerReply });
    const showSaved = vi.fn();
    const actor = createActor(
      bannerFormMachine.provide({
        actions: {
          notify: (_, { message }: { message: string }) => showSaved(message),
        },
      }),
      { input: { client, source: bannerFormSource, id: 2 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.images.map((image) => (image.kind === "kept" ? image.path : "new"))).toEqual(
      banner.images,
    );

    actor.send({ type: "image.remove", index: 1 });
    actor.send({ type: "image.moveDown", index: 0 });
    actor.send({ type: "images.add", files: [png("new-1"), png("new-2")] });
    actor.send({ type: "image.moveUp", index: 3 });
    actor.send({ type: "image.remove", index: 2 });
    // a, b, c -> a, c -> c, a -> c, a, new-1, new-2 -> c, a, new-2, new-1 -> c, a, new-1

    actor.send({ type: "form.submit", draft });
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));

    expect(uploads).toHaveLength(1);
    const [request] = uploads;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe("/api/homeScreen/updateBaner/2?images=home_page");
    expect(formEntries(request?.body)).toEqual([
      ["title", "Galápagos 2026"],
      ["text", "Cruceros"],
      ["textTwo", ""],
      ["titleEn", "Galápagos 2026"],
      ["textEn", ""],
      ["textTwoEn", ""],
      ["page", "home"],
      ["type", "baner"],
      ["active", "true"],
      ["images[0]", "uploads/home_page/c.png"],
      ["images[1]", "uploads/home_page/a.png"],
      ["imageAlts[0]", "Un yate"],
      ["imageAlts[1]", ""],
      ["imageAltsEn[0]", "A yacht"],
      ["imageAltsEn[1]", ""],
      ["version", "4"],
      ["images", "file"],
    ]);
    const sentFile = request?.body.get("images");
    expect(sentFile instanceof Blob ? await sentFile.text() : null).toBe("new-1");
    expect(showSaved).toHaveBeenCalledWith(messages.updated);
    // loaded once, then once more after the save
    expect(calls.filter((call) => call.url === "/api/homeScreen/getBaner/2")).toHaveLength(2);
    expect(actor.getSnapshot().context.revision).toBe(2);
    expect(actor.getSnapshot().context.progress).toBe(0);
  });

  it("refuses a blank title with 'required' and sends nothing", async () => {
    const { client, uploads } = fakeClient({ "GET /api/homeScreen/getBaner/2": bannerReply });
    const actor = createActor(bannerFormMachine, { input: { client, source: bannerFormSource, id: 2 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { ...draft, title: "   " } });
    expect(actor.getSnapshot().context.problems).toEqual({ title: "required" });
    expect(uploads).toHaveLength(0);
  });

  it("tracks the progress while uploading", async () => {
    let finish: (answer: UploadResponse) => void = () => {};
    const { client } = fakeClient(
      { "GET /api/homeScreen/getBaner/2": bannerReply },
      () => new Promise((resolve) => { finish = resolve; }),
    );
    const actor = createActor(bannerFormMachine, { input: { client, source: bannerFormSource, id: 2 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.context.progress === 50);
    expect(actor.getSnapshot().hasTag("processing")).toBe(true);
    finish({ status: 415, text: JSON.stringify({ data: messages.unsupportedFile }) });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(messages.unsupportedFile);
    expect(actor.getSnapshot().context.progress).toBe(0);
  });

  it("creates a new banner with POST, shows the popup and goes back to the list", async () => {
    const { client, uploads } = fakeClient({});
    const goToList = vi.fn();
    const showSaved = vi.fn();
    const actor = createActor(
      bannerFormMachine.provide({ actions: { goToList, notify: (_, { message }: { message: string }) => showSaved(message) } }),
      { input: { client, source: bannerFormSource, id: null } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("a")] });
    actor.send({ type: "form.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(uploads[0]?.url).toBe("/api/homeScreen/createBaner?images=home_page");
    // no kept image: the list travels as one empty field, then the file
    expect(formEntries(uploads[0]?.body).filter(([name]) => name === "images")).toEqual([
      ["images", ""],
      ["images", "file"],
    ]);
    expect(goToList).toHaveBeenCalledOnce();
    expect(showSaved).toHaveBeenCalledWith(messages.updated);
  });
});

describe("the banner's images", () => {
  it("are at most ten: adding more is refused with a problem by the images, and the next add that fits clears it", async () => {
    const { client } = fakeClient({});
    const actor = createActor(bannerFormMachine, { input: { client, source: bannerFormSource, id: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: Array.from({ length: 9 }, (_, index) => png(String(index))) });
    actor.send({ type: "images.add", files: [png("10"), png("11")] });
    expect(actor.getSnapshot().context.images).toHaveLength(9);
    expect(actor.getSnapshot().context.problems).toEqual({ images: "invalid" });
    actor.send({ type: "images.add", files: [png("10")] });
    expect(actor.getSnapshot().context.images).toHaveLength(10);
    expect(actor.getSnapshot().context.problems).toEqual({});
  });
});

describe("the call-to-action URL rule", () => {
  it.each([
    ["https://example.com/cotizar", true],
    ["http://example.com", true],
    ["ftp://example.com", false],
    ["javascript:alert(1)", false],
    ["example.com", false],
    ["https://", false],
  ])("%s is an http(s) URL: %s", (text, expected) => {
    expect(isHttpUrl(text)).toBe(expected);
  });

  const complete: CallActionDraft = {
    title: "Cotice su viaje",
    text: "Le respondemos en un día.",
    buttonLabel: "Escríbanos",
    titleEn: "",
    textEn: "",
    buttonLabelEn: "",
    link: "https://example.com",
    active: true,
  };

  it("requires every field and reports a non-http link as 'invalidUrl'", () => {
    expect(callActionProblems(complete)).toEqual({});
    expect(callActionProblems({ ...complete, title: "", text: " ", buttonLabel: "", link: "" })).toEqual({
      title: "required",
      text: "required",
      buttonLabel: "required",
      link: "required",
    });
    expect(callActionProblems({ ...complete, link: "mailto:ventas@example.com" })).toEqual({ link: "invalidUrl" });
  });

  it("saves once, toasts and goes back to /panel/home", async () => {
    const { client, calls } = fakeClient({
      "GET /api/homeScreen/getCallAction/3": () => json({ id: 3, type: "call_action", ...complete, version: 6 }),
      "PUT /api/homeScreen/updateCallAction/3": () => json(messages.updated),
    });
    const notify = vi.fn();
    const goToList = vi.fn();
    const actor = createActor(
      callActionFormMachine.provide({ actions: { goToList, notify: (_, { message }: { message: string }) => notify(message) } }),
      { input: { client, source: callActionFormSource, id: 3 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { ...complete, link: "javascript:alert(1)" } });
    expect(actor.getSnapshot().context.problems).toEqual({ link: "invalidUrl" });
    actor.send({ type: "form.submit", draft: { ...complete, link: " https://example.com/x " } });
    actor.send({ type: "form.submit", draft: complete });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    const puts = calls.filter((call) => call.method === "PUT");
    expect(puts).toEqual([
      {
        method: "PUT",
        url: "/api/homeScreen/updateCallAction/3",
        body: { ...complete, link: "https://example.com/x", version: 6 },
      },
    ]);
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
  });
});

const destination = (id: number, name: string, type: "national" | "international"): Itinerary => ({
  id: itineraryId(id),
  name,
  days: "3 días",
  description: "",
  availability: "Todo el año",
  price: 100,
  offerPrice: null,
  isOffer: false,
  type,
  ...(type === "national" ? { region: "Sierra" as const } : {}),
  servicesIncluded: ["Traslados"],
  feeding: [],
  activities: [],
  courtesy: [],
  departureFrom: ["Quito"],
  image: "uploads/tiptops/x.png",
  imageAlt: "",
  nameEn: "",
  daysEn: "",
  descriptionEn: "",
  imageAltEn: "",
  version: 1,
});

describe("the recommendations", () => {
  it("add at the end without duplicates, remove, and move within bounds", () => {
    expect(addChoice([itineraryId(1), itineraryId(2)], itineraryId(3))).toEqual([1, 2, 3]);
    expect(addChoice([itineraryId(1), itineraryId(2)], itineraryId(2))).toEqual([1, 2]);
    expect(removeChoice([itineraryId(1), itineraryId(2), itineraryId(3)], itineraryId(2))).toEqual([1, 3]);
    expect(moveChoice([itineraryId(1), itineraryId(2), itineraryId(3)], itineraryId(3), -1)).toEqual([1, 3, 2]);
    expect(moveChoice([itineraryId(1), itineraryId(2), itineraryId(3)], itineraryId(1), -1)).toEqual([1, 2, 3]);
    expect(moveChoice([itineraryId(1), itineraryId(2), itineraryId(3)], itineraryId(3), 1)).toEqual([1, 2, 3]);
  });

  it("load both types and the current order, and save the new order once", async () => {
    const recommended = (id: number, position: number, item: Itinerary) => ({
      id: itineraryId(id),
      type: "recommendation" as const,
      position,
      itinerary: { ...item, offerPrice: null, isOffer: false },
    });
    // the server's order is by position, whatever order the array comes in
    const content: HomeContent = {
      banners: [],
      call_action: [],
      recommendations: [
        recommended(1, 2, destination(5, "París", "international")),
        recommended(2, 1, destination(4, "Quilotoa", "national")),
      ],
      recommendationsVersion: 3,
    };
    const { client, calls } = fakeClient({
      "GET /api/itineraries/destinations/national": () => json(destinationsAsSent([destination(4, "Quilotoa", "national"), destination(6, "Baños", "national")])),
      "GET /api/itineraries/destinations/international": () => json(destinationsAsSent([destination(5, "París", "international")])),
      "GET /api/homeScreen/adminContent": () => json(Schema.encodeSync(HomeContent)(content)),
      "PUT /api/homeScreen/updateRecomendation": () => json(messages.updated),
    });
    const goToList = vi.fn();
    const actor = createActor(recommendationsMachine.provide({ actions: { goToList } }), { input: { client } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.chosen).toEqual([4, 5]);
    expect(actor.getSnapshot().context.destinations.map((item) => item.name)).toEqual(["Quilotoa", "Baños", "París"]);
    actor.send({ type: "recommendation.add", id: itineraryId(6) });
    actor.send({ type: "recommendation.moveUp", id: itineraryId(6) });
    actor.send({ type: "recommendation.remove", id: itineraryId(4) });
    actor.send({ type: "recommendation.moveDown", id: itineraryId(6) });
    actor.send({ type: "recommendations.save" });
    actor.send({ type: "recommendations.save" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([{ itineraries: [5, 6], version: 3 }]);
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("are outdated when someone saved the list since it loaded (409 stale), and reload loads the list as it is now", async () => {
    const recommended = (position: number, item: Itinerary) => ({
      id: item.id,
      type: "recommendation" as const,
      position,
      itinerary: { ...item, offerPrice: null, isOffer: false },
    });
    const quilotoa = destination(4, "Quilotoa", "national");
    const banos = destination(6, "Baños", "national");
    const paris = destination(5, "París", "international");
    let content: HomeContent = { banners: [], call_action: [], recommendations: [recommended(1, quilotoa)], recommendationsVersion: 1 };
    const { client, calls } = fakeClient({
      "GET /api/itineraries/destinations/national": () => json(destinationsAsSent([quilotoa, banos])),
      "GET /api/itineraries/destinations/international": () => json(destinationsAsSent([paris])),
      "GET /api/homeScreen/adminContent": () => json(Schema.encodeSync(HomeContent)(content)),
      // Like the server: a list saved from another version than the stored one is refused.
      "PUT /api/homeScreen/updateRecomendation": () =>
        Object(calls.at(-1)?.body).version === content.recommendationsVersion ? json(messages.updated) : json(messages.stale, 409),
    });
    const goToList = vi.fn();
    const actor = createActor(recommendationsMachine.provide({ actions: { goToList } }), { input: { client } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ chosen: [4], version: 1 });
    // Someone else saves the list: París first, then Quilotoa.
    content = { ...content, recommendations: [recommended(1, paris), recommended(2, quilotoa)], recommendationsVersion: 2 };
    actor.send({ type: "recommendation.add", id: itineraryId(6) });
    actor.send({ type: "recommendations.save" });
    await waitFor(actor, (snapshot) => snapshot.matches("outdated"));
    expect(actor.getSnapshot().context).toMatchObject({ chosen: [4, 6], version: 1, error: messages.stale });
    // Nothing can be saved from an outdated editor.
    actor.send({ type: "recommendations.save" });
    expect(actor.getSnapshot().value).toBe("outdated");
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1);

    actor.send({ type: "recommendations.reload" });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ chosen: [5, 4], version: 2, error: null });
    actor.send({ type: "recommendation.add", id: itineraryId(6) });
    actor.send({ type: "recommendations.save" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { itineraries: [4, 6], version: 1 },
      { itineraries: [5, 4, 6], version: 2 },
    ]);
    expect(goToList).toHaveBeenCalledOnce();
  });
});

describe("the home content list", () => {
  it("loads, reports a failure and loads again on reload", async () => {
    let fail = true;
    const { client } = fakeClient({
      "GET /api/homeScreen/adminContent": () =>
        fail ? json(messages.forbidden, 403) : json(Schema.encodeSync(HomeContent)({ banners: [banner], call_action: [], recommendations: [], recommendationsVersion: 0 })),
    });
    const actor = createActor(homeContentMachine, { input: { client } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
    fail = false;
    actor.send({ type: "content.reload" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(actor.getSnapshot().context.content?.banners).toEqual([banner]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
