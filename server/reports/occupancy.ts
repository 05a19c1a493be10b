import { Schema } from "effect";
import { CruiseId } from "../../src/api/ids.ts";
import { type OccupancyFigures, type OccupancyQuery, type OccupancyReport, percentOf } from "../../src/api/reports.ts";
import { countBerths } from "../../src/machines/domain/berths.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { cabinCapacitySql, liveCabinSql } from "../reservations/cabins.ts";

const DepartureRow = Schema.Struct({ id: CruiseId, code: Schema.String, yacht_id: Schema.Int, start_date: Schema.String });

const TakenRow = Schema.Struct({ cruise_id: Schema.Int, held: Schema.Int, sold: Schema.Int, waiting: Schema.Int, chartered: Schema.Boolean });

const YachtRow = Schema.Struct({ id: Schema.Int, name: Schema.String, capacity: Schema.Int });

/** The figures of some berths, with each count's share of the capacity. */
const figures = (capacity: number, sold: number, held: number, free: number, waiting: number): OccupancyFigures => ({
  capacity,
  sold,
  held,
  free,
  waiting,
  soldPercent: percentOf(sold, capacity),
  heldPercent: percentOf(held, capacity),
  freePercent: percentOf(free, capacity),
});

/** Several departures' figures as one: their counts added, the percents of the sum. */
const added = (all: ReadonlyArray<OccupancyFigures>): OccupancyFigures => {
  const sum = (pick: (one: OccupancyFigures) => number) => all.reduce((total, one) => total + pick(one), 0);
  return figures(sum((one) => one.capacity), sum((one) => one.sold), sum((one) => one.held), sum((one) => one.free), sum((one) => one.waiting));
};

/** The period's scheduled departures, of one yacht or all. */
const periodSql = "c.status = 'scheduled' and c.start_date between $1::date and $2::date and ($3::int is null or c.yacht_id = $3)";

/**
 * The occupancy report (decision 043): three small reads whatever the period's size (the
 * period's departures; their live spaces counted by departure and state; every yacht with its
 * live cabins' berths), put together here with the berths' own counting (berths.ts), so that
 * "free" is what availability calls free: a chartered departure has none. The reads are kept
 * apart and joined in memory on purpose: the embedded database keeps no table statistics, and a
 * join of departures and spaces planned without them walks the spaces' index once per departure,
 * several times slower at a year of the fleet (bench:reports).
 */
export const occupancyOf = async (db: Queryable, query: Required<Pick<OccupancyQuery, "from" | "to">> & Pick<OccupancyQuery, "yachtId">): Promise<OccupancyReport> => {
  const period = [query.from, query.to, query.yachtId ?? null];
  const departures = await queryRows(
    db,
    DepartureRow,
    `select c.id, c.code, c.yacht_id, c.start_date::text as start_date from cruises c where ${periodSql} order by c.start_date, c.id`,
    period,
  );
  const taken = await queryRows(
    db,
    TakenRow,
    `select s.cruise_id, count(*) filter (where s.status = 'reserved')::int as held, count(*) filter (where s.status = 'confirmed')::int as sold,
            count(*) filter (where s.status = 'waiting')::int as waiting, coalesce(bool_or(s.charter) filter (where s.status <> 'waiting'), false) as chartered
       from spaces s
      where s.status in ('reserved', 'confirmed', 'waiting') and s.cruise_id = any (array(select c.id from cruises c where ${periodSql}))
      group by s.cruise_id`,
    period,
  );
  const fleet = await queryRows(
    db,
    YachtRow,
    `select y.id, y.name, coalesce(sum(${cabinCapacitySql}), 0)::int as capacity
       from yachts y left join cabins c on (c.details->>'yacht')::int = y.id and ${liveCabinSql}
      where y.status <> 'deleted'
      group by y.id order by coalesce((y.details->>'order')::int, 99), y.name`,
  );
  const yachtsById = new Map(fleet.map((yacht, order) => [yacht.id, { ...yacht, order }]));
  const counted = new Map(taken.map((row) => [row.cruise_id, row]));
  const rows = departures.map((departure) => {
    const yacht = yachtsById.get(departure.yacht_id);
    const spaces = counted.get(departure.id);
    const berths = countBerths(yacht?.capacity ?? 0, {
      held: spaces?.held ?? 0,
      confirmed: spaces?.sold ?? 0,
      waiting: spaces?.waiting ?? 0,
      chartered: spaces?.chartered ?? false,
    });
    return {
      cruiseId: departure.id,
      code: departure.code,
      yachtId: departure.yacht_id,
      yachtName: yacht?.name ?? "",
      startDate: departure.start_date,
      ...figures(berths.capacity, berths.confirmed, berths.held, berths.free, berths.waiting),
    };
  });
  // a day's departures in the fleet's order, as availability lists them
  const order = (yachtId: number) => yachtsById.get(yachtId)?.order ?? fleet.length;
  rows.sort((a, b) => a.startDate.localeCompare(b.startDate) || order(a.yachtId) - order(b.yachtId) || a.cruiseId - b.cruiseId);
  const yachts = fleet.flatMap((yacht) => {
    const sailing = rows.filter((row) => row.yachtId === yacht.id);
    return sailing.length === 0 ? [] : [{ yachtId: yacht.id, yachtName: yacht.name, departures: sailing.length, ...added(sailing) }];
  });
  return {
    from: query.from,
    to: query.to,
    yachtId: query.yachtId ?? null,
    departures: rows,
    yachts,
    total: added(rows),
    fleet: fleet.map(({ id, name }) => ({ id, name })),
  };
};
