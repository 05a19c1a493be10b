/**
 * Destinations (itineraries) over real HTTP: multipart forms as the panel sends them, every rule
 * of SPEC.md section 5 with the spec's messages, the catalogue links, the image kept once and
 * served, the history, and a property: valid forms round-trip through create and get.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createItem, findItem, updateItem } from "../../server/catalogues/items.ts";
import type { Database } from "../../server/db/database.ts";
import { activityRecord, courtesyRecord, feedingRecord } from "../../server/catalogues/projection.ts";
import { readStream } from "../../server/events/store.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { encodePng } from "../../server/demo/png.ts";
import {
  departureCities,
  generalServices,
  type Itinerary,
  type ItineraryForm,
  itineraryProblems,
  regions,
} from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, request, sessionFor, startServer, type TestServer, versionIn } from "./support.ts";
import { catalogueItemId } from "../ids.ts";

let db: Database;
let server: TestServer;
let token: string;
let salesId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** Demo-like catalogue items; `Box lunch` is inactive. */
const items = { feeding: new Map<string, number>(), activity: new Map<string, number>(), courtesy: new Map<string, number>() };

const idOf = (map: Map<string, number>, name: string): number => {
  const id = map.get(name);
  if (id === undefined) throw new Error(`no item ${name}`);
  return id;
};

beforeEach(async () => {
  await resetDatabase(db);
  // The image store is not a projection: resetDatabase leaves it, each test starts without images.
  await db.exec("truncate uploads");
  salesId = await createStaff(db, { email: "ventas@example.com", password: null, role: "sales" });
  token = await sessionFor(server, db, salesId);
  const options = { actorId: null, occurredAt: new Date("2030-01-01T00:00:00Z") };
  const catalogues = [
    { record: feedingRecord, map: items.feeding, names: ["Desayuno", "Almuerzo", "Cena", "Box lunch"] },
    { record: activityRecord, map: items.activity, names: ["Snorkel", "Kayak", "Caminata"] },
    { record: courtesyRecord, map: items.courtesy, names: ["Cóctel de bienvenida", "Toalla"] },
  ];
  for (const { record, map, names } of catalogues) {
    map.clear();
    for (const name of names) {
      const id = await db.transaction((tx) => createItem(tx, record, { name, active: name !== "Box lunch" }, options));
      map.set(name, id);
    }
  }
});

/** A small PNG whose bytes depend on `shade`: different shades, different images. */
const png = (shade = 0): Blob =>
  new Blob([new Uint8Array(encodePng(4, 3, (x, y) => [shade % 256, (x * 40) % 256, (y * 60) % 256]))], { type: "image/png" });

type Fields = Record<string, string | ReadonlyArray<string>>;

/** The panel's multipart form: lists as name[0], name[1] ..., an empty list as one empty field. */
const formOf = (fields: Fields, image: Blob | null): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else if (value.length === 0) form.append(name, "");
    else for (const [index, entry] of value.entries()) form.append(`${name}[${index}]`, entry);
  }
  if (image !== null) form.append("image", image, "foto.png");
  return form;
};

const QUERY = "?images=tiptops&&file=files";

