import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { createLogger } from "../../server/log.ts";
import { cabinCapacitySql, liveCabinSql } from "../../server/reservations/cabins.ts";
import { demoSeller } from "../../server/demo/seller.ts";
import { readAccount } from "../../server/money/money.ts";
import { seed } from "../../server/seed.ts";
import { ReservationId } from "../../src/api/ids.ts";
import type { Account, MoneyPolicy } from "../../src/api/money.ts";
import type { ReservationType } from "../../src/api/reservations.ts";
import { depositDueOf } from "../../src/machines/domain/money.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { testEnv } from "../api/support.ts";

/**
 * Issue 34, item 1: the first start's demo on any day. The demo reads the clock (its departures
 * start the month it is loaded in, its holds last as the policy allows that day, the full
 * departure is whichever comes third), so it is seeded at fourteen instants: a week of weekdays
 * at different hours on both sides of Ecuador's midnight, month ends, a year end, a leap day and
 * daylight-saving changes in the server's own time zone. The demo sells its first 30 departures
 * here (the whole demo sells 400 the same way): the full one, the expiring holds and the charter
 * are among them.
 */
const instants: ReadonlyArray<{ readonly at: string; readonly zone?: string }> = [
  { at: "2026-11-29T10:00:00Z" },
  { at: "2026-11-30T04:59:00Z" },
  { at: "2026-12-01T05:00:00Z" },
  { at: "2026-12-02T23:59:00Z" },
  { at: "2026-12-03T00:10:00Z" },
  { at: "2026-12-04T18:30:00Z" },
  { at: "2026-12-05T12:00:00Z" },
  { at: "2026-12-31T23:30:00Z" },
  { at: "2027-01-31T04:30:00Z" },
  { at: "2027-02-28T22:00:00Z" },
  { at: "2028-02-29T10:00:00Z" },
  { at: "2027-03-14T07:30:00Z", zone: "America/New_York" },
  { at: "2027-03-28T01:30:00Z", zone: "Europe/Berlin" },
  { at: "2027-10-31T00:30:00Z", zone: "Pacific/Galapagos" },
];

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

const count = async (sql: string, params: ReadonlyArray<unknown>): Promise<number> => {
  const [row] = await db.query<{ count: number }>(sql, [...params]);
  return row?.count ?? 0;
};

describe("the demo's first start", () => {
  it.each(instants)("works at $at ($zone)", async ({ at, zone }) => {
    const zoneBefore = process.env.TZ;
    if (zone !== undefined) process.env.TZ = zone;
    try {
      await resetDatabase(db);
      const now = new Date(at);
      await seed(db, testEnv({ SEED_DEMO: "true", ADMIN_PASSWORD: "Boss1234" }), createLogger("silent", () => undefined), now, { departures: 30 });
      // a departure whose every berth is sold, and someone on its waiting list
      const full = await count(
        `select count(*)::int as count from cruises d
          where (select count(*) from spaces s where s.cruise_id = d.id and s.status in ('reserved', 'confirmed'))
                = (select coalesce(sum(${cabinCapacitySql}), 0) from cabins c where (c.details->>'yacht')::int = d.yacht_id and ${liveCabinSql})
            and exists (select 1 from spaces s where s.cruise_id = d.id and s.status = 'waiting')`,
        [],
      );
      expect(full).toBe(1);
      expect(await count("select count(*)::int as count from reservations where type = 'charter' and status <> 'canceled'", [])).toBe(1);
      // every hold ends after now and no later than its departure leaves (midnight in Ecuador)
      const held = await count("select count(*)::int as count from reservations where status = 'reserved'", []);
      expect(held).toBeGreaterThan(0);
      const misplaced = await count(
        `select count(*)::int as count from reservations r join cruises c on c.id = r.cruise_id
          where r.status = 'reserved' and (r.time_limit <= $1 or r.time_limit > (c.start_date::text || 'T00:00:00-05:00')::timestamptz)`,
        [now],
      );
      expect(misplaced).toBe(0);
      expect(await count("select count(*)::int as count from reservations where status = 'reserved' and time_limit <= $1", [new Date(now.getTime() + 86_400_000)])).toBeGreaterThan(0);
      // money (decision 065): every confirmed reservation was paid for by its deposit or its agency's
      // credit, judged on the price it was confirmed at (the air tickets its passengers booked since
      // add to its due); those on credit (nothing paid) add up, deposits alone, within the agency's
      // credit; one is overdue, one canceled owes a refund
      const session = await demoSeller(db);
      if (session === null) throw new Error("the demo has no seller");
      const rows = await db.query<{
        id: number;
        status: string;
        agency_id: number | null;
        type: ReservationType;
        start_date: string;
        price: { totalCents: number; netCents: number };
        terms: (MoneyPolicy & { confirmedOn: string }) | null;
        credit: number | null;
      }>(
        `select r.id, r.status, r.agency_id, r.type, c.start_date::text as start_date, r.price, r.terms, (a.details->>'creditCents')::int as credit
           from reservations r join cruises c on c.id = r.cruise_id left join agencies a on a.id = r.agency_id
          where r.status in ('confirmed', 'canceled') order by r.id`,
        [],
      );
      const sales: Array<{ readonly row: (typeof rows)[number]; readonly account: Account; readonly deposit: number }> = [];
      for (const row of rows) {
        const account = await readAccount(db, ReservationId.make(row.id), { session, now });
        if (account === null) continue;
        const due = row.agency_id === null ? row.price.totalCents : row.price.netCents;
        const deposit = row.terms === null ? 0 : depositDueOf(due, row.terms, row.type, row.start_date, row.terms.confirmedOn);
        sales.push({ row, account, deposit });
      }
      const confirmed = sales.filter(({ row }) => row.status === "confirmed");
      expect(confirmed.length).toBeGreaterThan(0);
      expect(confirmed.filter(({ row }) => row.terms === null)).toEqual([]);
      const onCredit = confirmed.filter(({ account, deposit }) => account.paidCents < deposit);
      expect(onCredit.filter(({ row }) => row.agency_id === null).map(({ row }) => row.id)).toEqual([]);
      for (const agencyId of new Set(onCredit.map(({ row }) => row.agency_id))) {
        const its = onCredit.filter(({ row }) => row.agency_id === agencyId);
        expect(its.reduce((sum, { deposit }) => sum + deposit, 0)).toBeLessThanOrEqual(its[0]?.row.credit ?? 0);
      }
      expect(confirmed.filter(({ account }) => account.moneyState === "overdue").length).toBeGreaterThan(0);
      expect(sales.filter(({ row, account }) => row.status === "canceled" && account.moneyState === "refundDue").length).toBeGreaterThan(0);
      // two sales canceled with their penalty (issue 38, decision 067): one before its balance
      // window, paid in full, keeps its deposit and owes the rest back; one inside it keeps all it paid
      const penalized = sales.filter(({ row, account }) => row.status === "canceled" && account.keptPenaltyCents > 0);
      expect(
        penalized.filter(({ account }) => account.moneyState === "refundDue" && account.keptPenaltyCents < account.paidCents && account.refundDueCents === account.paidCents - account.keptPenaltyCents),
      ).toHaveLength(1);
      expect(penalized.filter(({ account }) => account.moneyState === "settled" && account.keptPenaltyCents === account.paidCents)).toHaveLength(1);
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  }, 60_000);
});
