/**
 * Lost updates refused (issue 13, item 4; decision 022). Two people open one record's form; the
 * first saves; the second's save, made from the form loaded before, is refused with 409 'the
 * record changed since you opened it' and changes nothing; once the second loads the record
 * again, their save goes through. Run with the panel's own form sources (what the form machine
 * calls) against a real server, for every record with an edit form. The contract test makes an
 * edit endpoint added later fail here until it sends the version and has a case below.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { type ApiClient, createClient, type UploadTransport } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { adminContent, updateRecommendations } from "../../src/api/home.ts";
import { listItineraries } from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import { detailFields, referencedItem, sampleDetails, sampleName } from "../catalogueSamples.ts";
import type { YachtPage, YachtPageName } from "../../src/api/yachtPages.ts";
import { yachtPageFormSource } from "../../src/machines/catalogues/yachtPages.ts";
import { yachtPages } from "../../src/records/yachtPages.ts";
import { type CatalogueChoices, type FieldValues, textValue, formSourceOf } from "../../src/machines/catalogues/catalogues.ts";
import { type BannerDraft, bannerFormSource, type CallActionDraft, callActionFormSource } from "../../src/machines/home/home.ts";
import { destinationFormSource, type ItineraryDraft } from "../../src/machines/catalogues/itineraries.ts";
import { type FormSource, keptImages, saveTarget, type Versioned } from "../../src/machines/shared/recordForm.machine.ts";
import { bannerDraft, callActionDraft, completeDraft } from "../../src/machines/shared/samples.ts";
import { userFormSource } from "../../src/machines/users/users.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { catalogues, endpoints } from "../../src/records/index.ts";
import { getMoneyPolicy, updateMoneyPolicy } from "../../src/api/money.ts";
import { departures } from "../../src/machines/departures/record.ts";
import { type Cruise, createCruise, listCruises } from "../../src/api/cruises.ts";
import { createReservation, cruiseCabins, getReservation, updateReservation } from "../../src/api/reservations.ts";
import { CruiseId } from "../../src/api/ids.ts";
import { genders } from "../../src/records/referenceData.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { listPassengers, type PassengerRecord } from "../../src/api/passengers.ts";
import { passengers } from "../../src/machines/passengers/record.ts";
import type { UserPayload } from "../../src/api/users.ts";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { catalogueItemId } from "../ids.ts";
import { createStaff, sessionFor, startServer, type TestServer } from "./support.ts";

let db: Database;
let server: TestServer;
let client: ApiClient;
let adminId: number;

/** The panel's multipart uploads, sent with fetch instead of XMLHttpRequest. */
const fetchUpload: UploadTransport = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, body });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  adminId = await createStaff(db, { email: "admin@example.com", role: "admin" });
  const token = await sessionFor(server, db, adminId);
  client = createClient({ base: `${server.base}/api`, readToken: () => token, upload: fetchUpload });
});

const photo = new Blob([new Uint8Array(encodePng(8, 6, (x, y) => [x * 30, y * 40, 90]))], { type: "image/png" });

const stale = { status: 409, message: messages.stale };