const send = async (method: string, path: string, form: FormData, query = QUERY): Promise<Answer> => {
  const response = await fetch(`${server.base}/api${path}${query}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), headers: response.headers };
};

const create = (fields: Fields, image: Blob | null = png()) => send("POST", "/itineraries/createItinerary", formOf(fields, image));
const get = (id: number) => request(server, "GET", `/api/itineraries/${id}`, { token });

/** The version a destination's edit form loads it at: its GET answer's. */
const versionOf = async (id: number): Promise<number> => versionIn(await get(id));

/** Saves the edit form, sending back the version it loaded: the destination's current one unless told. */
const update = async (id: number, fields: Fields, image: Blob | null = null, version?: number) =>
  send("PUT", `/itineraries/updateItinerary/${id}`, formOf({ ...fields, version: String(version ?? (await versionOf(id))) }, image));
const remove = (id: number) => request(server, "DELETE", `/api/itineraries/${id}`, { token });
const list = () => request(server, "GET", "/api/itineraries", { token });

const quilotoa = (): Fields => ({
  name: "Quilotoa y Baños",
  days: "3 días / 2 noches",
  description: "Laguna y cascadas.",
  avalability: "Todo el año",
  price: "320.50",
  ofertPrice: "289",
  isOfert: "true",
  type: "national",
  region: "Sierra",
  servicesIncluded: ["Alojamiento", "Traslados"],
  feeding: [String(idOf(items.feeding, "Desayuno")), String(idOf(items.feeding, "Almuerzo"))],
  activities: [String(idOf(items.activity, "Kayak"))],
  courtesy: [],
  departureFrom: ["Quito"],
});

const madrid = (): Fields => ({
  name: "Madrid",
  avalability: "Mayo a octubre",
  price: "1890",
  type: "international",
  servicesIncluded: ["Boletos aéreos"],
  departureFrom: ["Guayaquil", "Quito"],
  feeding: [],
  activities: [],
  courtesy: [],
});

const newestId = async (): Promise<number> => {
  const [row] = await db.query<{ id: number }>("select max(id)::int as id from itineraries");
  if (row?.id === undefined) throw new Error("no itinerary");
  return row.id;
};

/** Everything a refused request must leave as it was: events, read tables, stored images. */
const state = async () => ({
  events: await db.query("select id, stream, stream_id, version, type from events order by id"),
  itineraries: await db.query("select * from itineraries order by id"),
  links: await db.query("select * from itinerary_catalogue_items order by itinerary_id, catalogue, item_id"),
  uploads: await db.query("select folder, sha256 from uploads order by sha256"),
});

// Every upload is stored re-encoded as WebP (docs/decisions/020-images-decoded-and-re-encoded.md).
const imagePattern = /^uploads\/tiptops\/[0-9a-f]{64}\.webp$/;

describe("creating and reading destinations", () => {
  it("stores a national destination from the multipart form and answers it as the contract says", async () => {
    const answer = await create(quilotoa());
    expect(answer).toMatchObject({ status: 200, body: { data: messages.created } });
    const id = await newestId();
    const itinerary = dataOf(await get(id));
    expect(itinerary).toEqual({
      id,
      name: "Quilotoa y Baños",
      days: "3 días / 2 noches",
      description: "Laguna y cascadas.",
      avalability: "Todo el año",
      price: 320.5,
      ofertPrice: 289,
      isOfert: true,
      type: "national",
      region: "Sierra",
      // in the options' order, whatever order the form used
      servicesIncluded: ["Traslados", "Alojamiento"],
      feeding: [
        { id: idOf(items.feeding, "Almuerzo"), name: "Almuerzo" },
        { id: idOf(items.feeding, "Desayuno"), name: "Desayuno" },
      ],
      activities: [{ id: idOf(items.activity, "Kayak"), name: "Kayak" }],
      courtesy: [],
      departureFrom: ["Quito"],
      image: expect.stringMatching(imagePattern),
      imageAlt: "",
      nameEn: "",
      daysEn: "",
      descriptionEn: "",
      imageAltEn: "",
      version: 1,
    });
    const [created] = await readStream(db, "itinerary", String(id));
    expect(created).toMatchObject({ type: "itinerary.create", actorId: salesId });
  });

  it("answers an international destination without a region, and lists by type and by name", async () => {
    await create(quilotoa());
    await create({ ...madrid(), region: "Costa" });
    await create({ ...madrid(), name: "Cartagena de Indias" });
    const all = dataOf(await list());
    expect(Array.isArray(all) && all.map((itinerary) => itinerary.name)).toEqual([
      "Cartagena de Indias",
      "Madrid",
      "Quilotoa y Baños",
    ]);
    const international = dataOf(await request(server, "GET", "/api/itineraries/destinations/international", { token }));
    const entries: ReadonlyArray<Itinerary> = Array.isArray(international) ? international : [];
    expect(entries.map((itinerary) => itinerary.name)).toEqual(["Cartagena de Indias", "Madrid"]);
    for (const itinerary of entries) expect(itinerary).not.toHaveProperty("region");
    expect(entries[1]).toMatchObject({ days: "", description: "", ofertPrice: null, isOfert: false, departureFrom: ["Quito", "Guayaquil"] });
    const national = dataOf(await request(server, "GET", "/api/itineraries/destinations/national", { token }));
    expect(Array.isArray(national) && national.map((itinerary) => itinerary.name)).toEqual(["Quilotoa y Baños"]);
  });

  it("answers 400 for a destination type other than national or international, 404 for an unknown id", async () => {
    for (const type of ["regional", "NATIONAL", "1"]) {
      const answer = await request(server, "GET", `/api/itineraries/destinations/${type}`, { token });
      expect(answer).toMatchObject({ status: 400, body: { data: messages.invalidInput } });
    }
    expect(await get(999)).toMatchObject({ status: 404, body: { data: messages.notFound } });
  });

  it.each([
    ["no entries (an empty field)", [], []],
    ["one entry", ["Desayuno"], ["Desayuno"]],
    ["many entries, repeated ones kept once", ["Cena", "Desayuno", "Almuerzo", "Cena"], ["Almuerzo", "Cena", "Desayuno"]],
  ])("reads a list of %s", async (_case, sent, expected) => {
    const feeding = sent.map((name) => String(idOf(items.feeding, name)));
    expect((await create({ ...quilotoa(), feeding })).status).toBe(200);
    const itinerary = dataOf(await get(await newestId()));
    expect(itinerary).toMatchObject({ feeding: expected.map((name) => ({ id: idOf(items.feeding, name), name })) });
  });

  it("reads lists sent as name[] and as repeated plain fields, ordered by index", async () => {
    const form = formOf({ ...quilotoa(), servicesIncluded: [], departureFrom: [] }, png());
    form.delete("servicesIncluded");
    form.delete("departureFrom");
    form.append("servicesIncluded[]", "Traslados");
    form.append("departureFrom", "Manta");
    form.append("departureFrom", "Quito");
    form.delete("feeding[0]");
    form.delete("feeding[1]");
    form.append("feeding[7]", String(idOf(items.feeding, "Cena")));
    form.append("feeding[2]", String(idOf(items.feeding, "Desayuno")));
    expect((await send("POST", "/itineraries/createItinerary", form)).status).toBe(200);
    expect(dataOf(await get(await newestId()))).toMatchObject({
      servicesIncluded: ["Traslados"],
      departureFrom: ["Quito", "Manta"],
      feeding: [
        { id: idOf(items.feeding, "Cena"), name: "Cena" },
        { id: idOf(items.feeding, "Desayuno"), name: "Desayuno" },
      ],
    });
  });

  it("keeps an offer price only when the offer applies, and drops a region sent for an international destination", async () => {
    await create({ ...quilotoa(), isOfert: "false", ofertPrice: "100" });
    expect(dataOf(await get(await newestId()))).toMatchObject({ isOfert: false, ofertPrice: null });
    await create({ ...quilotoa(), isOfert: "", ofertPrice: "not a number" });
    expect(dataOf(await get(await newestId()))).toMatchObject({ isOfert: false, ofertPrice: null });
    await create({ ...madrid(), region: "Oriente" });
    expect(dataOf(await get(await newestId()))).not.toHaveProperty("region");
    const [row] = await db.query("select region from itineraries where id = $1", [await newestId()]);
    expect(row).toEqual({ region: null });
  });
});

describe("the destination rules", () => {
  const without = (name: string): Fields => {
    const { [name]: _dropped, ...rest } = quilotoa();
    return rest;
  };
  const inactive = () => String(idOf(items.feeding, "Box lunch"));

  const refusals: ReadonlyArray<readonly [string, () => Fields, Blob | null, string]> = [
    ["no name", () => without("name"), png(), messages.requiredInformation],
    ["a blank name", () => ({ ...quilotoa(), name: "   " }), png(), messages.requiredInformation],
    ["no avalability", () => without("avalability"), png(), messages.requiredInformation],
    ["no price", () => ({ ...quilotoa(), price: "" }), png(), messages.requiredInformation],
    ["no type", () => without("type"), png(), messages.requiredInformation],
    ["no service", () => ({ ...quilotoa(), servicesIncluded: [] }), png(), messages.requiredInformation],
    ["no departure city", () => without("departureFrom"), png(), messages.requiredInformation],
    ["a national one without region", () => ({ ...quilotoa(), region: "" }), png(), messages.requiredInformation],
    ["an offer without its price", () => ({ ...quilotoa(), ofertPrice: " " }), png(), messages.requiredInformation],
    ["no image", () => quilotoa(), null, messages.requiredInformation],
    ["a region not in the options", () => ({ ...quilotoa(), region: "Galápagos" }), png(), messages.invalidInput],
    ["an unknown type", () => ({ ...quilotoa(), type: "regional" }), png(), messages.invalidInput],
    ["a service not in the options", () => ({ ...quilotoa(), servicesIncluded: ["Crucero"] }), png(), messages.invalidInput],
    ["a departure city not in the options", () => ({ ...quilotoa(), departureFrom: ["Cuenca"] }), png(), messages.invalidInput],
    ["a negative price", () => ({ ...quilotoa(), price: "-5" }), png(), messages.invalidInput],
    ["a price in words", () => ({ ...quilotoa(), price: "cien" }), png(), messages.invalidInput],
    ["a price in exponent form", () => ({ ...quilotoa(), price: "1e3" }), png(), messages.invalidInput],
    ["a price with three decimals", () => ({ ...quilotoa(), price: "12.345" }), png(), messages.invalidInput],
    ["an infinite price", () => ({ ...quilotoa(), price: "Infinity" }), png(), messages.invalidInput],
    ["a negative offer price", () => ({ ...quilotoa(), ofertPrice: "-1" }), png(), messages.invalidInput],
    ["an offer dearer than the price", () => ({ ...quilotoa(), ofertPrice: "400" }), png(), messages.invalidInput],
    ["an offer flag that is not true or false", () => ({ ...quilotoa(), isOfert: "yes" }), png(), messages.invalidInput],
    ["an inactive feeding item", () => ({ ...quilotoa(), feeding: [inactive()] }), png(), messages.invalidInput],
    ["an unknown activity", () => ({ ...quilotoa(), activities: ["9999"] }), png(), messages.invalidInput],
    ["a courtesy id of another catalogue", () => ({ ...quilotoa(), courtesy: [String(idOf(items.activity, "Caminata"))] }), png(), messages.invalidInput],
    ["an id that is not a number", () => ({ ...quilotoa(), feeding: ["uno"] }), png(), messages.invalidInput],
    ["a name of 121 characters", () => ({ ...quilotoa(), name: "x".repeat(121) }), png(), messages.invalidInput],
    ["a description of 4,001 characters", () => ({ ...quilotoa(), description: "x".repeat(4_001) }), png(), messages.invalidInput],
    ["a days text of 61 characters", () => ({ ...quilotoa(), days: "x".repeat(61) }), png(), messages.invalidInput],
    ["a list sent as a plain text field", () => ({ ...quilotoa(), name: ["A", "B"] }), png(), messages.invalidInput],
  ];

  it.each(refusals)("refuses %s on create, storing nothing", async (_case, fields, image, message) => {
    const before = await state();
    const answer = await create(fields(), image);
    expect(answer).toMatchObject({ status: 400, body: { data: message } });
    expect(await state()).toEqual(before);
  });

  it.each(refusals.filter(([name]) => name !== "no image"))("refuses %s on update, changing nothing", async (_case, fields, image, message) => {
    await create(madrid(), png(9));
    const id = await newestId();
    const before = await state();
    const answer = await update(id, fields(), image);
    expect(answer).toMatchObject({ status: 400, body: { data: message } });
    expect(await state()).toEqual(before);
  });

  it("refuses an update or delete of an unknown or deleted destination with 404, storing no image", async () => {
    await create(madrid());
    const id = await newestId();
    // The edit form loaded the destination before someone deleted it.
    const loaded = await versionOf(id);
    expect((await remove(id)).status).toBe(200);
    const before = await state();
    for (const [target, version] of [[id, loaded], [999, 1]] as const) {
      expect(await update(target, quilotoa(), png(5), version)).toMatchObject({ status: 404, body: { data: messages.notFound } });
      expect(await remove(target)).toMatchObject({ status: 404, body: { data: messages.notFound } });
      expect(await get(target)).toMatchObject({ status: 404 });
    }
    expect(await state()).toEqual(before);
  });
});

describe("the destination rules the panel and the server share (itineraryProblems)", () => {
  const form: ItineraryForm = {
    name: "Quilotoa",
    availability: "Todo el año",
    price: "320.50",
    offerPrice: "289",
    isOffer: "true",
    type: "national",
    region: "Sierra",
    servicesIncluded: ["Traslados"],
    departureFrom: ["Quito"],
  };
  const created = { isNew: true, hasImage: true };

  it.each<readonly [string, ItineraryForm, { readonly isNew: boolean; readonly hasImage: boolean }, object]>([
    ["a complete form", form, created, {}],
    ["an edit without a new image", form, { isNew: false, hasImage: false }, {}],
    ["a new destination without image", form, { isNew: true, hasImage: false }, { image: "required" }],
    ["blank texts and lists", { ...form, name: " ", availability: "", price: "", servicesIncluded: [], departureFrom: [] }, created, {
      name: "required",
      availability: "required",
      price: "required",
      servicesIncluded: "required",
      departureFrom: "required",
    }],
    ["a national one without region", { ...form, region: "" }, created, { region: "required" }],
    ["an international one without region", { ...form, type: "international", region: "" }, created, {}],
    ["an offer without its price", { ...form, offerPrice: " " }, created, { offerPrice: "required" }],
    ["prices that are no amounts", { ...form, price: "1e3", offerPrice: "-1" }, created, { price: "invalid", offerPrice: "invalid" }],
    ["an offer dearer than the price", { ...form, offerPrice: "320.51" }, created, { offerPrice: "invalid" }],
    ["an offer as dear as the price", { ...form, offerPrice: "320.5" }, created, {}],
    ["an offer price without the offer", { ...form, isOffer: "false", offerPrice: "cien" }, created, {}],
    ["a name over its limit once trimmed", { ...form, name: "x".repeat(121) }, created, { name: "invalid" }],
  ])("judges %s", (_case, sent, image, problems) => {
    expect(itineraryProblems(sent, image)).toEqual(problems);
  });
});

describe("editing destinations", () => {
  it("keeps the current image when no file is sent, replaces it when one is", async () => {
    await create(quilotoa(), png(1));
    const id = await newestId();
    const first = dataOf(await get(id));
    expect((await update(id, { ...quilotoa(), name: "Quilotoa" })).body).toEqual({ data: messages.updated });
    const renamed = dataOf(await get(id));
    expect(renamed).toEqual({ ...Object(first), name: "Quilotoa", version: 2 });
    expect((await update(id, { ...quilotoa(), name: "Quilotoa" }, png(2))).status).toBe(200);
    const replaced = dataOf(await get(id));
    expect(replaced).toMatchObject({ name: "Quilotoa", image: expect.stringMatching(imagePattern) });
    expect(Object(replaced).image).not.toBe(Object(first).image);
    const types = (await readStream(db, "itinerary", String(id))).map((event) => event.type);
    expect(types).toEqual(["itinerary.create", "itinerary.update", "itinerary.update"]);
  });

  it("writes no event for a form that changes nothing, and an empty file input is no file", async () => {
    await create(quilotoa());
    const id = await newestId();
    const before = await state();
    expect((await update(id, quilotoa())).status).toBe(200);
    expect((await update(id, quilotoa(), new Blob([], { type: "application/octet-stream" }))).status).toBe(200);
    expect(await state()).toEqual(before);
  });

  it("moves a destination to the other type, requiring a region only when it becomes national", async () => {
    await create(madrid());
    const id = await newestId();
    expect(await update(id, { ...madrid(), type: "national" })).toMatchObject({
      status: 400,
      body: { data: messages.requiredInformation },
    });
    expect((await update(id, { ...madrid(), type: "national", region: "Costa" })).status).toBe(200);
    expect(dataOf(await get(id))).toMatchObject({ type: "national", region: "Costa" });
  });

  it("keeps an item deactivated after it was chosen, but does not let a new destination choose it", async () => {
    await create(quilotoa());
    const id = await newestId();
    const desayuno = idOf(items.feeding, "Desayuno");
    await db.transaction(async (tx) => {
      const version = (await findItem(tx, feedingRecord, catalogueItemId(desayuno)))?.version ?? 0;
      const options = { actorId: null, occurredAt: new Date() };
      await updateItem(tx, feedingRecord, catalogueItemId(desayuno), { name: "Desayuno", active: false, version }, options);
    });
    expect((await update(id, { ...quilotoa(), days: "3 días" })).status).toBe(200);
    expect(dataOf(await get(id))).toMatchObject({ days: "3 días", feeding: expect.arrayContaining([{ id: desayuno, name: "Desayuno" }]) });
    expect(await create({ ...quilotoa(), name: "Otro" })).toMatchObject({ status: 400, body: { data: messages.invalidInput } });
  });

  it("stores identical image bytes once, whichever destination sends them", async () => {
    await create(quilotoa(), png(3));
    await create(madrid(), png(3));
    const first = dataOf(await get((await newestId()) - 1));
    const second = dataOf(await get(await newestId()));
    expect(Object(first).image).toBe(Object(second).image);
    expect(await db.query("select count(*)::int as images from uploads")).toEqual([{ images: 1 }]);
  });
});

describe("deleting destinations", () => {
  it("answers 'resource deleted successfully', and frees its catalogue items for deletion", async () => {
    await create(quilotoa());
    const id = await newestId();
    const kayak = idOf(items.activity, "Kayak");
    const refused = await request(server, "DELETE", `/api/activities/${kayak}`, { token });
    expect(refused).toMatchObject({ status: 409, body: { data: messages.itemInUse } });
    expect(await remove(id)).toMatchObject({ status: 200, body: { data: messages.deleted } });
    expect(await db.query("select * from itinerary_catalogue_items where itinerary_id = $1", [id])).toEqual([]);
    expect(dataOf(await list())).toEqual([]);
    expect((await request(server, "DELETE", `/api/activities/${kayak}`, { token })).status).toBe(200);
  });
});

describe("the history of a destination", () => {
  it("tells who created, changed and deleted it, and which fields changed", async () => {
    await create(quilotoa());
    const id = await newestId();
    await update(id, { ...quilotoa(), price: "300" });
    await remove(id);
    const answer = await request(server, "GET", `/api/history/itinerary/${id}`, { token });
    expect(answer.status).toBe(200);
    const entries = dataOf(answer);
    expect(entries).toMatchObject([
      { version: 1, type: "itinerary.create", actor: { id: salesId }, status: { before: null, after: "published" } },
      {
        version: 2,
        type: "itinerary.update",
        status: { before: "published", after: "published" },
        changes: [{ field: "price", before: 320.5, after: 300 }],
      },
      { version: 3, type: "itinerary.delete", status: { before: "published", after: "deleted" }, changes: [] },
    ]);
  });
});

describe("SPEC.md's spelling stays on the wire (decision 074)", () => {
  it("takes avalability, ofertPrice and isOfert, answers them so, and stores the right words", async () => {
    expect((await create(quilotoa())).status).toBe(200);
    const id = await newestId();
    const answered = Object(dataOf(await get(id)));
    expect(answered).toMatchObject({ avalability: "Todo el año", ofertPrice: 289, isOfert: true });
    expect(Object.keys(answered)).not.toContain("availability");
    expect(Object.keys(answered)).not.toContain("offerPrice");
    expect(Object.keys(answered)).not.toContain("isOffer");
    const [created] = await readStream(db, "itinerary", String(id));
    expect(created?.data).toMatchObject({ availability: "Todo el año", offerPrice: 289, isOffer: true });
    expect(created?.data).not.toHaveProperty("ofertPrice");
    const [row] = await db.query<{ offer_price: number; is_offer: boolean; availability: string }>(
      "select offer_price::float8 as offer_price, is_offer, availability from itineraries where id = $1",
      [id],
    );
    expect(row).toEqual({ offer_price: 289, is_offer: true, availability: "Todo el año" });
  });

  it("replays and tells the history of events stored with the old names", async () => {
    await create(quilotoa());
    const id = await newestId();
    await update(id, { ...quilotoa(), ofertPrice: "250" });
    const before = dataOf(await get(id));
    // the events as they were written before the rename
    await db.query(
      `update events set data = (data - 'availability' - 'offerPrice' - 'isOffer')
         || jsonb_build_object('avalability', data->'availability', 'ofertPrice', data->'offerPrice', 'isOfert', data->'isOffer')
       where stream = 'itinerary' and stream_id = $1`,
      [String(id)],
    );
    expect((await readStream(db, "itinerary", String(id)))[0]?.data).toHaveProperty("ofertPrice");
    await rebuildProjections(db);
    expect(dataOf(await get(id))).toEqual(before);
    const history = dataOf(await request(server, "GET", `/api/history/itinerary/${id}`, { token }));
    expect(Array.isArray(history) && history[1]).toMatchObject({ changes: [{ field: "offerPrice", before: 289, after: 250 }] });
  });
});

describe("round trip", () => {
  const text = (max: number) =>
    fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim() !== "" && value === value.trim());
  const cents = fc.integer({ min: 0, max: 99_999_999 });
  const subset = <T,>(values: ReadonlyArray<T>) => fc.subarray([...values], { minLength: 1 });

  const valid = fc.record({
    name: text(120),
    days: fc.option(text(60), { nil: undefined }),
    description: fc.option(text(400), { nil: undefined }),
    avalability: text(200),
    price: cents,
    discount: fc.option(cents, { nil: undefined }),
    region: fc.option(fc.constantFrom(...regions), { nil: undefined }),
    servicesIncluded: subset(generalServices),
    departureFrom: subset(departureCities),
    feeding: fc.subarray(["Desayuno", "Almuerzo", "Cena"]),
    activities: fc.subarray(["Snorkel", "Kayak", "Caminata"]),
    courtesy: fc.subarray(["Cóctel de bienvenida", "Toalla"]),
    nameEn: fc.option(text(120), { nil: undefined }),
    descriptionEn: fc.option(text(400), { nil: undefined }),
    imageAlt: fc.option(text(250), { nil: undefined }),
  });

  it("answers every valid form as it was sent", async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (form) => {
        const ofertCents = form.discount === undefined ? null : Math.min(form.discount, form.price);
        const fields: Fields = {
          name: form.name,
          ...(form.days === undefined ? {} : { days: form.days }),
          ...(form.description === undefined ? {} : { description: form.description }),
          avalability: form.avalability,
          price: (form.price / 100).toFixed(2),
          ...(ofertCents === null ? {} : { ofertPrice: (ofertCents / 100).toFixed(2), isOfert: "true" }),
          type: form.region === undefined ? "international" : "national",
          ...(form.region === undefined ? {} : { region: form.region }),
          servicesIncluded: form.servicesIncluded,
          departureFrom: form.departureFrom,
          feeding: form.feeding.map((name) => String(idOf(items.feeding, name))),
          activities: form.activities.map((name) => String(idOf(items.activity, name))),
          courtesy: form.courtesy.map((name) => String(idOf(items.courtesy, name))),
          ...(form.nameEn === undefined ? {} : { nameEn: form.nameEn }),
          ...(form.descriptionEn === undefined ? {} : { descriptionEn: form.descriptionEn }),
          ...(form.imageAlt === undefined ? {} : { imageAlt: form.imageAlt, imageAltEn: form.imageAlt }),
        };
        const answer = await create(fields, png(form.price));
        expect(answer.status, answer.text).toBe(200);
        const id = await newestId();
        const byName = (map: Map<string, number>, names: ReadonlyArray<string>) =>
          [...names]
            .sort((a, b) => a.localeCompare(b, "und"))
            .map((name) => ({ id: idOf(map, name), name }));
        expect(dataOf(await get(id))).toEqual({
          id,
          name: form.name,
          days: form.days ?? "",
          description: form.description ?? "",
          avalability: form.avalability,
          price: form.price / 100,
          ofertPrice: ofertCents === null ? null : ofertCents / 100,
          isOfert: ofertCents !== null,
          type: form.region === undefined ? "international" : "national",
          ...(form.region === undefined ? {} : { region: form.region }),
          servicesIncluded: form.servicesIncluded,
          departureFrom: form.departureFrom,
          feeding: byName(items.feeding, form.feeding),
          activities: byName(items.activity, form.activities),
          courtesy: byName(items.courtesy, form.courtesy),
          image: expect.stringMatching(imagePattern),
          imageAlt: form.imageAlt ?? "",
          nameEn: form.nameEn ?? "",
          daysEn: "",
          descriptionEn: form.descriptionEn ?? "",
          imageAltEn: form.imageAlt ?? "",
          version: 1,
        });
      }),
      { numRuns: 25 },
    );
  });
});
