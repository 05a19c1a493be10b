import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServedCatalogue } from "../../server/catalogues/storage.ts";
import type { Database } from "../../server/db/database.ts";
import { readStream } from "../../server/events/store.ts";
import { prepareSchema } from "../../server/schema.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { simpleCatalogue } from "../../src/records/catalogue.ts";
import { catalogues } from "../../src/records/index.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { dataOf, request, staffTokens, startServer, type TestServer, versionIn } from "./support.ts";

/**
 * Issue 12: a simple catalogue is one declaration. This one exists only in the test: nothing else
 * is written for it, yet it gets its read table, its five calls with the role matrix, its rules
 * (required name, item in use) and its event history.
 */
const tags: ServedCatalogue = {
  ...simpleCatalogue({
  key: "tags",
  resource: "tags",
  singular: "Tag",
  stream: "tag",
  readers: ["admin", "marketing", "sales"],
  writers: ["admin", "marketing"],
  listPath: "/panel/tags",
  newPaths: ["/panel/tags/tags_new"],
  menu: { section: "administration" },
  }),
  table: "test_tags",
  usedBy: [{ table: "test_tag_uses", column: "tag_id", match: { kind: "trip" } }],
};

let db: Database;
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();

beforeAll(async () => {
  db = await openTestDatabase();
  await prepareSchema(db, [...catalogues, tags]);
  await db.exec("create table test_tag_uses (tag_id int not null, kind text not null)");
  server = await startServer(db, { catalogues: [...catalogues, tags] });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  await db.exec("truncate test_tags, test_tag_uses restart identity");
  tokens = await staffTokens(server, db);
});

const path = (template: string, id = 1) => `/api${template.replace(":id", String(id))}`;
const as = (role: RoleName) => tokens.get(role) ?? "";

describe("a catalogue declared in one place", () => {
  it("is served with its five calls, named as the specification names them", async () => {
    expect(tags.api.create.path).toBe("/tags/createTag");
    const created = await request(server, "POST", path(tags.api.create.path), {
      token: as("marketing"),
      body: { name: "  Familia  ", active: true },
    });
    expect(created.status).toBe(200);
    expect(dataOf(created)).toBe(messages.created);

    const list = await request(server, "GET", path(tags.api.list.path), { token: as("sales") });
    expect(dataOf(list)).toEqual([{ id: 1, name: "Familia", active: true, version: 1 }]);

    const loaded = await request(server, "GET", path(tags.api.get.path), { token: as("admin") });
    const renamed = await request(server, "PUT", path(tags.api.update.path), {
      token: as("admin"),
      body: { name: "Familias", active: false, version: versionIn(loaded) },
    });
    expect(dataOf(renamed)).toBe(messages.updated);
    expect(dataOf(await request(server, "GET", path(tags.api.get.path), { token: as("sales") }))).toEqual({
      id: 1,
      name: "Familias",
      active: false,
      version: 3,
    });
    expect((await readStream(db, "tag", "1")).map((event) => event.type)).toEqual([
      "catalogueItem.create",
      "catalogueItem.edit",
      "catalogueItem.deactivate",
    ]);

    const history = await request(server, "GET", "/api/history/tag/1", { token: as("sales") });
    expect(history.status).toBe(200);
    expect(dataOf(history)).toHaveLength(3);

    const deleted = await request(server, "DELETE", path(tags.api.remove.path), { token: as("admin") });
    expect(dataOf(deleted)).toBe(messages.deleted);
    expect(dataOf(await request(server, "GET", path(tags.api.list.path), { token: as("admin") }))).toEqual([]);
  });

  it("keeps the declared role matrix: readers read, only writers write, no session is 498", async () => {
    const body = { name: "Aventura" };
    const bySales = await request(server, "POST", path(tags.api.create.path), { token: as("sales"), body });
    expect([bySales.status, dataOf(bySales)]).toEqual([403, messages.forbidden]);
    const anonymous = await request(server, "GET", path(tags.api.list.path));
    expect(anonymous.status).toBe(498);
    expect((await request(server, "POST", path(tags.api.create.path), { token: as("admin"), body })).status).toBe(200);
    for (const role of ["admin", "marketing", "sales"] as const) {
      expect((await request(server, "GET", path(tags.api.list.path), { token: as(role) })).status).toBe(200);
    }
    const deleteBySales = await request(server, "DELETE", path(tags.api.remove.path), { token: as("sales") });
    expect(deleteBySales.status).toBe(403);
  });

  it("refuses by its machine's guards: a blank name, and an item in use", async () => {
    const blank = await request(server, "POST", path(tags.api.create.path), { token: as("admin"), body: { name: "  " } });
    expect([blank.status, dataOf(blank)]).toEqual([400, messages.requiredInformation]);
    expect(await db.query("select id from test_tags")).toEqual([]);

    const create = (name: string) =>
      request(server, "POST", path(tags.api.create.path), { token: as("admin"), body: { name } });
    const idOf = async (name: string): Promise<number> => {
      const [row] = await db.query<{ id: number }>("select id from test_tags where name = $1", [name]);
      if (row === undefined) throw new Error(`no tag ${name}`);
      return row.id;
    };
    await create("Buceo");
    await create("Kayak");
    const buceo = await idOf("Buceo");
    const kayak = await idOf("Kayak");
    await db.query("insert into test_tag_uses (tag_id, kind) values ($1, 'other'), ($2, 'trip')", [buceo, kayak]);

    const unused = await request(server, "DELETE", path(tags.api.remove.path, buceo), { token: as("admin") });
    expect(unused.status).toBe(200);
    const inUse = await request(server, "DELETE", path(tags.api.remove.path, kayak), { token: as("admin") });
    expect([inUse.status, dataOf(inUse)]).toEqual([409, messages.itemInUse]);
    expect((await readStream(db, "tag", String(kayak))).map((event) => event.type)).toEqual(["catalogueItem.create"]);
  });
});
