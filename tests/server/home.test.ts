/**
 * Home content below the HTTP layer: a rebuild replays banners, calls to action and the
 * recommended destinations into the same rows (image order included); the demo home content with
 * its painted pictures.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedDemoCatalogues } from "../../server/demo/catalogues.ts";
import { createBanner, deleteBanner, findBanner, updateBanner } from "../../server/home/banners.ts";
import { createCallAction, deleteCallAction, findCallAction, updateCallAction } from "../../server/home/callActions.ts";
import { adminContent, publicContent } from "../../server/home/content.ts";
import { BANNER_SIZE, demoBanners, demoCallAction, demoRecommendations, seedDemoHome } from "../../server/demo/home.ts";
import { recommendationsVersion, setRecommendations } from "../../server/home/recommendations.ts";
import { seedDemoItineraries } from "../../server/demo/itineraries.ts";
import { type ItineraryDraft, itineraryFormOf } from "../../server/itineraries/form.ts";
import { createItinerary, deleteItinerary } from "../../server/itineraries/itineraries.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { detectImage } from "../../server/uploads/images.ts";
import { findImage } from "../../server/uploads/store.ts";
import { ApiError } from "../../src/api/errors.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { bannerId, callActionId, itineraryId } from "../ids.ts";

const db = testDatabase();

const at = new Date("2030-01-01T00:00:00.000Z");

/** A tiny "PNG" per shade (the signature is what the content check reads): one shade, one image. */
const picture = (shade: number) => {
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([shade])]);
  const detected = detectImage(bytes);
  if (detected === null) throw new Error("not a PNG");
  return { bytes, detected };
};

const draftOf = (index: number): ItineraryDraft => ({
  name: `Destino ${index}`,
  days: "",
  description: "",
  availability: "Todo el año",
  price: 100 + index,
  offerPrice: null,
  isOffer: false,
  destinationType: "international",
  region: null,
  servicesIncluded: ["Traslados"],
  departureFrom: ["Quito"],
  feeding: [],
  activities: [],
  courtesy: [],
  imageAlt: "",
  nameEn: "",
  daysEn: "",
  descriptionEn: "",
  imageAltEn: "",
});

type Step =
  | { readonly kind: "destination"; readonly remove: number | null }
  | { readonly kind: "banner"; readonly shades: ReadonlyArray<number>; readonly active: boolean }
  | {
      readonly kind: "editBanner";
      readonly target: number;
      readonly keep: ReadonlyArray<number> | null;
      readonly shades: ReadonlyArray<number>;
      readonly active: boolean | null;
    }
  | { readonly kind: "callAction"; readonly target: number | null; readonly active: boolean | undefined; readonly label: number }
  | { readonly kind: "deleteHomeRecord"; readonly banner: boolean; readonly target: number }
  | { readonly kind: "recommend"; readonly picks: ReadonlyArray<number> };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("destination" as const), remove: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }) }),
  fc.record({
    kind: fc.constant("banner" as const),
    shades: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
    active: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("editBanner" as const),
    target: fc.integer({ min: 0, max: 2 }),
    keep: fc.option(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }), { nil: null }),
    shades: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 2 }),
    active: fc.option(fc.boolean(), { nil: null }),
  }),
  fc.record({
    kind: fc.constant("callAction" as const),
    target: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
    active: fc.option(fc.boolean(), { nil: undefined }),
    label: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant("deleteHomeRecord" as const), banner: fc.boolean(), target: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant("recommend" as const), picks: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 4 }) }),
);

const folder = "home_page";

