import { listItems } from "../../server/catalogues/items.ts";
import { cabins, decks, yachts } from "../../src/records/fleet.ts";
import { companies } from "../../src/records/referenceData.ts";
import { CABIN_COLUMNS, CABIN_ROWS, MAX_CABIN_X, MAX_CABIN_Y, yachtPageNames } from "../../src/api/yachtPages.ts";
import { countryCodes } from "../../src/api/countries.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "../../server/seed.ts";
import type { Database } from "../../server/db/database.ts";
import { createLogger } from "../../server/log.ts";
import { listLeads } from "../../server/leads/leads.ts";
import { leadsOfPage } from "../setup/leadPages.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { leadProjectionRows } from "../setup/projections.ts";
import { login, startServer, type TestServer, testEnv } from "../api/support.ts";

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const seedWith = async (variables: Record<string, string>) => {
  const lines: string[] = [];
  await seed(db, testEnv(variables), createLogger("info", (line) => lines.push(line)), server.clock.now());
  return lines.join("");
};

const users = () =>
  db.query<{ email: string; first_name: string; last_name: string; role_id: number; change_password: boolean }>(
    "select email, first_name, last_name, role_id, change_password from users order by id",
  );

/** Active and inactive demo items per catalogue stream, counted from the events. */
/** The lists every start loads, demo or not (server/demo/referenceData.ts). */
const referenceLists = {
  country: { active: countryCodes.length, inactive: 0 },
  language: { active: 5, inactive: 0 },
  identificationType: { active: 3, inactive: 0 },
  gender: { active: 3, inactive: 0 },
};

const catalogueItems = async () => {
  const rows = await db.query<{ stream: string; active: boolean; items: number }>(
    `select stream, (data->>'active')::boolean as active, count(*)::int as items from events
     where type = 'catalogueItem.create' group by stream, active order by stream, active`,
  );
  const counts: Record<string, { active: number; inactive: number }> = {};
  for (const row of rows) {
    const entry = counts[row.stream] ?? { active: 0, inactive: 0 };
    if (row.active) entry.active = row.items;
    else entry.inactive = row.items;
    counts[row.stream] = entry;
  }
  return counts;
};

describe("seed", () => {
  beforeEach(async () => {
    await resetDatabase(db);
  });

  it("creates admin@example.com with a temporary password written to the log, forced to change it", async () => {
    const log = await seedWith({});
    expect(await users()).toEqual([
      { email: "admin@example.com", first_name: "Admin", last_name: "Principal", role_id: 1, change_password: true },
    ]);
    const temporary = /temporary password (\S+) /.exec(log)?.[1] ?? "";
    expect(temporary).toMatch(/^[A-Za-z0-9]{10}$/);
    const answer = await login(server, "admin@example.com", temporary);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { rol: "admin", changePassword: true } });
    // besides the reference lists, loaded on every start (tested in tests/api/referenceData.test.ts)
    const types = await db.query<{ type: string }>("select type from events where type not like 'catalogueItem.%' order by id");
    expect(types.map((row) => row.type)).toEqual(["user.create", "user.issueTemporaryPassword", "session.open"]);
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD as they are", async () => {
    const log = await seedWith({ ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "Boss1234" });
    expect(log).not.toContain("Boss1234");
    const answer = await login(server, "boss@example.com", "Boss1234");
    expect(answer.body).toMatchObject({ data: { email: "boss@example.com", rol: "admin", changePassword: false } });
  });

  it("does nothing once a user exists", async () => {
    await seedWith({ ADMIN_PASSWORD: "Boss1234" });
    const log = await seedWith({ ADMIN_EMAIL: "other@example.com", ADMIN_PASSWORD: "Other123" });
    expect(log).toBe("");
    expect((await users()).map((row) => row.email)).toEqual(["admin@example.com"]);
  });

  it("adds no demo content when SEED_DEMO is false", async () => {
    await seedWith({ SEED_DEMO: "false", ADMIN_PASSWORD: "Boss1234" });
    expect((await users()).map((row) => row.email)).toEqual(["admin@example.com"]);
    expect(await catalogueItems()).toEqual(referenceLists);
  });
});

/**
 * The whole demo, seeded once for these tests (its six hundred reservations and their passengers
 * make a seed take seconds): what staff, yachts and leads it holds, and that a rebuild from its
 * events gives the same rows.
 */
