import { Schema } from "effect";
import type { ExpiringReport } from "../../src/api/reports.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import { OnDepartureRow, onDeparture, reservationsOnDepartures, selectOnDeparture } from "../reservations/reads.ts";

const HeldRow = Schema.Struct({
  ...OnDepartureRow.fields,
  agency_name: Schema.NullOr(Schema.String),
  executive_name: Schema.NullOr(Schema.String),
  time_limit: Schema.Date,
  held: Schema.Int,
  revenue_cents: Schema.Int,
});

const HOUR = 3_600_000;

/**
 * The reservations expiring soon (decision 043): held ones whose time limit passes within `hours`,
 * read as the reservations list's "expiring" filter reads them (a limit passed that the expiry
 * worker has not reached yet counts, with no hour left), soonest first, and counted by day.
 */
export const expiringOf = async (db: Queryable, hours: number, now: Date): Promise<ExpiringReport> => {
  const rows = await queryRows(
    db,
    HeldRow,
    `select ${selectOnDeparture}, a.name as agency_name, u.first_name || ' ' || u.last_name as executive_name, r.time_limit,
            (select count(*) from spaces s where s.reservation_id = r.id and s.status = 'reserved')::int as held,
            (r.price->>'totalCents')::int as revenue_cents
       from ${reservationsOnDepartures}
       left join agencies a on a.id = r.agency_id left join users u on u.id = r.executive_id
      where r.status = 'reserved' and r.time_limit <= $1
      order by r.time_limit, r.id`,
    [new Date(now.getTime() + hours * HOUR)],
  );
  const reservations = rows.map((row) => ({
    ...onDeparture(row),
    agencyName: row.agency_name,
    executiveName: row.executive_name,
    timeLimit: row.time_limit.toISOString(),
    hoursLeft: Math.max(0, Math.round((row.time_limit.getTime() - now.getTime()) / (HOUR / 10)) / 10),
    held: row.held,
    revenue: dollarsOf(row.revenue_cents),
  }));
  const days = new Map<string, { reservations: number; held: number }>();
  for (const reservation of reservations) {
    const day = reservation.timeLimit.slice(0, 10);
    const counted = days.get(day) ?? { reservations: 0, held: 0 };
    days.set(day, { reservations: counted.reservations + 1, held: counted.held + reservation.held });
  }
  return { hours, at: now.toISOString(), reservations, days: [...days].map(([day, counted]) => ({ day, ...counted })) };
};