/** Runs the steps through the same functions as the endpoints; refusals write nothing. */
const run = async (steps: ReadonlyArray<Step>): Promise<void> => {
  const destinations: number[] = [];
  const banners: number[] = [];
  const callActions: number[] = [];
  for (const [index, current] of steps.entries()) {
    const options = { actorId: null, occurredAt: new Date(at.getTime() + index * 60_000) };
    try {
      await db.transaction(async (tx) => {
        switch (current.kind) {
          case "destination": {
            const gone = current.remove === null ? undefined : destinations[current.remove];
            if (gone !== undefined) await deleteItinerary(tx, itineraryId(gone), options);
            else destinations.push(await createItinerary(tx, itineraryFormOf(draftOf(index)), `uploads/tiptops/${"a".repeat(64)}.png`, options));
            return;
          }
          case "banner": {
            const form = { title: `Banner ${index}`, text: "", textTwo: "", active: String(current.active) };
            banners.push(await createBanner(tx, form, { folder, files: current.shades.map(picture) }, options));
            return;
          }
          case "editBanner": {
            const id = banners[current.target];
            if (id === undefined) return;
            // What the edit form loads: the banner's images in order, and its version.
            const loaded = await findBanner(tx, bannerId(id));
            const images = loaded?.images ?? [];
            const form = {
              version: loaded?.version ?? 0,
              title: `Banner ${index % 2}`,
              text: "texto",
              textTwo: "",
              ...(current.active === null ? {} : { active: String(current.active) }),
              ...(current.keep === null ? {} : { images: [...new Set(current.keep.flatMap((position) => images[position] ?? []))] }),
            };
            await updateBanner(tx, bannerId(id), form, { folder, files: current.shades.map(picture) }, options);
            return;
          }
          case "callAction": {
            const content = { title: "Cotice", text: "Texto", buttonLabel: `Botón ${current.label}`, link: "https://example.com" };
            const id = current.target === null ? undefined : callActions[current.target];
            const payload = current.active === undefined ? content : { ...content, active: current.active };
            if (id === undefined) callActions.push(await createCallAction(tx, payload, options));
            else {
              const loaded = await findCallAction(tx, callActionId(id));
              await updateCallAction(tx, callActionId(id), { ...payload, version: loaded?.version ?? 0 }, options);
            }
            return;
          }
          case "deleteHomeRecord": {
            const id = (current.banner ? banners : callActions)[current.target];
            if (id === undefined) return;
            if (current.banner) await deleteBanner(tx, bannerId(id), options);
            else await deleteCallAction(tx, callActionId(id), options);
            return;
          }
          case "recommend": {
            const picked = current.picks.flatMap((pick) => destinations[pick] ?? []);
            await setRecommendations(tx, { itineraries: [...new Set(picked)], version: await recommendationsVersion(tx) }, options);
            return;
          }
        }
      });
    } catch (error) {
      // A deleted destination recommended or deleted again, too many images: refused, nothing written.
      if (!(error instanceof ApiError && [400, 404, 409].includes(error.status))) throw error;
    }
  }
};

const readRows = async () => ({
  banners: await db.query("select * from banners order by id"),
  images: await db.query("select * from banner_images order by banner_id, position"),
  callActions: await db.query("select * from call_actions order by id"),
  lists: await db.query("select * from recommendation_lists order by id"),
  recommendations: await db.query("select * from recommendations order by list_id, position"),
  itineraries: await db.query("select id, status, version from itineraries order by id"),
  uploads: await db.query("select folder, sha256, ext, mime, size from uploads order by sha256"),
  admin: await adminContent(db),
  public: await publicContent(db),
});

describe("rebuild with home content", () => {
  it("replays the events into the same banners, image order, calls to action and recommendations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        await resetDatabase(db);
        await run(steps);
        const live = await readRows();
        const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
        expect(await rebuildProjections(db)).toBe(count?.events);
        expect(await readRows()).toEqual(live);
      }),
      { numRuns: 30 },
    );
  });

  it("sets the banners' and calls to action's id sequences past the replayed ids", async () => {
    const options = { actorId: null, occurredAt: at };
    const form = { title: "Uno", text: "", textTwo: "" };
    const content = { title: "Cotice", text: "Texto", buttonLabel: "Cotizar", link: "https://example.com" };
    const banner = await db.transaction((tx) => createBanner(tx, form, { folder, files: [] }, options));
    const callAction = await db.transaction((tx) => createCallAction(tx, content, options));
    await rebuildProjections(db);
    expect(await db.transaction((tx) => createBanner(tx, form, { folder, files: [] }, options))).toBeGreaterThan(banner);
    expect(await db.transaction((tx) => createCallAction(tx, content, options))).toBeGreaterThan(
      callAction,
    );
  });
});

describe("the demo home content", () => {
  it("adds three banners with two painted pictures each, a call to action and four recommended destinations", async () => {
    const options = { actorId: null, occurredAt: at };
    await db.transaction(async (tx) => {
      await seedDemoCatalogues(tx, options);
      await seedDemoItineraries(tx, options);
      await seedDemoHome(tx, options);
    });
    const content = await publicContent(db);
    expect(content.banners.map((banner) => banner.title)).toEqual(demoBanners.map((banner) => banner.title));
    const paths = content.banners.flatMap((banner) => banner.images);
    expect(paths).toHaveLength(6);
    expect(new Set(paths).size).toBe(6);
    for (const path of paths) {
      const [, sha256, ext] = /^uploads\/home_page\/([0-9a-f]{64})\.(png)$/.exec(path) ?? [];
      const stored = await findImage(db, "home_page", sha256 ?? "", ext ?? "");
      expect(stored?.mime).toBe("image/png");
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([stored?.bytes.readUInt32BE(16), stored?.bytes.readUInt32BE(20)]).toEqual([BANNER_SIZE.width, BANNER_SIZE.height]);
    }
    expect(content.call_action).toMatchObject({ ...demoCallAction, active: true });
    expect(content.recommendations.map((entry) => entry.itinerary.name)).toEqual([...demoRecommendations]);
    expect(content.recommendations.map((entry) => entry.position)).toEqual([1, 2, 3, 4]);
  });
});
