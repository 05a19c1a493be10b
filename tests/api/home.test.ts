/**
 * Home content over real HTTP: banners as multipart forms (kept images resent as `images[i]`, new
 * files after them), calls to action with their link rule, the recommended destinations, the
 * public landing page's read without a session, and the history of banners and calls to action.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { type ItineraryDraft, itineraryFormOf } from "../../server/itineraries/form.ts";
import { createItinerary, deleteItinerary } from "../../server/itineraries/itineraries.ts";
import { storeImage } from "../../server/uploads/store.ts";
import { detectImage } from "../../server/uploads/images.ts";
import { bannerProblems, callActionProblems, LINK_MAX_LENGTH } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, request, sessionFor, startServer, type TestServer, testEnv, versionIn } from "./support.ts";
import { itineraryId } from "../ids.ts";

let db: Database;
let server: TestServer;
let token: string;
let marketingId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  // One megabyte per file, so the 413 case stays small.
  server = await startServer(db, { env: testEnv({ MAX_UPLOAD_MB: "1" }) });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  marketingId = await createStaff(db, { email: "marketing@example.com", password: null, role: "marketing" });
  token = await sessionFor(server, db, marketingId);
});

const pngBytes = (shade: number): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encodePng(4, 3, (x, y) => [shade % 256, (x * 40) % 256, (y * 60) % 256]));

/** A small PNG whose bytes depend on `shade`: different shades, different images. */
const png = (shade: number): Blob => new Blob([pngBytes(shade)], { type: "image/png" });

type Fields = Record<string, string | ReadonlyArray<string>>;

/** The panel's form: kept images as images[0], images[1] ...; an empty list as one empty field. */
const formOf = (fields: Fields, files: ReadonlyArray<Blob>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else if (value.length === 0) form.append(name, "");
    else for (const [index, entry] of value.entries()) form.append(`${name}[${index}]`, entry);
  }
  for (const file of files) form.append("images", file, "foto.png");
  return form;
};