/** The status and message a request was refused with. */
const refusalOf = async (request: Promise<unknown>): Promise<{ status: number; message: string }> => {
  try {
    await request;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the request was not refused");
};

/**
 * One record with an edit form: how to create one through the API (answering its id), two
 * different edits, and what of a loaded record shows which edit it holds.
 */
interface StaleCase<Item extends Versioned, Options, Draft> {
  readonly source: FormSource<Item, Options, Draft>;
  readonly create: () => Promise<number>;
  /** Asked after `create`, which may have made what the edits point at. */
  readonly edits: () => readonly [Draft, Draft];
  readonly shown: (item: Item) => string;
  readonly expected: (draft: Draft) => string;
}

const staleCase = <Item extends Versioned, Options, Draft>(definition: StaleCase<Item, Options, Draft>) => ({
  run: async () => {
    const { source, shown, expected } = definition;
    const id = await definition.create();
    const edits = definition.edits();
    const load = async (): Promise<Item> => {
      const { item } = await source.load(client, id);
      if (item === null) throw new Error(`record ${id} did not load`);
      return item;
    };
    const save = (item: Item, draft: Draft) =>
      source.save(client, { ...saveTarget(id, item), draft, images: keptImages(source, item), report: () => {} });

    const first = await load();
    const second = await load();
    expect(first.version).toBe(second.version);
    await expect(save(first, edits[0])).resolves.toBe(messages.updated);
    const events = await db.query("select id from events order by id");

    expect(await refusalOf(save(second, edits[1]))).toEqual(stale);
    expect(await db.query("select id from events order by id")).toEqual(events);
    const current = await load();
    expect(shown(current)).toBe(expected(edits[0]));
    expect(current.version).toBeGreaterThan(second.version);

    await expect(save(current, edits[1])).resolves.toBe(messages.updated);
    expect(shown(await load())).toBe(expected(edits[1]));
  },
});

/** The id of the one row whose name is `name` in a list the API answers. */
const idNamed = <Row extends { readonly id: number }>(rows: ReadonlyArray<Row>, name: (row: Row) => string, wanted: string): number => {
  const row = rows.find((candidate) => name(candidate) === wanted);
  if (row === undefined) throw new Error(`no ${wanted} in the list`);
  return row.id;
};

const newRecord = { id: null, version: null, images: [], report: () => {} } as const;

const catalogueCases = Object.fromEntries(
  catalogues.map((catalogue) => {
    let details: FieldValues = {};
    const form = (name: string): FieldValues => ({ ...details, name, active: true });
    const [created, first, second] = [0, 1, 2].map((variant) =>
      sampleName(catalogue, ["Desayuno", "Desayuno continental", "Desayuno americano"][variant] ?? "", variant),
    ) as [string, string, string];
    return [
      catalogue.api.update.name,
      staleCase<CatalogueItem, CatalogueChoices, FieldValues>({
        source: formSourceOf(catalogue),
        create: async () => {
          details = detailFields(catalogue.api.details, await sampleDetails(db, catalogue));
          await formSourceOf(catalogue).save(client, { ...newRecord, draft: form(created) });
          return idNamed(await client.call(catalogue.api.list), (item) => item.name, created);
        },
        edits: () => [form(first), form(second)],
        shown: (item) => item.name,
        expected: (draft) => textValue(draft, "name"),
      }),
    ];
  }),
);

/** The ids a yacht's pages point at: the yacht, one of its decks and cabins, a country. */
interface PageReferences {
  readonly yacht: number;
  readonly deck: number;
  readonly cabin: number;
  readonly country: number;
}

/** Two edits of each page, and the text of the page that tells them apart. */
const pageEdits: Readonly<Record<YachtPageName, (refs: PageReferences) => { readonly edits: readonly [FieldValues, FieldValues]; readonly marker: (page: FieldValues | YachtPage) => string }>> = {
  technical_info: () => ({ edits: [{ engines: "2 x Caterpillar" }, { engines: "2 x Volvo Penta" }], marker: (page) => String(page.engines) }),
  guests_accomodations: () => ({ edits: [{ description: "Ocho cabinas" }, { description: "Nueve cabinas" }], marker: (page) => String(page.description) }),
  social_areas: () => ({ edits: [{ description: "Bar y salón" }, { description: "Solárium" }], marker: (page) => String(page.description) }),
  safety_communications: () => ({
    edits: [{ items: [{ item: "Radio VHF" }] }, { items: [{ item: "Radio SSB" }] }],
    marker: (page) => String((page.items as ReadonlyArray<Readonly<Record<string, unknown>>>)[0]?.item),
  }),
  mechanic_equipment: () => ({
    edits: [{ items: [{ item: "Generador" }] }, { items: [{ item: "Desalinizadora" }] }],
    marker: (page) => String((page.items as ReadonlyArray<Readonly<Record<string, unknown>>>)[0]?.item),
  }),
  deck_plan: ({ deck }) => ({ edits: [{ plans: [{ deck: String(deck) }] }, { plans: [] }], marker: (page) => String((page.plans as ReadonlyArray<unknown>).length) }),
  deck_schema: ({ cabin }) => ({
    edits: [{ positions: [{ cabin: String(cabin), x: "0", y: "0" }] }, { positions: [{ cabin: String(cabin), x: "6", y: "4" }] }],
    marker: (page) => String((page.positions as ReadonlyArray<Readonly<Record<string, unknown>>>)[0]?.x),
  }),
  crews_on_board: ({ country }) => ({
    edits: [{ crew: [{ name: "Luis Andrade", role: "Marinero", nationality: String(country) }] }, { crew: [{ name: "Pedro Loor", role: "Chef", nationality: String(country) }] }],
    marker: (page) => String((page.crew as ReadonlyArray<Readonly<Record<string, unknown>>>)[0]?.name),
  }),
};

const pageCases = Object.fromEntries(
  yachtPages.map((page) => {
    let edits: ReturnType<(typeof pageEdits)[YachtPageName]> | null = null;
    const made = () => {
      if (edits === null) throw new Error("the page's yacht is made first");
      return edits;
    };
    return [
      page.api.update.name,
      staleCase<YachtPage, CatalogueChoices, FieldValues>({
        source: yachtPageFormSource(page),
        create: async () => {
          const yacht = await referencedItem(db, "yachts");
          const deck = await referencedItem(db, "decks", { detail: "yacht", value: yacht });
          const cabin = await referencedItem(db, "cabins", { detail: "yacht", value: yacht });
          edits = pageEdits[page.name]({ yacht, deck, cabin, country: await referencedItem(db, "countries") });
          return yacht;
        },
        edits: () => made().edits,
        shown: (item) => made().marker(item),
        expected: (draft) => made().marker(draft),
      }),
    ];
  }),
);

const userEdit = (firstName: string): UserPayload => ({
  firstName,
  lastName: "Mora",
  email: "luis@example.com",
  roleId: roleIds.marketing,
  active: true,
});

const destinationSource = destinationFormSource("national");

/** The departure's form, once its yacht and itinerary are made. */
let cruiseForm: FieldValues = {};
/** The passenger's form, once its identification type and country are made. */
let passengerForm: FieldValues = {};

const cases: Readonly<Record<string, ReturnType<typeof staleCase>>> = {
  ...catalogueCases,
  ...pageCases,
  "cruises.update": staleCase<Cruise, CatalogueChoices, FieldValues>({
    source: departures.formSource,
    create: async () => {
      const yacht = await referencedItem(db, "yachts");
      const itinerary = await referencedItem(db, "cruiseItineraries", { detail: "yacht", value: yacht });
      const guide = await referencedItem(db, "guides");
      const startDate = new Date(server.clock.now().getTime() + 120 * 86_400_000).toISOString().slice(0, 10);
      cruiseForm = { yachtId: String(yacht), cruiseItineraryId: String(itinerary), startDate, guideIds: [String(guide)], notes: "" };
      await departures.formSource.save(client, { ...newRecord, draft: cruiseForm });
      const [cruise] = await client.call(listCruises, { query: {} });
      if (cruise === undefined) throw new Error("the departure was not scheduled");
      return cruise.id;
    },
    edits: () => [
      { ...cruiseForm, notes: "Guía bilingüe" },
      { ...cruiseForm, notes: "Guía naturalista" },
    ],
    shown: (cruise) => cruise.notes,
    expected: (draft) => textValue(draft, "notes"),
  }),
  "passengers.update": staleCase<PassengerRecord, CatalogueChoices, FieldValues>({
    source: passengers.form("admin").source,
    create: async () => {
      passengerForm = {
        firstName: "Lucía",
        lastName: "Andrade",
        identificationTypeId: String(await referencedItem(db, "identificationTypes")),
        identification: "AB123",
        birthday: "1985-04-12",
        countryId: String(await referencedItem(db, "countries")),
        gender: "female",
      };
      await passengers.form("admin").source.save(client, { ...newRecord, draft: passengerForm });
      const [passenger] = await client.call(listPassengers, { query: {} });
      if (passenger === undefined) throw new Error("the passenger was not registered");
      return passenger.id;
    },
    edits: () => [
      { ...passengerForm, notes: "Viaja con su hija" },
      { ...passengerForm, notes: "Alergia al maní" },
    ],
    shown: (passenger) => passenger.notes,
    expected: (draft) => textValue(draft, "notes"),
  }),
  "users.update": staleCase({
    source: userFormSource,
    create: () => createStaff(db, { email: "luis@example.com", role: "marketing", firstName: "Luis", lastName: "Mora" }),
    edits: () => [userEdit("Luis Alberto"), userEdit("Luis Fernando")],
    shown: (user) => user.first_name,
    expected: (draft) => draft.firstName,
  }),
  "itineraries.update": staleCase({
    source: destinationSource,
    create: async () => {
      const draft: ItineraryDraft = { ...completeDraft, feeding: [] };
      const images = [{ kind: "new", slot: "", key: 0, file: photo, preview: null }] as const;
      await destinationSource.save(client, { ...newRecord, draft, images });
      return idNamed(await client.call(listItineraries), (itinerary) => itinerary.name, draft.name);
    },
    edits: () => [
      { ...completeDraft, feeding: [], name: "Quilotoa y Chugchilán" },
      { ...completeDraft, feeding: [], name: "Laguna Quilotoa" },
    ],
    shown: (itinerary) => itinerary.name,
    expected: (draft) => draft.name,
  }),
  "home.updateBanner": staleCase({
    source: bannerFormSource,
    create: async () => {
      const draft: BannerDraft = bannerDraft;
      const images = [{ kind: "new", slot: "", key: 0, file: photo, preview: null }] as const;
      await bannerFormSource.save(client, { ...newRecord, draft, images });
      return idNamed((await client.call(adminContent)).banners, (banner) => banner.title, "Galápagos");
    },
    edits: () => [
      // the English title: what the English landing page shows is saved like the rest
      { ...bannerDraft, titleEn: "Galápagos by sailboat" },
      { ...bannerDraft, titleEn: "Galápagos by yacht" },
    ],
    shown: (banner) => banner.titleEn,
    expected: (draft) => draft.titleEn,
  }),
  "home.updateCallAction": staleCase({
    source: callActionFormSource,
    create: async () => {
      const draft: CallActionDraft = { ...callActionDraft, title: "Cotice" };
      await callActionFormSource.save(client, { ...newRecord, draft });
      return idNamed((await client.call(adminContent)).call_action, (action) => action.title, "Cotice");
    },
    edits: () => [
      { ...callActionDraft, title: "Cotice su viaje" },
      { ...callActionDraft, title: "Reserve hoy" },
    ],
    shown: (action) => action.title,
    expected: (draft) => draft.title,
  }),
  "reservations.update": {
    run: async () => {
      await db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: server.clock.now() }));
      const yacht = await referencedItem(db, "yachts");
      const itinerary = await referencedItem(db, "cruiseItineraries", { detail: "yacht", value: yacht });
      const startDate = new Date(server.clock.now().getTime() + 120 * 86_400_000).toISOString().slice(0, 10);
      const guide = await referencedItem(db, "guides");
      await client.call(createCruise, { body: { yachtId: yacht, cruiseItineraryId: itinerary, startDate, guideIds: [guide] } });
      const [cruise] = await client.call(listCruises, { query: {} });
      const [first, second] = (await client.call(cruiseCabins, { params: { id: cruise?.id ?? CruiseId.make(1) } })).filter((cabin) => cabin.capacity >= 2);
      const male = (await client.call(genders.api.list)).find((type) => type.child !== true);
      const spaces = [{ genderId: male?.id ?? 0 }];
      const held = await client.call(createReservation, {
        body: { cruiseId: cruise?.id ?? 0, agencyId: null, type: "general", cabins: [{ cabinId: first?.id ?? 0, spaces }] },
      });
      const one = [{ cabinId: first?.id ?? 0, spaces }];
      const loaded = await client.call(getReservation, { params: { id: held.id } });
      await client.call(updateReservation, { params: { id: held.id }, body: { notes: "Primera", cabins: one, version: loaded.version } });
      const events = await db.query("select id from events order by id");
      const refused = client.call(updateReservation, {
        params: { id: held.id },
        body: { notes: "Segunda", cabins: [...one, { cabinId: second?.id ?? 0, spaces }], version: loaded.version },
      });
      expect(await refusalOf(refused)).toEqual(stale);
      expect(await db.query("select id from events order by id")).toEqual(events);
      const current = await client.call(getReservation, { params: { id: held.id } });
      expect([current.notes, current.bookings.length]).toEqual(["Primera", 1]);
      await client.call(updateReservation, { params: { id: held.id }, body: { notes: "Segunda", cabins: one, version: current.version } });
      expect((await client.call(getReservation, { params: { id: held.id } })).notes).toBe("Segunda");
    },
  },
  "home.updateRecommendations": {
    run: async () => {
      const draft: ItineraryDraft = { ...completeDraft, feeding: [] };
      const images = [{ kind: "new", slot: "", key: 0, file: photo, preview: null }] as const;
      for (const name of ["Quilotoa", "Cuenca"]) {
        await destinationSource.save(client, { ...newRecord, draft: { ...draft, name }, images });
      }
      const ids = (await client.call(listItineraries)).map((itinerary) => itinerary.id);
      const first = await client.call(adminContent);
      const second = await client.call(adminContent);
      expect(first.recommendationsVersion).toBe(0);
      await client.call(updateRecommendations, { body: { itineraries: ids, version: first.recommendationsVersion } });
      const refused = client.call(updateRecommendations, {
        body: { itineraries: [...ids].reverse(), version: second.recommendationsVersion },
      });
      expect(await refusalOf(refused)).toEqual(stale);
      const current = await client.call(adminContent);
      expect(current.recommendations.map((recommendation) => recommendation.id)).toEqual(ids);
      await client.call(updateRecommendations, { body: { itineraries: [...ids].reverse(), version: current.recommendationsVersion } });
      expect((await client.call(adminContent)).recommendations.map((recommendation) => recommendation.id)).toEqual([...ids].reverse());
    },
  },
  "policies.updateMoney": {
    run: async () => {
      const first = await client.call(getMoneyPolicy);
      const second = await client.call(getMoneyPolicy);
      expect(first.version).toBe(0);
      await client.call(updateMoneyPolicy, { body: { ...first, depositPercent: 25 } });
      const events = await db.query("select id from events order by id");
      expect(await refusalOf(client.call(updateMoneyPolicy, { body: { ...second, depositPercent: 20 } }))).toEqual(stale);
      expect(await db.query("select id from events order by id")).toEqual(events);
      const current = await client.call(getMoneyPolicy);
      expect(current.depositPercent).toBe(25);
      await client.call(updateMoneyPolicy, { body: { ...current, depositPercent: 20 } });
      expect((await client.call(getMoneyPolicy)).depositPercent).toBe(20);
    },
  },
};

