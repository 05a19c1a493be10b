/**
 * Destinations below the HTTP layer: a rebuild replays their events into the same rows (links to
 * catalogue items included) and leaves the image store alone; the demo destinations and their
 * painted pictures.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedDemoCatalogues } from "../../server/demo/catalogues.ts";
import { createItem, deleteItem, findItem, updateItem } from "../../server/catalogues/items.ts";
import { activityRecord, courtesyRecord, feedingRecord } from "../../server/catalogues/projection.ts";
import { demoItineraries, seedDemoItineraries } from "../../server/demo/itineraries.ts";
import { type ItineraryDraft, itineraryFormOf } from "../../server/itineraries/form.ts";
import { createItinerary, deleteItinerary, findItinerary, listItineraries, updateItinerary } from "../../server/itineraries/itineraries.ts";
import { HEIGHT, WIDTH } from "../../server/demo/landscape.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { detectImage } from "../../server/uploads/images.ts";
import { findImage, storeImage } from "../../server/uploads/store.ts";
import { ApiError } from "../../src/api/errors.ts";
import { departureCities, generalServices } from "../../src/api/itineraries.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { catalogueItemId, itineraryId } from "../ids.ts";

const db = testDatabase();

const at = new Date("2030-01-01T00:00:00.000Z");

type Step =
  | { readonly kind: "item"; readonly catalogue: number; readonly action: "create" | "deactivate" | "delete"; readonly item: number }
  | { readonly kind: "create"; readonly picks: ReadonlyArray<number>; readonly offer: boolean; readonly national: boolean; readonly shade: number }
  | { readonly kind: "update"; readonly target: number; readonly picks: ReadonlyArray<number>; readonly shade: number | null }
  | { readonly kind: "delete"; readonly target: number };

const catalogueRecords = [feedingRecord, activityRecord, courtesyRecord] as const;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("item" as const),
    catalogue: fc.integer({ min: 0, max: 2 }),
    action: fc.constantFrom("create" as const, "deactivate" as const, "delete" as const),
    item: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant("create" as const),
    picks: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }),
    offer: fc.boolean(),
    national: fc.boolean(),
    shade: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant("update" as const),
    target: fc.integer({ min: 0, max: 3 }),
    picks: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }),
    shade: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant("delete" as const), target: fc.integer({ min: 0, max: 3 }) }),
);

/** A tiny PNG per shade: the same shade twice is the same image, stored once. */
const picture = (shade: number) => {
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([shade])]);
  const detected = detectImage(bytes);
  if (detected === null) throw new Error("not a PNG");
  return { bytes, detected };
};

/** Picks index the items created so far: catalogue = pick % 3, item = pick / 3 (when it exists). */
const draftOf = (index: number, picks: ReadonlyArray<number>, items: ReadonlyArray<number[]>, national: boolean, offer: boolean): ItineraryDraft => {
  const chosen = (catalogue: number) =>
    [...new Set(picks.filter((pick) => pick % 3 === catalogue).map((pick) => items[catalogue]?.[Math.floor(pick / 3)]))]
      .filter((id) => id !== undefined)
      .sort((a, b) => a - b);
  return {
    name: `Destino ${index}`,
    days: `${index} días`,
    description: "",
    availability: "Todo el año",
    price: 100 + index,
    offerPrice: offer ? 90 : null,
    isOffer: offer,
    destinationType: national ? "national" : "international",
    region: national ? "Sierra" : null,
    servicesIncluded: [generalServices[index % 3] ?? "Traslados"],
    departureFrom: [departureCities[index % 3] ?? "Quito"],
    feeding: chosen(0),
    activities: chosen(1),
    courtesy: chosen(2),
    imageAlt: offer ? `Foto del destino ${index}` : "",
    nameEn: index % 2 === 0 ? `Destination ${index}` : "",
    daysEn: index % 2 === 0 ? `${index} days` : "",
    descriptionEn: "",
    imageAltEn: offer ? `Photo of destination ${index}` : "",
  };
};