describe("the demo", () => {
  let log = "";
  let seededAt = new Date();

  beforeAll(async () => {
    await resetDatabase(db);
    seededAt = server.clock.now();
    log = await seedWith({ SEED_DEMO: "true", ADMIN_PASSWORD: "Boss1234" });
  }, 120_000);

  it("adds the demo staff on an embedded database", async () => {
    const emails = (await users()).map((row) => row.email);
    if (db.kind === "pglite") {
      expect(emails).toEqual([
        "admin@example.com",
        "marketing@example.com",
        "ventas@example.com",
        "ventas2@example.com",
        "marketing2@example.com",
        "ventas3@example.com",
        // one user per demo agency, in the agencies' order by name
        "reservas@andeantravelcompany.example.com",
        "reservas@bogotadestinos.example.com",
        "reservas@cuencatravel.example.com",
        "reservas@guayaquilviajes.example.com",
        "reservas@ikarustours.example.com",
        "reservas@limaexpediciones.example.com",
        "reservas@metropolitantouringagencia.example.com",
        "reservas@natureholidaysuk.example.com",
        "reservas@patagoniagalapagos.example.com",
        "reservas@voyagesequateur.example.com",
      ]);
      expect((await login(server, "reservas@ikarustours.example.com", "Demo1234")).body).toMatchObject({
        data: { firstName: "Klaus", lastName: "Weber", rol: "agency", changePassword: false },
      });
      expect(log).toContain("Demo staff created");
      expect(log).toContain("ventas3@example.com (inactive)");
      expect((await login(server, "ventas3@example.com", "Demo1234")).status).toBe(401);
      expect(await catalogueItems()).toEqual({
        ...referenceLists,
        feeding: { active: 4, inactive: 1 },
        activity: { active: 4, inactive: 0 },
        courtesy: { active: 2, inactive: 1 },
        kind: { active: 3, inactive: 0 },
        berth: { active: 3, inactive: 1 },
        airline: { active: 3, inactive: 0 },
        captain: { active: 4, inactive: 0 },
        hotelier: { active: 2, inactive: 0 },
        guide: { active: 5, inactive: 0 },
        company: { active: 1, inactive: 0 },
        flight: { active: 6, inactive: 0 },
        season: { active: 2, inactive: 0 },
        agency: { active: 10, inactive: 0 },
        yacht: { active: 4, inactive: 0 },
        deck: { active: 12, inactive: 0 },
        cabin: { active: 76, inactive: 0 },
        cruiseItinerary: { active: 3, inactive: 0 },
        // this year's and next year's: per yacht, cruise length, season and the categories it has
        generalRate: { active: 64, inactive: 0 },
        familyRoomRate: { active: 16, inactive: 0 },
        charterRate: { active: 20, inactive: 0 },
        contractRate: { active: 8, inactive: 0 },
        airTicketRate: { active: 12, inactive: 0 },
        // drafted, never created active: one is activated since, one activated and deactivated
        ikarusRate: { active: 0, inactive: 3 },
      });
      // the fleet: the berths of each yacht's cabins add up to its guests
      expect((await listItems(db, yachts)).map(({ name, capacity }) => [name, capacity])).toEqual([
        ["Darwin Star", 20],
        ["Galápagos Explorer", 16],
        ["Islas Encantadas", 100],
        ["Sea Lion", 16],
      ]);
      // each agency in the country of its city, Ecuador's three among them
      expect(
        await db.query<{ name: string; country: string }>(
          "select a.name, c.name as country from agencies a join countries c on c.id = (a.details->>'country')::int order by a.id",
        ),
      ).toEqual(
        [
          ["Ikarus Tours", "Alemania"],
          ["Andean Travel Company", "Estados Unidos"],
          ["Voyages Équateur", "Francia"],
          ["Metropolitan Touring Agencia", "Ecuador"],
          ["Guayaquil Viajes", "Ecuador"],
          ["Cuenca Travel", "Ecuador"],
          ["Lima Expediciones", "Perú"],
          ["Bogotá Destinos", "Colombia"],
          ["Nature Holidays UK", "Reino Unido"],
          ["Patagonia & Galápagos", "Argentina"],
        ].map(([name, country]) => ({ name, country })),
      );
      const [names] = await db.query<{ names: string[] }>(
        "select array_agg(name order by id) as names from feedings",
      );
      expect(names?.names).toEqual(["Desayuno", "Almuerzo", "Cena", "Pensión completa", "Box lunch"]);
      expect((await login(server, "ventas2@example.com", "Demo1234")).body).toMatchObject({
        data: { firstName: "Lucía", lastName: "Paredes", rol: "sales", changePassword: false },
      });
      expect((await login(server, "marketing@example.com", "Demo1234")).body).toMatchObject({
        data: { firstName: "Marta", lastName: "Andrade", rol: "marketing" },
      });
    } else {
      expect(emails).toEqual(["admin@example.com"]);
      expect(await catalogueItems()).toEqual(referenceLists);
    }
  });

  it("fills the eight pages of every demo yacht, a plan for each deck and a place for each cabin", async () => {
    const pages = await db.query<{ yacht_id: number; page: string; version: number; content: Record<string, unknown> }>(
      "select yacht_id, page, version, content from yacht_pages order by yacht_id, page",
    );
    if (db.kind !== "pglite") {
      expect(pages).toEqual([]);
      return;
    }
    const fleet = await listItems(db, yachts);
    // the yachts' pictures and the company's logos are stored images, served as the panel asks
    const [company] = await listItems(db, companies);
    const images = [...fleet.map(({ picture }) => String(picture)), String(company?.logo), String(company?.principalLogo), String(company?.icon)];
    for (const image of images) expect([image, (await fetch(`${server.base}/api/${image}`)).status]).toEqual([image, 200]);
    expect(pages).toHaveLength(fleet.length * yachtPageNames.length);
    expect(pages.every(({ version }) => version === 1)).toBe(true);
    const pageOf = (yachtId: number, page: string) => pages.find((row) => row.yacht_id === yachtId && row.page === page)?.content ?? {};
    for (const yacht of fleet) {
      expect(pages.filter((row) => row.yacht_id === yacht.id).map(({ page }) => page).sort()).toEqual([...yachtPageNames].sort());
      const yachtDecks = await listItems(db, decks, { yachtId: yacht.id });
      const yachtCabins = await listItems(db, cabins, { yachtId: yacht.id });

      const plans = pageOf(yacht.id, "deck_plan").plans as ReadonlyArray<{ deck: number; plan: string }>;
      expect(plans.map(({ deck }) => deck).sort()).toEqual(yachtDecks.map(({ id }) => id).sort());
      for (const { plan } of plans) {
        const answer = await fetch(`${server.base}/api/${plan}`);
        expect([plan, answer.status, answer.headers.get("content-type")]).toEqual([plan, 200, "image/png"]);
      }

      const positions = pageOf(yacht.id, "deck_schema").positions as ReadonlyArray<{ cabin: number; x: number; y: number }>;
      expect(positions.map(({ cabin }) => cabin).sort()).toEqual(yachtCabins.map(({ id }) => id).sort());
      for (const { x, y } of positions) {
        expect(x >= 0 && x <= MAX_CABIN_X && y >= 0 && y <= MAX_CABIN_Y).toBe(true);
      }
      for (const deck of yachtDecks) {
        const onDeck = positions.filter(({ cabin }) => yachtCabins.some((item) => item.id === cabin && item.deck === deck.id));
        const overlapping = onDeck.flatMap((box, index) =>
          onDeck
            .slice(index + 1)
            .filter((other) => Math.abs(box.x - other.x) < CABIN_COLUMNS && Math.abs(box.y - other.y) < CABIN_ROWS)
            .map((other) => [box.cabin, other.cabin]),
        );
        expect([deck.name, overlapping]).toEqual([deck.name, []]);
      }
    }
  });

  // last: the rebuild it ends with replays the whole demo
  it("seeds forty leads of the last two months through events, some assigned with notes, rebuilt alike", async () => {
    const now = seededAt;
    const page = await listLeads(db, { pageSize: 100 });
    if (db.kind !== "pglite") {
      expect(page.meta.total).toBe(0);
      return;
    }
    expect(page.meta.total).toBe(40);
    const leads = leadsOfPage(page);
    const oldest = leads.at(-1)?.createdAt ?? "";
    expect(now.getTime() - new Date(oldest).getTime()).toBeLessThanOrEqual(62 * 86_400_000);
    const assigned = leads.filter((lead) => lead.lead_user !== null);
    expect(assigned.length).toBeGreaterThanOrEqual(10);
    expect(new Set(assigned.map((lead) => lead.lead_user?.lastName))).toEqual(new Set(["Cevallos", "Paredes"]));
    for (const lead of assigned) {
      expect(lead.notes.length).toBeGreaterThanOrEqual(1);
      expect(lead.notes.length).toBeLessThanOrEqual(3);
    }
    expect(leads.filter((lead) => lead.details !== null).length).toBeGreaterThanOrEqual(10);
    expect([...new Set(leads.map((lead) => lead.country))]).toEqual(
      expect.arrayContaining(["Ecuador", "Estados Unidos", "Alemania", "España", "Colombia"]),
    );
    const live = await leadProjectionRows(db);
    await rebuildProjections(db);
    expect(await leadProjectionRows(db)).toEqual(live);
  });
});
