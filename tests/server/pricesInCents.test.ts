import { describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { testDatabase } from "../setup/database.ts";
import { expectMigrationAndRebuildKeep, serverAsAdmin } from "./oldFormat.ts";
import { dataOf, idOfNamed, versionIn } from "../api/support.ts";

/**
 * Decision 082: a reservation's price is stored and carried in integer cents. An installation
 * made before it holds read rows and events in dollars (JSON numbers): migration 028 rewrites the
 * rows, the events are read through their upcaster, and both give back exactly the cents a new
 * installation stores, and the same answers. Runs on PGlite (npm test) and PostgreSQL (npm run test:pg).
 */
const db = testDatabase();
const { call, signIn } = serverAsAdmin(db);

const MIGRATION = "028_prices_in_cents.sql";

type Json = Readonly<Record<string, unknown>>;

/** Dollars as the server stored them before decision 082: a JSON number of the cents' decimal. */
const dollars = (cents: unknown): number => Number(cents) / 100;

const priceInDollars = (price: Json): Json => ({ total: dollars(price.totalCents), commission: dollars(price.commissionCents), net: dollars(price.netCents) });

const lineInDollars = ({ unitPriceCents, totalCents, commissionCents, ...line }: Json): Json => ({
  ...line,
  unitPrice: dollars(unitPriceCents),
  total: dollars(totalCents),
  commission: dollars(commissionCents),
});

const linesInDollars = (lines: unknown): unknown => (lines as ReadonlyArray<Json>).map(lineInDollars);

const priced = () => db.query<{ id: number; price: Json; lines: unknown }>("select id, price, lines from reservations order by id");

/** Every answer that shows a price: each reservation, its account, the departure's list and the sales report. */
const answers = async (cruise: number, ids: ReadonlyArray<number>) => ({
  reservations: await Promise.all(ids.map(async (id) => dataOf(await call("GET", `/reservations/${id}`)))),
  accounts: await Promise.all(ids.map(async (id) => dataOf(await call("GET", `/reservations/${id}/account`)))),
  list: dataOf(await call("GET", `/reservations?cruiseId=${cruise}`)),
  sales: dataOf(await call("GET", "/reports/sales?from=2030-06-01&to=2030-06-30")),
});

describe("a reservation's price in cents (decision 082)", () => {
  it("is what an old installation's dollars become: its rows by migration 028, its events by a rebuild", async () => {
    await db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) }));
    await signIn();
    const [yacht, itinerary, guide, male, agency] = [
      await idOfNamed(db, "yachts", "Galápagos Explorer"),
      await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
      await idOfNamed(db, "guides", "Juan"),
      await idOfNamed(db, "genders", "Hombre adulto"),
      await idOfNamed(db, "agencies", "Cuenca Travel"),
    ];
    expect((await call("POST", "/cruises/createCruise", { yachtId: yacht, cruiseItineraryId: itinerary, startDate: "2030-06-12", guideIds: [guide] })).status).toBe(200);
    const [{ id: cruise } = { id: 0 }] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-12'::date");
    const cabins = (dataOf(await call("GET", `/cruises/${cruise}/cabins`)) as ReadonlyArray<{ id: number }>).map(({ id }) => id);
    const spaces = (count: number) => Array.from({ length: count }, () => ({ genderId: male }));
    const held = await call("POST", "/reservations/createReservation", {
      cruiseId: cruise,
      agencyId: agency,
      type: "general",
      cabins: [{ cabinId: cabins[0], spaces: spaces(2) }],
    });
    expect(held.status, held.text).toBe(200);
    const sold = (dataOf(held) as { id: number }).id;
    // a hold, an update that prices a cabin more, a space canceled (repriced), and a direct client's hold
    const edited = await call("PUT", `/reservations/updateReservation/${sold}`, {
      notes: "Dos cabinas",
      cabins: [{ cabinId: cabins[0], spaces: spaces(2) }, { cabinId: cabins[1], spaces: spaces(1) }],
      version: versionIn(held),
    });
    expect(edited.status, edited.text).toBe(200);
    const [first] = await db.query<{ id: number }>("select id from spaces where reservation_id = $1 order by id limit 1", [sold]);
    expect((await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero no viaja" })).status).toBe(200);
    const direct = await call("POST", "/reservations/createReservation", { cruiseId: cruise, agencyId: null, type: "general", cabins: [{ cabinId: cabins[2], spaces: spaces(1) }] });
    expect(direct.status, direct.text).toBe(200);
    const ids = [sold, (dataOf(direct) as { id: number }).id];
    // the direct client's sale confirmed by an admin without its deposit: the sales report counts it
    const confirmed = await call("PUT", `/reservations/confirmReservation/${ids[1]}`, { reason: "Cliente de confianza" });
    expect(confirmed.status, confirmed.text).toBe(200);

    const rows = await priced();
    expect(rows.map(({ price }) => Object.keys(price).sort())).toEqual(ids.map(() => ["commissionCents", "netCents", "totalCents"]));
    expect(rows.every(({ price }) => Number.isInteger(price.totalCents) && (price.totalCents as number) > 0)).toBe(true);
    const shown = await answers(cruise, ids);
    expect((shown.sales as { total: { revenue: number } }).total.revenue).toBeGreaterThan(0);

    // the installation as it was before decision 082: the rows and the events in dollars
    for (const row of rows) {
      await db.query("update reservations set price = $1::jsonb, lines = $2::jsonb where id = $3", [
        JSON.stringify(priceInDollars(row.price)),
        JSON.stringify(linesInDollars(row.lines)),
        row.id,
      ]);
    }
    const events = await db.query<{ id: number; data: Json }>(
      "select id, data from events where stream = 'reservation' and type in ('reservation.hold', 'reservation.waitlist', 'reservation.update') order by id",
    );
    expect(events).toHaveLength(3);
    for (const event of events) {
      const old = { ...event.data, price: priceInDollars(event.data.price as Json), lines: linesInDollars(event.data.lines) };
      await db.query("update events set data = $1::jsonb where id = $2", [JSON.stringify(old), event.id]);
    }
    expect((await priced()).map(({ price }) => Object.keys(price).sort())).toEqual(ids.map(() => ["commission", "net", "total"]));

    await expectMigrationAndRebuildKeep(db, MIGRATION, async () => [await priced(), await answers(cruise, ids)], [rows, shown]);
  });
});