const send = async (method: string, path: string, form: FormData, query = "?images=home_page"): Promise<Answer> => {
  const response = await fetch(`${server.base}/api${path}${query}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), headers: response.headers };
};

const createBanner = (fields: Fields, files: ReadonlyArray<Blob> = []) =>
  send("POST", "/homeScreen/createBaner", formOf(fields, files));
const getBanner = (id: number) => request(server, "GET", `/api/homeScreen/getBaner/${id}`, { token });
/** Saves the edit form, sending back the version it loaded: the banner's current one unless told. */
const updateBanner = async (id: number, fields: Fields, files: ReadonlyArray<Blob> = [], version?: number) =>
  send("PUT", `/homeScreen/updateBaner/${id}`, formOf({ ...fields, version: String(version ?? versionIn(await getBanner(id))) }, files));

const bannerImages = async (id: number): Promise<ReadonlyArray<string>> => {
  const banner = dataOf(await getBanner(id));
  if (typeof banner !== "object" || banner === null || !("images" in banner) || !Array.isArray(banner.images)) {
    throw new Error(`no banner ${id}`);
  }
  return banner.images.map(String);
};

const newestId = async (table: "banners" | "call_actions"): Promise<number> => {
  const [row] = await db.query<{ id: number }>(`select max(id)::int as id from ${table}`);
  if (row?.id === undefined) throw new Error(`nothing in ${table}`);
  return row.id;
};

/** Everything a refused request must leave as it was. */
const state = async () => ({
  events: await db.query("select id, stream, stream_id, version, type from events order by id"),
  banners: await db.query("select * from banners order by id"),
  images: await db.query("select * from banner_images order by banner_id, position"),
  callActions: await db.query("select * from call_actions order by id"),
  recommendations: await db.query("select * from recommendations order by list_id, position"),
  uploads: await db.query("select folder, sha256 from uploads order by sha256"),
});

// Every upload is stored re-encoded as WebP (docs/decisions/020-images-decoded-and-re-encoded.md).
const imagePattern = /^uploads\/home_page\/[0-9a-f]{64}\.webp$/;

const galapagos = { title: "Galápagos a bordo", text: "Cruceros de 4 a 8 días", textTwo: "Guías naturalistas", page: "home", type: "baner" };

describe("banners", () => {
  it("creates banners with no, one and several images and answers them as the contract says", async () => {
    expect(await createBanner({ title: "Sin fotos" })).toMatchObject({ status: 200, body: { data: messages.created } });
    const none = await newestId("banners");
    expect(dataOf(await getBanner(none))).toEqual({
      id: none,
      type: "baner",
      title: "Sin fotos",
      text: "",
      textTwo: "",
      titleEn: "",
      textEn: "",
      textTwoEn: "",
      images: [],
      imageAlts: [],
      imageAltsEn: [],
      page: "home",
      active: true,
      version: 1,
    });
    expect((await createBanner(galapagos, [png(1)])).status).toBe(200);
    const one = await newestId("banners");
    expect(dataOf(await getBanner(one))).toMatchObject({ ...galapagos, images: [expect.stringMatching(imagePattern)] });
    expect((await createBanner({ ...galapagos, active: "false" }, [png(1), png(2), png(3)])).status).toBe(200);
    const several = await newestId("banners");
    const images = await bannerImages(several);
    expect(images).toHaveLength(3);
    expect(images[0]).toBe((await bannerImages(one))[0]);
    expect(dataOf(await getBanner(several))).toMatchObject({ active: false });
    // the stored pictures are served under the API base
    const served = await fetch(`${server.base}/api/${images[1]}`);
    expect(served.status).toBe(200);
    // re-encoded as WebP: the same picture, not the uploaded bytes
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(detectImage(new Uint8Array(await served.arrayBuffer()))).toEqual({ mime: "image/webp", ext: "webp" });
  });

  it("keeps the English texts and each image's alternative texts, which follow their image when it moves", async () => {
    const english = { titleEn: " Galápagos aboard ", textEn: "Cruises of 4 to 8 days", textTwoEn: "" };
    const alts = { imageAlts: ["Un yate", " Una tortuga "], imageAltsEn: ["A yacht", "A tortoise"] };
    expect((await createBanner({ ...galapagos, ...english, ...alts }, [png(1), png(2)])).status).toBe(200);
    const id = await newestId("banners");
    const [yacht, tortoise] = await bannerImages(id);
    if (yacht === undefined || tortoise === undefined) throw new Error("two images expected");
    expect(dataOf(await getBanner(id))).toMatchObject({
      titleEn: "Galápagos aboard",
      textEn: "Cruises of 4 to 8 days",
      textTwoEn: "",
      imageAlts: ["Un yate", "Una tortuga"],
      imageAltsEn: ["A yacht", "A tortoise"],
    });
    // an edit that sends no alternative texts keeps each image's own, in the images' new order
    expect((await updateBanner(id, { ...galapagos, ...english, images: [tortoise, yacht] }, [png(3)])).status).toBe(200);
    expect(dataOf(await getBanner(id))).toMatchObject({
      imageAlts: ["Una tortuga", "Un yate", ""],
      imageAltsEn: ["A tortoise", "A yacht", ""],
    });
    // the public page answers them too, for the English landing page to choose from
    const landing = dataOf(await request(server, "GET", "/api/homeScreen/content")) as { baner: ReadonlyArray<{ id: number }> };
    expect(landing.baner.find((banner) => banner.id === id)).toMatchObject({ titleEn: "Galápagos aboard", imageAltsEn: ["A tortoise", "A yacht", ""] });
    // an English title over its limit is refused like a Spanish one, and nothing changes
    const before = await state();
    expect(await updateBanner(id, { ...galapagos, titleEn: "x".repeat(121) })).toMatchObject({
      status: 400,
      body: { data: messages.invalidInput },
    });
    expect(await state()).toEqual(before);
  });

  it("keeps, reorders, removes and adds images on edit", async () => {
    await createBanner(galapagos, [png(1), png(2), png(3)]);
    const id = await newestId("banners");
    const [a, b, c] = await bannerImages(id);
    if (a === undefined || b === undefined || c === undefined) throw new Error("three images expected");
    // the panel resends what it keeps
    expect(await updateBanner(id, { ...galapagos, images: [a, b, c] })).toMatchObject({
      status: 200,
      body: { data: messages.updated },
    });
    expect(await bannerImages(id)).toEqual([a, b, c]);
    expect((await updateBanner(id, { ...galapagos, images: [c, a, b] })).status).toBe(200);
    expect(await bannerImages(id)).toEqual([c, a, b]);
    expect((await updateBanner(id, { ...galapagos, images: [c, b] })).status).toBe(200);
    expect(await bannerImages(id)).toEqual([c, b]);
    expect((await updateBanner(id, { ...galapagos, images: [b, c] }, [png(4)])).status).toBe(200);
    const [first, second, added] = await bannerImages(id);
    expect([first, second]).toEqual([b, c]);
    expect(added).toMatch(imagePattern);
    expect(added).not.toBe(a);
    // a removed image can come back only as a new file
    expect((await updateBanner(id, { ...galapagos, images: [b] }, [png(1)])).status).toBe(200);
    expect(await bannerImages(id)).toEqual([b, a]);
  });

  it("keeps every image when an edit sends neither images[i] nor files, and removes them all on an empty images field", async () => {
    await createBanner(galapagos, [png(1), png(2)]);
    const id = await newestId("banners");
    const images = await bannerImages(id);
    expect((await updateBanner(id, { ...galapagos, title: "Galápagos" })).status).toBe(200);
    expect(dataOf(await getBanner(id))).toMatchObject({ title: "Galápagos", images });
    // new files without images[i]: the current images stay, the new one follows
    expect((await updateBanner(id, galapagos, [png(3)])).status).toBe(200);
    expect(await bannerImages(id)).toEqual([...images, expect.stringMatching(imagePattern)]);
    expect((await updateBanner(id, { ...galapagos, images: [] })).status).toBe(200);
    expect(await bannerImages(id)).toEqual([]);
  });

  it("writes no event for an edit that changes nothing, and one per change otherwise", async () => {
    await createBanner(galapagos, [png(1)]);
    const id = await newestId("banners");
    const images = await bannerImages(id);
    const events = async () =>
      (await db.query<{ type: string }>("select type from events where stream = 'banner' order by id")).map((row) => row.type);
    await updateBanner(id, { ...galapagos, images });
    expect(await events()).toEqual(["banner.create"]);
    await updateBanner(id, { ...galapagos, images, active: "false" });
    expect(await events()).toEqual(["banner.create", "banner.deactivate"]);
    await updateBanner(id, { ...galapagos, text: "Nuevo texto", active: "true" });
    expect(await events()).toEqual(["banner.create", "banner.deactivate", "banner.update", "banner.activate"]);
  });

  it("requires a title and refuses other pages, types and flags, storing nothing", async () => {
    await createBanner(galapagos, [png(1)]);
    const id = await newestId("banners");
    const before = await state();
    const refusals: ReadonlyArray<[Fields, string]> = [
      [{ text: "Sin título" }, messages.requiredInformation],
      [{ ...galapagos, title: "   " }, messages.requiredInformation],
      [{ ...galapagos, page: "landing" }, messages.invalidInput],
      [{ ...galapagos, type: "call_action" }, messages.invalidInput],
      [{ ...galapagos, active: "yes" }, messages.invalidInput],
      [{ ...galapagos, title: "x".repeat(121) }, messages.invalidInput],
    ];
    for (const [fields, message] of refusals) {
      expect(await createBanner(fields, [png(7)])).toMatchObject({ status: 400, body: { data: message } });
      expect(await updateBanner(id, fields, [png(7)])).toMatchObject({ status: 400, body: { data: message } });
    }
    expect((await send("POST", "/homeScreen/createBaner", formOf(galapagos, [png(7)]), "?images=tiptops")).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("judges the texts with the rules the panel shares (bannerProblems)", () => {
    expect(bannerProblems(galapagos)).toEqual({});
    expect(bannerProblems({ title: "  ", text: "x".repeat(1_001) })).toEqual({ title: "required", text: "invalid" });
  });

  it("refuses a kept path that is not one of the banner's own images, storing nothing", async () => {
    await createBanner(galapagos, [png(1)]);
    const first = await newestId("banners");
    await createBanner(galapagos, [png(2)]);
    const second = await newestId("banners");
    const [own] = await bannerImages(first);
    const [foreign] = await bannerImages(second);
    if (own === undefined || foreign === undefined) throw new Error("images expected");
    const before = await state();
    for (const images of [[foreign], [own, foreign], [own, own], ["uploads/home_page/../../etc/passwd"], [""]]) {
      expect(await updateBanner(first, { ...galapagos, images }, [png(8)])).toMatchObject({
        status: 400,
        body: { data: messages.invalidInput },
      });
    }
    // a new banner has no images to keep
    expect((await createBanner({ ...galapagos, images: [own] }, [png(8)])).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("refuses a non-image with 415 and a file over MAX_UPLOAD_MB with 413, storing nothing", async () => {
    await createBanner(galapagos, [png(1)]);
    const id = await newestId("banners");
    const before = await state();
    const text = new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" });
    expect(await createBanner(galapagos, [png(2), text])).toMatchObject({
      status: 415,
      body: { data: messages.unsupportedFile },
    });
    expect((await updateBanner(id, galapagos, [text])).status).toBe(415);
    const large = new Uint8Array(1_048_576 + 1);
    large.set(pngBytes(3));
    expect(await createBanner(galapagos, [new Blob([large], { type: "image/png" })])).toMatchObject({
      status: 413,
      body: { data: messages.fileTooLarge },
    });
    expect((await updateBanner(id, galapagos, [png(4), new Blob([large], { type: "image/png" })])).status).toBe(413);
    expect(await state()).toEqual(before);
  });

  it("refuses more than ten images in one carousel and answers 404 for an unknown banner", async () => {
    await createBanner(galapagos, Array.from({ length: 6 }, (_, shade) => png(shade)));
    const id = await newestId("banners");
    const images = await bannerImages(id);
    const before = await state();
    const answer = await updateBanner(id, { ...galapagos, images }, Array.from({ length: 5 }, (_, shade) => png(10 + shade)));
    expect(answer).toMatchObject({ status: 400, body: { data: messages.invalidInput } });
    expect(await state()).toEqual(before);
    expect((await getBanner(999)).status).toBe(404);
    expect((await updateBanner(999, galapagos, [], 1)).status).toBe(404);
  });

  it("deletes a banner: it leaves the panel and the landing page, its images go unless another banner shows them", async () => {
    await createBanner(galapagos, [png(1), png(2)]);
    const deleted = await newestId("banners");
    const [shared, own] = await bannerImages(deleted);
    if (shared === undefined || own === undefined) throw new Error("the banner has no images");
    await createBanner({ ...galapagos, title: "Otra" }, [png(1)]);
    const kept = await newestId("banners");

    const answer = await request(server, "DELETE", `/api/homeScreen/deleteBaner/${deleted}`, { token });
    expect(answer).toMatchObject({ status: 200, body: { data: messages.deleted } });
    expect((await getBanner(deleted)).status).toBe(404);
    const panel = dataOf(await request(server, "GET", "/api/homeScreen/adminContent", { token })) as { baner: { id: number }[] };
    expect(panel.baner.map((banner) => banner.id)).toEqual([kept]);
    const landing = dataOf(await request(server, "GET", "/api/homeScreen/content")) as { baner: { id: number }[] };
    expect(landing.baner.map((banner) => banner.id)).toEqual([kept]);
    expect((await fetch(`${server.base}/api/${shared}`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/${own}`)).status).toBe(404);
    const [event] = await db.query<{ type: string }>(
      "select type from events where stream = 'banner' and stream_id = $1 order by version desc limit 1",
      [String(deleted)],
    );
    expect(event?.type).toBe("banner.delete");

    const before = await state();
    expect((await request(server, "DELETE", `/api/homeScreen/deleteBaner/${deleted}`, { token })).status).toBe(404);
    expect((await updateBanner(deleted, galapagos, [], 3)).status).toBe(404);
    expect(await state()).toEqual(before);
  });
});

