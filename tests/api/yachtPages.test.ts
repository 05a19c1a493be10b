import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodePng } from "../../server/demo/png.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { MAX_CABIN_X, yachtPageNames } from "../../src/api/yachtPages.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { cabins, decks, yachts } from "../../src/records/fleet.ts";
import { berths, captains, companies, countries, guides, kinds, languages } from "../../src/records/referenceData.ts";
import { yachtPages } from "../../src/records/yachtPages.ts";
import { testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, request, snapshot, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 15: a yacht's eight pages (DOMAIN.md section 3), each declared once with the detail rules
 * of the catalogues; marketing edits them, admin too, sales reads them, agencies nothing.
 */
const db = testDatabase();
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
let yacht = 0;
let otherYacht = 0;
let upperDeck = 0;
let otherYachtsDeck = 0;
let cabin = 0;
let otherYachtsCabin = 0;
let captain = 0;
let guide = 0;
let ecuador = 0;

const as = (role: RoleName) => tokens.get(role) ?? "";

const create = async (catalogue: CatalogueDeclaration, body: Record<string, unknown>): Promise<number> => {
  expect(dataOf(await request(server, "POST", `/api${catalogue.api.create.path}`, { token: as("admin"), body }))).toBe(messages.created);
  const items = dataOf(await request(server, "GET", `/api${catalogue.api.list.path}`, { token: as("admin") })) as ReadonlyArray<{ id: number; name: string }>;
  return Math.max(...items.map(({ id }) => id));
};

beforeAll(async () => {
  server = await startServer(db);
});

beforeEach(async () => {
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  const kind = await create(kinds, { name: "Yate a motor", initials: "MY" });
  const company = await create(companies, { name: "Islas Cruceros", code: "GIC", ruc: "1791234567001" });
  const yachtFields = { initials: "SL", code: "SL-1", kind, company, order: 1, colour: "#2a9d8f" };
  yacht = await create(yachts, { ...yachtFields, name: "Sea Lion" });
  otherYacht = await create(yachts, { ...yachtFields, name: "Coral", initials: "CO" });
  upperDeck = await create(decks, { name: "Superior", yacht, order: 1 });
  otherYachtsDeck = await create(decks, { name: "Superior", yacht: otherYacht, order: 1 });
  const berth = await create(berths, { name: "Cama individual", capacity: 1 });
  cabin = await create(cabins, { name: "101", yacht, deck: upperDeck, category: "double", berths: [berth, berth] });
  otherYachtsCabin = await create(cabins, { name: "101", yacht: otherYacht, deck: otherYachtsDeck, category: "double", berths: [berth] });
  captain = await create(captains, { name: "Fausto", lastName: "Llerena" });
  const spanish = await create(languages, { name: "Español", initials: "ESP" });
  guide = await create(guides, { name: "Carla", lastName: "Gordillo", level: "III", languages: [spanish] });
  ecuador = await create(countries, { name: "Ecuador", englishName: "Ecuador", code: "EC", andeanPact: true });
});

afterAll(async () => {
  await server?.close();
});

const pagePath = (page: string, id = yacht) => `/api/yachts/${id}/pages/${page}`;
const updatePath = (page: string, id = yacht) => `/api/yachts/updateYachtPage/${id}/${page}`;

const read = (page: string, role: RoleName = "sales", id = yacht) => request(server, "GET", pagePath(page, id), { token: as(role) });
const versionOf = async (page: string): Promise<number> => (dataOf(await read(page)) as { version: number }).version;

const save = async (page: string, body: Record<string, unknown>, role: RoleName = "marketing", id = yacht): Promise<Answer> =>
  request(server, "PUT", updatePath(page, id), { token: as(role), body: { version: await versionOf(page), ...body } });

const pngOf = (shade: number): Blob => new Blob([new Uint8Array(encodePng(6, 4, (x, y) => [shade, x * 40, y * 60]))], { type: "image/png" });

/** A page's multipart save: its body as the `json` field, the new images under `images`. */
const saveWithImages = async (page: string, body: Record<string, unknown>, files: ReadonlyArray<Blob>): Promise<Answer> => {
  const form = new FormData();
  form.append("json", JSON.stringify({ version: await versionOf(page), ...body }));
  for (const file of files) form.append("images", file, "foto.png");
  const response = await fetch(`${server.base}${updatePath(page)}`, { method: "PUT", headers: { authorization: `Bearer ${as("marketing")}` }, body: form });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), headers: response.headers };
};

