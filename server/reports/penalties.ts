import { Schema } from "effect";
import { ReservationId, SerialId } from "../../src/api/ids.ts";
import type { PenaltiesByAgency, PenaltiesByMonth, PenaltiesReport, PenaltyEntry, PenaltyEntryKind } from "../../src/api/reports.ts";
import { addDays, departureMoment } from "../../src/machines/domain/calendar.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { monthsOf } from "./payments.ts";

const EntryRow = Schema.Struct({
  type: Schema.Literals(["reservation.cancel", "space.cancel", "reservation.waivePenalty"]),
  day: Schema.String,
  reason: Schema.String,
  cents: Schema.Int,
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  agency_id: Schema.NullOr(SerialId),
  agency_name: Schema.NullOr(Schema.String),
  cruise_code: Schema.String,
  yacht_name: Schema.String,
  start_date: Schema.String,
});

const kinds: Readonly<Record<typeof EntryRow.Type.type, PenaltyEntryKind>> = {
  "reservation.cancel": "reservationCanceled",
  "space.cancel": "spaceCanceled",
  "reservation.waivePenalty": "waived",
};

const sumOf = (entries: ReadonlyArray<PenaltyEntry>): number => entries.reduce((sum, entry) => sum + entry.amountCents, 0);

/** Entries added up: how many cancels kept a penalty and how many waivers gave one back, kept, waived (positive) and what stays kept. */
const figuresOf = (entries: ReadonlyArray<PenaltyEntry>) => {
  const kept = entries.filter((entry) => entry.kind !== "waived");
  const waived = entries.filter((entry) => entry.kind === "waived");
  return { cancellations: kept.length, waivers: waived.length, keptCents: sumOf(kept), waivedCents: -sumOf(waived), netCents: sumOf(entries) };
};

/**
 * The penalties report (decision 067, built as decision 068's money reports): the penalties the
 * cancels of the period kept and those an admin waived in it (negative), each on the day (in
 * Ecuador) it was decided. They are read from the reservations' events, the only place each one
 * is dated (`reservations.penalty_cents` holds what is kept now): a cancel that kept nothing (a
 * hold's, a waiting list's, the operator's departure cancellation) is no entry. By agency (direct
 * clients together, most kept first), by month (every month of the period) and each one, in cents.
 */
export const penaltiesOf = async (db: Queryable, period: { readonly from: string; readonly to: string }): Promise<PenaltiesReport> => {
  const rows = await queryRows(
    db,
    EntryRow,
    `select e.type, to_char((e.occurred_at at time zone 'UTC') - interval '5 hours', 'YYYY-MM-DD') as day, coalesce(e.data->>'reason', '') as reason,
            coalesce((e.data->>'penaltyCents')::int, (e.data->>'waivedCents')::int, 0) as cents,
            r.id as reservation_id, r.code as reservation_code, r.agency_id, a.name as agency_name,
            c.code as cruise_code, y.name as yacht_name, to_char(c.start_date, 'YYYY-MM-DD') as start_date
       from events e join reservations r on r.id::text = e.stream_id join cruises c on c.id = r.cruise_id join yachts y on y.id = c.yacht_id
       left join agencies a on a.id = r.agency_id
      where e.stream = 'reservation' and e.type in ('reservation.cancel', 'space.cancel', 'reservation.waivePenalty')
        and e.occurred_at >= $1 and e.occurred_at < $2 and r.status <> 'deleted'
        and coalesce((e.data->>'penaltyCents')::int, (e.data->>'waivedCents')::int, 0) > 0
      order by e.occurred_at, e.id`,
    // the period's days in Ecuador: from the first's midnight there to the midnight after the last
    [new Date(departureMoment(period.from)), new Date(departureMoment(addDays(period.to, 1)))],
  );
  const read = rows.map((row) => ({
    agencyId: row.agency_id,
    entry: {
      day: row.day,
      kind: kinds[row.type],
      reservationId: row.reservation_id,
      reservationCode: row.reservation_code,
      agencyName: row.agency_name,
      cruiseCode: row.cruise_code,
      yachtName: row.yacht_name,
      startDate: row.start_date,
      reason: row.reason,
      amountCents: row.type === "reservation.waivePenalty" ? -row.cents : row.cents,
    } satisfies PenaltyEntry,
  }));
  const penalties = read.map(({ entry }) => entry);
  const agencies = [...new Set(read.map(({ agencyId }) => agencyId))]
    .map((agencyId): PenaltiesByAgency => {
      const own = read.filter((line) => line.agencyId === agencyId).map(({ entry }) => entry);
      return { agencyId, agencyName: own[0]?.agencyName ?? null, ...figuresOf(own) };
    })
    .sort((a, b) => b.keptCents - a.keptCents || (a.agencyName ?? "").localeCompare(b.agencyName ?? ""));
  const months = monthsOf(period.from, period.to).map((month): PenaltiesByMonth => {
    const { keptCents, waivedCents, netCents } = figuresOf(penalties.filter((entry) => entry.day.startsWith(month)));
    return { month, keptCents, waivedCents, netCents };
  });
  return { from: period.from, to: period.to, agencies, months, penalties, total: figuresOf(penalties) };
};