const cotizar = { title: "Cotice su crucero", text: "Le respondemos en 24 horas.", buttonLabel: "Cotizar", link: "https://example.com/cotizar" };

const createCallAction = (body: unknown) => request(server, "POST", "/api/homeScreen/createCallAction", { token, body });
const getCallAction = (id: number) => request(server, "GET", `/api/homeScreen/getCallAction/${id}`, { token });
/** Saves the edit form, sending back the version it loaded: the call to action's current one unless told. */
const updateCallAction = async (id: number, body: Record<string, unknown>, version?: number) =>
  request(server, "PUT", `/api/homeScreen/updateCallAction/${id}`, {
    token,
    body: { ...body, version: version ?? versionIn(await getCallAction(id)) },
  });

describe("calls to action", () => {
  it("creates, reads and updates a call to action", async () => {
    expect(await createCallAction({ ...cotizar, title: "  Cotice su crucero " })).toMatchObject({
      status: 200,
      body: { data: messages.created },
    });
    const id = await newestId("call_actions");
    const noEnglish = { titleEn: "", textEn: "", buttonLabelEn: "" };
    expect(dataOf(await getCallAction(id))).toEqual({ id, type: "call_action", ...cotizar, ...noEnglish, active: true, version: 1 });
    const english = { titleEn: "Get a quote for your cruise", textEn: "We answer within 24 hours.", buttonLabelEn: "Get a quote" };
    expect((await updateCallAction(id, { ...cotizar, ...english })).status).toBe(200);
    expect(dataOf(await getCallAction(id))).toMatchObject({ ...cotizar, ...english, version: 2 });
    // the Spanish texts stay required; the English ones may be blank
    expect(await updateCallAction(id, { ...cotizar, ...english, buttonLabel: " " })).toMatchObject({
      status: 400,
      body: { data: messages.requiredInformation },
    });
    expect(await updateCallAction(id, { ...cotizar, link: "http://example.com/b?x=1#y", active: false })).toMatchObject({
      status: 200,
      body: { data: messages.updated },
    });
    expect(dataOf(await getCallAction(id))).toMatchObject({ link: "http://example.com/b?x=1#y", active: false });
    // left out, `active` stays as it is
    await updateCallAction(id, cotizar);
    expect(dataOf(await getCallAction(id))).toMatchObject({ link: cotizar.link, active: false });
    expect((await getCallAction(999)).status).toBe(404);
    expect((await updateCallAction(999, cotizar, 1)).status).toBe(404);
  });

  it("deletes a call to action: the landing page shows the next active one, and a second delete is 404", async () => {
    await createCallAction(cotizar);
    const first = await newestId("call_actions");
    await createCallAction({ ...cotizar, title: "Reserve hoy" });
    const second = await newestId("call_actions");
    const landing = async () => (dataOf(await request(server, "GET", "/api/homeScreen/content")) as { call_action: { id: number } | null }).call_action;
    expect((await landing())?.id).toBe(first);

    expect(await request(server, "DELETE", `/api/homeScreen/deleteCallAction/${first}`, { token })).toMatchObject({
      status: 200,
      body: { data: messages.deleted },
    });
    expect((await getCallAction(first)).status).toBe(404);
    expect((await landing())?.id).toBe(second);
    expect((await request(server, "DELETE", `/api/homeScreen/deleteCallAction/${first}`, { token })).status).toBe(404);
  });

  it("refuses a link that is not an http or https URL with 'Invalid URL', and missing fields, storing nothing", async () => {
    await createCallAction(cotizar);
    const id = await newestId("call_actions");
    const before = await state();
    for (const link of ["ftp://x", "javascript:alert(1)", "not a url", "https://", "mailto:ventas@example.com", "data:text/html,hi"]) {
      expect(await createCallAction({ ...cotizar, link })).toMatchObject({ status: 400, body: { data: messages.invalidUrl } });
      expect(await updateCallAction(id, { ...cotizar, link })).toMatchObject({
        status: 400,
        body: { data: messages.invalidUrl },
      });
    }
    for (const field of ["title", "text", "buttonLabel", "link"] as const) {
      expect(await createCallAction({ ...cotizar, [field]: " " })).toMatchObject({
        status: 400,
        body: { data: messages.requiredInformation },
      });
      const { [field]: _left, ...rest } = cotizar;
      expect(await createCallAction(rest)).toMatchObject({ status: 400, body: { data: messages.requiredInformation } });
    }
    expect(await createCallAction({ ...cotizar, buttonLabel: "x".repeat(41) })).toMatchObject({
      status: 400,
      body: { data: messages.invalidInput },
    });
    // Over LINK_MAX_LENGTH the contract refuses the link before any rule: 'invalid information'.
    const longLink = `https://example.com/${"a".repeat(LINK_MAX_LENGTH)}`.slice(0, LINK_MAX_LENGTH + 1);
    expect(await createCallAction({ ...cotizar, link: longLink })).toMatchObject({
      status: 400,
      body: { data: messages.invalidInput },
    });
    expect(await state()).toEqual(before);
    expect((await createCallAction({ ...cotizar, link: longLink.slice(0, LINK_MAX_LENGTH) })).status).toBe(200);
  });

  it("judges the form with the rules the panel shares (callActionProblems)", () => {
    expect(callActionProblems(cotizar)).toEqual({});
    expect(callActionProblems({ ...cotizar, title: " ", link: "" })).toEqual({ title: "required", link: "required" });
    expect(callActionProblems({ ...cotizar, link: "javascript:alert(1)" })).toEqual({ link: "invalidUrl" });
    expect(callActionProblems({ ...cotizar, buttonLabel: "x".repeat(41) })).toEqual({ buttonLabel: "invalid" });
  });
});