const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

describe("a yacht's pages", () => {
  it("answers each of the eight pages at DOMAIN.md's paths, empty at version 0 until saved", async () => {
    expect(yachtPages.map(({ api }) => api.get.path)).toEqual(yachtPageNames.map((page) => `/yachts/:id/pages/${page}`));
    expect(yachtPages.map(({ api }) => api.update.path)).toEqual(yachtPageNames.map((page) => `/yachts/updateYachtPage/:id/${page}`));
    expect(dataOf(await read("technical_info"))).toMatchObject({ yachtId: yacht, yachtName: "Sea Lion", version: 0, length: null, engines: "" });
    expect(dataOf(await read("guests_accomodations"))).toMatchObject({ description: "", photos: [], version: 0 });
    expect(dataOf(await read("crews_on_board"))).toMatchObject({ captain: null, guides: [], crew: [] });
    expect(refusal(await read("technical_info", "sales", 9999))).toEqual([404, messages.notFound]);
  });

  it("lets marketing and admin edit the pages, sales only read them and agencies neither", async () => {
    expect(refusal(await read("technical_info", "agency"))).toEqual([403, messages.forbidden]);
    expect(refusal(await save("technical_info", { engines: "2 x Caterpillar" }, "sales"))).toEqual([403, messages.forbidden]);
    expect(refusal(await save("technical_info", { engines: "2 x Caterpillar" }, "agency"))).toEqual([403, messages.forbidden]);
    expect(dataOf(await save("technical_info", { length: 34.5, engines: "2 x Caterpillar", builtYear: 2004, crewCount: 9 }))).toBe(messages.updated);
    expect(dataOf(await save("technical_info", { length: 34.5, engines: " 2 x Caterpillar C18 ", builtYear: 2004, refittedYear: 2019, crewCount: 9 }, "admin"))).toBe(
      messages.updated,
    );
    expect(dataOf(await read("technical_info"))).toMatchObject({ length: 34.5, engines: "2 x Caterpillar C18", builtYear: 2004, refittedYear: 2019, version: 2 });
  });

  it("refuses what a page's rules refuse and a stale form, writing nothing", async () => {
    const before = await snapshot(db);
    const pageRows = await db.query("select * from yacht_pages order by id");
    expect(refusal(await save("technical_info", { builtYear: 1850 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("technical_info", { length: 12.345 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("safety_communications", { items: [{ item: " " }] }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await save("crews_on_board", { crew: [{ name: "Luis", role: "Marinero", nationality: null }] }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await save("crews_on_board", { captain: 9999 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("deck_plan", { plans: [{ deck: otherYachtsDeck, plan: "" }] }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("deck_plan", { plans: [{ deck: upperDeck, plan: "" }, { deck: upperDeck, plan: "" }] }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("deck_schema", { positions: [{ cabin: otherYachtsCabin, x: 0, y: 0 }] }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await save("deck_schema", { positions: [{ cabin, x: MAX_CABIN_X + 1, y: 0 }] }))).toEqual([400, messages.invalidInput]);
    const unknownImage = `uploads/yacht_pages/${"a".repeat(64)}.webp`;
    expect(refusal(await save("social_areas", { photos: [unknownImage] }))).toEqual([400, messages.invalidInput]);
    const stale = await request(server, "PUT", updatePath("technical_info"), { token: as("admin"), body: { version: 1, engines: "otro" } });
    expect(refusal(stale)).toEqual([409, messages.stale]);
    expect(await snapshot(db)).toEqual(before);
    expect(await db.query("select * from yacht_pages order by id")).toEqual(pageRows);
  });

  it("keeps the crew, the deck plans and the cabins' positions each page is given", async () => {
    const crew = [{ name: "Luis Andrade", role: "Marinero", nationality: ecuador }];
    expect(dataOf(await save("crews_on_board", { captain, guides: [guide], crew }))).toBe(messages.updated);
    expect(dataOf(await read("crews_on_board"))).toMatchObject({ captain, guides: [guide], crew });
    // what a page names is in use: deactivated, not deleted
    const remove = (catalogue: CatalogueDeclaration, id: number) =>
      request(server, "DELETE", `/api${catalogue.api.remove.path.replace(":id", String(id))}`, { token: as("admin") });
    for (const [catalogue, id] of [[captains, captain], [guides, guide], [countries, ecuador]] as const) {
      expect(refusal(await remove(catalogue, id))).toEqual([409, messages.itemInUse]);
    }
    expect(dataOf(await save("crews_on_board", { captain: null, guides: [], crew: [] }))).toBe(messages.updated);
    expect(dataOf(await remove(captains, captain))).toBe(messages.deleted);
    expect(dataOf(await remove(countries, ecuador))).toBe(messages.deleted);
    expect(dataOf(await save("deck_schema", { positions: [{ cabin, x: 6, y: 4 }] }))).toBe(messages.updated);
    expect(dataOf(await read("deck_schema"))).toMatchObject({ positions: [{ cabin, x: 6, y: 4 }] });
    // a cabin's place on the plan is no use of it: deleted, it leaves the plan
    const placed = `/api${cabins.api.remove.path.replace(":id", String(cabin))}`;
    expect(dataOf(await request(server, "DELETE", placed, { token: as("admin") }))).toBe(messages.deleted);
    expect(dataOf(await save("safety_communications", { items: [{ item: "Balsas salvavidas para 24 personas" }, { item: "Radio VHF" }] }))).toBe(
      messages.updated,
    );
    expect((dataOf(await read("safety_communications")) as { items: unknown[] }).items).toHaveLength(2);
  });

  it("stores a page's new images where its JSON names them, and removes those it stops naming", async () => {
    expect(dataOf(await saveWithImages("guests_accomodations", { description: "Cabinas con baño privado", photos: ["new:0", "new:1"] }, [pngOf(1), pngOf(2)]))).toBe(
      messages.updated,
    );
    const { photos } = dataOf(await read("guests_accomodations")) as { photos: string[] };
    expect(photos).toHaveLength(2);
    for (const photo of photos) expect(photo).toMatch(/^uploads\/yacht_pages\/[0-9a-f]{64}\.webp$/);
    const [first = "", second = ""] = photos;
    expect((await fetch(`${server.base}/api/${first}`)).status).toBe(200);

    expect(refusal(await saveWithImages("guests_accomodations", { photos: [second, "new:1"] }, [pngOf(3)]))).toEqual([400, messages.invalidInput]);
    expect(refusal(await saveWithImages("guests_accomodations", { photos: [second] }, [pngOf(3)]))).toEqual([400, messages.invalidInput]);
    expect((await fetch(`${server.base}/api/${first}`)).status).toBe(200);

    expect(dataOf(await saveWithImages("guests_accomodations", { description: "Cabinas con baño privado", photos: [second, "new:0"] }, [pngOf(4)]))).toBe(
      messages.updated,
    );
    const after = (dataOf(await read("guests_accomodations")) as { photos: string[] }).photos;
    expect(after[0]).toBe(second);
    expect(after).toHaveLength(2);
    expect((await fetch(`${server.base}/api/${first}`)).status).toBe(404);

    expect(dataOf(await saveWithImages("deck_plan", { plans: [{ deck: upperDeck, plan: "new:0" }] }, [pngOf(5)]))).toBe(messages.updated);
    const [plan] = (dataOf(await read("deck_plan")) as { plans: Array<{ deck: number; plan: string }> }).plans;
    expect(plan?.deck).toBe(upperDeck);
    expect((await fetch(`${server.base}/api/${plan?.plan}`)).status).toBe(200);
  });
});

describe("a catalogue item's images", () => {
  /** A catalogue save as the panel sends it with new images: its body as the `json` field, the files under `images`. */
  const sendWithImages = async (method: string, path: string, body: Record<string, unknown>, files: ReadonlyArray<Blob>): Promise<Answer> => {
    const form = new FormData();
    form.append("json", JSON.stringify(body));
    for (const file of files) form.append("images", file, "logo.png");
    const response = await fetch(`${server.base}/api${path}`, { method, headers: { authorization: `Bearer ${as("admin")}` }, body: form });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text), headers: response.headers };
  };
  const companyNamed = async (name: string) => {
    const items = dataOf(await request(server, "GET", "/api/companies", { token: as("admin") })) as ReadonlyArray<Record<string, unknown>>;
    const found = items.find((item) => item.name === name);
    if (found === undefined) throw new Error(`no company ${name}`);
    return found as { id: number; logo: string; icon: string; version: number };
  };
  const served = async (path: string) => (await fetch(`${server.base}/api/${path}`)).status;
  const company = { name: "Ecoventura", code: "ECV", ruc: "0991234567001" };

  it("stores a company's logo where its JSON names it, replaces it and removes the one it no longer names", async () => {
    expect(dataOf(await sendWithImages("POST", companies.api.create.path, { ...company, logo: "new:0", icon: "new:1" }, [pngOf(7), pngOf(8)]))).toBe(
      messages.created,
    );
    const created = await companyNamed("Ecoventura");
    expect(created.logo).toMatch(/^uploads\/companies\/[0-9a-f]{64}\.webp$/);
    expect(await served(created.logo)).toBe(200);

    const update = companies.api.update.path.replace(":id", String(created.id));
    expect(dataOf(await sendWithImages("PUT", update, { ...company, logo: "new:0", icon: created.icon, version: created.version }, [pngOf(9)]))).toBe(
      messages.updated,
    );
    const replaced = await companyNamed("Ecoventura");
    expect(replaced.logo).not.toBe(created.logo);
    expect(replaced.icon).toBe(created.icon);
    expect(await served(created.logo)).toBe(404);
    expect(await served(replaced.logo)).toBe(200);

    // a save without new images is plain JSON, naming the stored ones by their paths
    const renamed = await request(server, "PUT", `/api${update}`, {
      token: as("admin"),
      body: { ...company, commercialName: "Ecoventura S.A.", logo: replaced.logo, icon: "", version: replaced.version },
    });
    expect(dataOf(renamed)).toBe(messages.updated);
    expect(await served(created.icon)).toBe(404);

    expect(dataOf(await request(server, "DELETE", `/api${companies.api.remove.path.replace(":id", String(created.id))}`, { token: as("admin") }))).toBe(
      messages.deleted,
    );
    expect(await served(replaced.logo)).toBe(404);
  });

  it("refuses an image no upload holds, and files the JSON does not name one to one", async () => {
    const before = await snapshot(db);
    const unknown = `uploads/companies/${"b".repeat(64)}.webp`;
    expect(refusal(await request(server, "POST", `/api${companies.api.create.path}`, { token: as("admin"), body: { ...company, logo: unknown } }))).toEqual([
      400,
      messages.invalidInput,
    ]);
    expect(refusal(await sendWithImages("POST", companies.api.create.path, { ...company, logo: "new:0" }, [pngOf(1), pngOf(2)]))).toEqual([
      400,
      messages.invalidInput,
    ]);
    expect(refusal(await sendWithImages("POST", companies.api.create.path, { ...company, logo: "new:1" }, [pngOf(1)]))).toEqual([400, messages.invalidInput]);
    expect(refusal(await request(server, "POST", `/api${companies.api.create.path}`, { token: as("admin"), body: { ...company, logo: "foto.png" } }))).toEqual([
      400,
      messages.invalidInput,
    ]);
    expect(await snapshot(db)).toEqual(before);
    expect(await db.query("select sha256 from uploads where folder = 'companies'")).toEqual([]);
  });
});