/** Runs the steps through the same functions as the endpoints; refusals write nothing. */
const run = async (steps: ReadonlyArray<Step>): Promise<void> => {
  const items: number[][] = [[], [], []];
  const itineraries: number[] = [];
  const drafts = new Map<number, ItineraryDraft>();
  for (const [index, current] of steps.entries()) {
    const options = { actorId: null, occurredAt: new Date(at.getTime() + index * 60_000) };
    try {
      await db.transaction(async (tx) => {
        if (current.kind === "item") {
          const record = catalogueRecords[current.catalogue] ?? feedingRecord;
          const list = items[current.catalogue] ?? [];
          const id = list[current.item];
          if (current.action === "create") list.push(await createItem(tx, record, { name: `Item ${index}`, active: true }, options));
          else if (id !== undefined && current.action === "delete") await deleteItem(tx, record, catalogueItemId(id), options);
          else if (id !== undefined) {
            const version = (await findItem(tx, record, catalogueItemId(id)))?.version ?? 0;
            await updateItem(tx, record, catalogueItemId(id), { name: `Item ${id}`, active: false, version }, options);
          }
        } else if (current.kind === "create") {
          const draft = draftOf(index, current.picks, items, current.national, current.offer);
          const image = await storeImage(tx, "tiptops", picture(current.shade), options.occurredAt);
          const id = await createItinerary(tx, itineraryFormOf(draft), image, options);
          itineraries.push(id);
          drafts.set(id, draft);
        } else {
          const id = itineraries[current.target];
          if (id === undefined) return;
          if (current.kind === "delete") {
            await deleteItinerary(tx, itineraryId(id), options);
            return;
          }
          const previous = drafts.get(id);
          const draft = draftOf(index, current.picks, items, previous?.destinationType === "national", false);
          const image = current.shade === null ? null : await storeImage(tx, "tiptops", picture(current.shade), options.occurredAt);
          const version = (await findItinerary(tx, itineraryId(id)))?.version ?? 0;
          await updateItinerary(tx, itineraryId(id), { ...itineraryFormOf(draft), version }, image, options);
        }
      });
    } catch (error) {
      // An item in use, deleted or inactive; a destination already deleted: refused, nothing written.
      if (!(error instanceof ApiError && [400, 404, 409].includes(error.status))) throw error;
    }
  }
};

const readRows = async () => ({
  itineraries: await db.query("select * from itineraries order by id"),
  links: await db.query("select * from itinerary_catalogue_items order by itinerary_id, catalogue, item_id"),
  feedings: await db.query("select * from feedings order by id"),
  activities: await db.query("select * from activities order by id"),
  courtesies: await db.query("select * from courtesies order by id"),
  uploads: await db.query("select folder, sha256, ext, mime, size from uploads order by sha256"),
});

describe("rebuild with destinations", () => {
  it("replays the events into the same destinations, links and catalogue rows, keeping every image", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        await resetDatabase(db);
        await db.exec("truncate uploads");
        await run(steps);
        const live = await readRows();
        const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
        expect(await rebuildProjections(db)).toBe(count?.events);
        expect(await readRows()).toEqual(live);
      }),
      { numRuns: 30 },
    );
  });

  it("sets the destinations' id sequence past the replayed ids", async () => {
    const image = await db.transaction((tx) => storeImage(tx, "tiptops", picture(1), at));
    const options = { actorId: null, occurredAt: at };
    const first = await db.transaction((tx) => createItinerary(tx, itineraryFormOf(draftOf(1, [], [[], [], []], true, false)), image, options));
    await rebuildProjections(db);
    const second = await db.transaction((tx) => createItinerary(tx, itineraryFormOf(draftOf(2, [], [[], [], []], false, true)), image, options));
    expect(second).toBeGreaterThan(first);
  });
});

describe("the demo destinations", () => {
  it("adds six national and six international destinations, each with its own painted landscape", async () => {
    const options = { actorId: null, occurredAt: at };
    await db.transaction(async (tx) => {
      await seedDemoCatalogues(tx, options);
      await seedDemoItineraries(tx, options);
    });
    const all = await listItineraries(db);
    expect(all).toHaveLength(demoItineraries.length);
    expect(all.filter((itinerary) => itinerary.type === "national")).toHaveLength(6);
    expect(all.filter((itinerary) => itinerary.type === "international")).toHaveLength(6);
    expect(all.filter((itinerary) => itinerary.isOffer).length).toBeGreaterThan(0);
    expect(new Set(all.map((itinerary) => itinerary.image)).size).toBe(all.length);
    for (const itinerary of all) {
      expect(itinerary.servicesIncluded.length).toBeGreaterThan(0);
      expect(itinerary.departureFrom.length).toBeGreaterThan(0);
      const [, folder, sha256, ext] = /^uploads\/(\w+)\/([0-9a-f]{64})\.(png)$/.exec(itinerary.image) ?? [];
      const stored = await findImage(db, folder ?? "", sha256 ?? "", ext ?? "");
      expect(stored?.mime).toBe("image/png");
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([stored?.bytes.readUInt32BE(16), stored?.bytes.readUInt32BE(20)]).toEqual([WIDTH, HEIGHT]);
    }
    expect(all.some((itinerary) => itinerary.feeding.length + itinerary.activities.length + itinerary.courtesy.length > 0)).toBe(true);
  });
});