/**
 * Commands that change one thing on purpose, not a form's fields: no form was loaded to be stale.
 * A lifecycle's commands (an Ikarus rate's activation) move the state, which its machine judges
 * from the state it finds: a second activation is refused, not lost.
 */
const commandsWithoutForm = new Set([
  "users.resetPassword",
  "leads.assign",
  "auth.forgotPassword",
  "auth.upgradePassword",
  "cruises.cancel",
  "reservations.confirm",
  "reservations.extend",
  "reservations.cancel",
  "spaces.cancel",
  "spaces.assignPassenger",
  "payments.verify",
  "payments.reject",
  "payments.void",
  "reservations.waivePenalty",
  ...catalogues.flatMap(({ api }) => api.commands.map(({ endpoint }) => endpoint.name)),
]);

describe("a save from a form loaded before someone else's save", () => {
  it("is required of every edit endpoint, and every one of them is tried below", () => {
    const edits = endpoints.filter((endpoint) => endpoint.method === "PUT" && !commandsWithoutForm.has(endpoint.name));
    for (const edit of edits) {
      // a body whose wire keys are the spec's misspellings is a key renaming over the struct (decision 074)
      const struct: object = "to" in edit.body && edit.body.to instanceof Object ? edit.body.to : edit.body;
      const fields = "fields" in struct ? Object.keys(struct.fields as object) : [];
      expect(fields, edit.name).toContain("version");
    }
    expect(edits.map((edit) => edit.name).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, stale] of Object.entries(cases)) {
    it(`${name}: is refused with 409 and changes nothing; loaded again, it saves`, stale.run);
  }

  it("sent at the same moment from one loaded form: exactly one save wins", async () => {
    const [catalogue] = catalogues;
    if (catalogue === undefined) throw new Error("no catalogue declared");
    await formSourceOf(catalogue).save(client, { ...newRecord, draft: { name: "Cena", active: true } });
    const id = idNamed(await client.call(catalogue.api.list), (item) => item.name, "Cena");
    const loaded = await client.call(catalogue.api.get, { params: { id: catalogueItemId(id) } });
    const saves = ["Cena ligera", "Cena buffet", "Cena a la carta", "Cena criolla"].map((name) =>
      client.call(catalogue.api.update, { params: { id: loaded.id }, body: { name, active: true, version: loaded.version } }),
    );
    const outcomes = await Promise.allSettled(saves);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.status === "rejected")) {
      expect(await refusalOf(Promise.reject(outcome.reason))).toEqual(stale);
    }
    expect((await client.call(catalogue.api.get, { params: { id: loaded.id } })).version).toBe(loaded.version + 1);
  });

  it("without the version is refused before anything is read", async () => {
    const [catalogue] = catalogues;
    if (catalogue === undefined) throw new Error("no catalogue declared");
    await formSourceOf(catalogue).save(client, { ...newRecord, draft: { name: "Almuerzo", active: true } });
    const id = idNamed(await client.call(catalogue.api.list), (item) => item.name, "Almuerzo");
    const path = catalogue.api.update.path.replace(":id", String(id));
    const response = await fetch(`${server.base}/api${path}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${await sessionFor(server, db, adminId)}` },
      body: JSON.stringify({ name: "Cena", active: true }),
    });
    expect(response.status).toBe(400);
    expect((await client.call(catalogue.api.get, { params: { id: catalogueItemId(id) } })).name).toBe("Almuerzo");
  });
});