const at = new Date("2030-01-01T00:00:00.000Z");

/** A destination created below the HTTP layer: these tests are about recommending it. */
const destination = async (name: string): Promise<number> => {
  const bytes = Buffer.from(pngBytes(name.length));
  const detected = detectImage(bytes);
  if (detected === null) throw new Error("not a PNG");
  const draft: ItineraryDraft = {
    name,
    days: "3 días",
    description: "",
    availability: "Todo el año",
    price: 300,
    offerPrice: 250,
    isOffer: true,
    destinationType: "national",
    region: "Costa",
    servicesIncluded: ["Traslados"],
    departureFrom: ["Quito"],
    feeding: [],
    activities: [],
    courtesy: [],
    imageAlt: `Foto de ${name}`,
    nameEn: `${name} (en)`,
    daysEn: "3 days",
    descriptionEn: "",
    imageAltEn: `Photo of ${name}`,
  };
  const options = { actorId: null, occurredAt: at };
  return db.transaction(async (tx) => createItinerary(tx, itineraryFormOf(draft), await storeImage(tx, "tiptops", { bytes, detected }, at), options));
};

const adminContent = () => request(server, "GET", "/api/homeScreen/adminContent", { token });

/** The version the recommendations editor loads the list at: the panel's home content's. */
const recommendationsVersion = async (): Promise<number> => {
  const content = dataOf(await adminContent());
  if (typeof content !== "object" || content === null || !("recomendationVersion" in content) || typeof content.recomendationVersion !== "number") {
    throw new Error("no recommendations version");
  }
  return content.recomendationVersion;
};

