/**
 * A live cabin's berths in SQL, for the queries that count a departure's berths (availability, the
 * holds, a departure's capacity): the capacities of its berth types, a double bed counting two.
 * The cabin's alias must be `c`.
 */
export const cabinCapacitySql = `coalesce((select sum((b.details->>'capacity')::int) from jsonb_array_elements_text(c.details->'berths') as berth(id)
  join berths b on b.id = berth.id::int), 0)::int`;

/** The cabins a departure sells: not deleted, not deactivated. The cabin's alias must be `c`. */
export const liveCabinSql = "c.status <> 'deleted' and c.active";