/** Saves the recommendations editor, sending back the version of the list it loaded. */
const recommend = async (itineraries: ReadonlyArray<unknown>) =>
  request(server, "PUT", "/api/homeScreen/updateRecomendation", {
    token,
    body: { itineraries, version: await recommendationsVersion() },
  });
const publicContent = () => request(server, "GET", "/api/homeScreen/content");

const recommendedIds = async (): Promise<ReadonlyArray<number>> => {
  const content = dataOf(await adminContent());
  if (typeof content !== "object" || content === null || !("recomendation" in content) || !Array.isArray(content.recomendation)) {
    throw new Error("no recommendations");
  }
  return content.recomendation.map((entry: { id: number }) => entry.id);
};

describe("recommendations", () => {
  it("replaces the ordered list and answers each destination with its position", async () => {
    const galapagosId = await destination("Galápagos");
    const quilotoa = await destination("Quilotoa");
    const cuenca = await destination("Cuenca");
    // Never set: the list is at version 0.
    expect(await recommendationsVersion()).toBe(0);
    expect(await recommend([quilotoa, galapagosId])).toMatchObject({ status: 200, body: { data: messages.updated } });
    const content = dataOf(await adminContent());
    expect(content).toMatchObject({
      recomendationVersion: 1,
      recomendation: [
        {
          id: quilotoa,
          type: "recomendation",
          position: 1,
          itinerary: { id: quilotoa, name: "Quilotoa", days: "3 días", type: "national", price: 300, ofertPrice: 250, isOfert: true },
        },
        { id: galapagosId, position: 2, itinerary: { name: "Galápagos", image: expect.stringMatching(/^uploads\/tiptops\//) } },
      ],
    });
    await recommend([cuenca, quilotoa, galapagosId]);
    expect(await recommendedIds()).toEqual([cuenca, quilotoa, galapagosId]);
    await recommend([]);
    expect(await recommendedIds()).toEqual([]);
  });

  it("refuses a missing or deleted destination, duplicates and too long a list, storing nothing", async () => {
    const ids = await Promise.all(Array.from({ length: 13 }, (_, index) => destination(`Destino ${index}`)));
    const [first, second, gone] = ids;
    if (first === undefined || second === undefined || gone === undefined) throw new Error("destinations expected");
    await db.transaction((tx) => deleteItinerary(tx, itineraryId(gone), { actorId: null, occurredAt: at }));
    await recommend([first]);
    const before = await state();
    for (const itineraries of [[first, 9_999], [gone], [first, second, first], ids.slice(3).concat(first, second, 0), [0], [-1], [2 ** 40]]) {
      expect(await recommend(itineraries)).toMatchObject({ status: 400, body: { data: messages.invalidInput } });
    }
    expect((await recommend(["1"])).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("leaves a destination deleted after it was recommended out of the answers", async () => {
    const [a, b, c] = [await destination("A"), await destination("B"), await destination("C")];
    await recommend([a, b, c]);
    await db.transaction((tx) => deleteItinerary(tx, itineraryId(b), { actorId: null, occurredAt: at }));
    const admin = dataOf(await adminContent());
    expect(admin).toMatchObject({ recomendation: [{ id: a, position: 1 }, { id: c, position: 2 }] });
    expect(dataOf(await publicContent())).toMatchObject({ recomendation: [{ id: a, position: 1 }, { id: c, position: 2 }] });
  });
});

describe("the home content", () => {
  it("answers everything to the panel and only active content to the public, without a session", async () => {
    await createBanner({ ...galapagos, title: "Activo" }, [png(1)]);
    const shown = await newestId("banners");
    await createBanner({ ...galapagos, title: "Sin fotos" });
    await createBanner({ ...galapagos, title: "Inactivo", active: "false" }, [png(2)]);
    await createCallAction({ ...cotizar, title: "Inactiva", active: false });
    const inactiveCall = await newestId("call_actions");
    await createCallAction({ ...cotizar, title: "Primera activa" });
    await createCallAction({ ...cotizar, title: "Segunda activa" });
    const admin = dataOf(await adminContent());
    expect(admin).toMatchObject({
      baner: [{ title: "Activo" }, { title: "Sin fotos" }, { title: "Inactivo" }],
      call_action: [{ title: "Inactiva" }, { title: "Primera activa" }, { title: "Segunda activa" }],
      recomendation: [],
    });
    const answer = await publicContent();
    expect(answer.status).toBe(200);
    expect(dataOf(answer)).toEqual({
      baner: [expect.objectContaining({ id: shown, title: "Activo", active: true })],
      call_action: expect.objectContaining({ title: "Primera activa", active: true }),
      recomendation: [],
    });
    await updateCallAction(inactiveCall, { ...cotizar, title: "Inactiva", active: true });
    expect(dataOf(await publicContent())).toMatchObject({ call_action: { id: inactiveCall } });
    await db.exec("update call_actions set active = false");
    expect(dataOf(await publicContent())).toMatchObject({ call_action: null });
  });

  it("keeps the panel's reads and writes from sales and from callers without a session", async () => {
    const salesId = await createStaff(db, { email: "ventas@example.com", password: null, role: "sales" });
    const sales = await sessionFor(server, db, salesId);
    expect((await request(server, "GET", "/api/homeScreen/adminContent", { token: sales })).status).toBe(403);
    expect((await request(server, "GET", "/api/homeScreen/adminContent")).status).toBe(498);
    const adminId = await createStaff(db, { email: "admin@example.com", password: null, role: "admin" });
    const admin = await sessionFor(server, db, adminId);
    expect((await request(server, "GET", "/api/homeScreen/adminContent", { token: admin })).status).toBe(200);
  });
});

describe("history", () => {
  it("tells who changed a banner and a call to action, to admin and marketing only", async () => {
    await createBanner(galapagos, [png(1)]);
    const banner = await newestId("banners");
    await updateBanner(banner, { ...galapagos, title: "Galápagos", images: [] });
    await createCallAction(cotizar);
    const callAction = await newestId("call_actions");
    await updateCallAction(callAction, { ...cotizar, active: false });
    const bannerHistory = await request(server, "GET", `/api/history/banner/${banner}`, { token });
    expect(bannerHistory.status).toBe(200);
    expect(dataOf(bannerHistory)).toMatchObject([
      { version: 1, type: "banner.create", actor: { id: marketingId }, status: { before: null, after: "active" } },
      {
        version: 2,
        type: "banner.update",
        changes: expect.arrayContaining([
          { field: "title", before: "Galápagos a bordo", after: "Galápagos" },
          { field: "images", before: [expect.stringMatching(imagePattern)], after: [] },
        ]),
      },
    ]);
    const callHistory = await request(server, "GET", `/api/history/callAction/${callAction}`, { token });
    expect(dataOf(callHistory)).toMatchObject([
      { type: "callAction.create" },
      { type: "callAction.deactivate", status: { before: "active", after: "inactive" } },
    ]);
    const salesId = await createStaff(db, { email: "ventas@example.com", password: null, role: "sales" });
    const sales = await sessionFor(server, db, salesId);
    expect((await request(server, "GET", `/api/history/banner/${banner}`, { token: sales })).status).toBe(403);
    expect((await request(server, "GET", `/api/history/callAction/${callAction}`, { token: sales })).status).toBe(403);
    expect((await request(server, "GET", "/api/history/banner/999", { token })).status).toBe(404);
  });
});
