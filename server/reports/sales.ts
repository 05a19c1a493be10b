import { Schema } from "effect";
import type { SalesFigures, SalesLine, SalesReport } from "../../src/api/reports.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { SummedCents } from "../reservations/price.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import { liveLegOf } from "../reservations/reads.ts";

const SalesRow = Schema.Struct({
  kind: Schema.Literals(["agency", "executive", "total"]),
  id: Schema.NullOr(Schema.Int),
  name: Schema.NullOr(Schema.String),
  reservations: Schema.Int,
  berths: Schema.Int,
  revenue_cents: SummedCents,
  commission_cents: SummedCents,
  net_cents: SummedCents,
});
type SalesRow = typeof SalesRow.Type;

const figuresOf = (row: SalesRow): SalesFigures => ({
  reservations: row.reservations,
  berths: row.berths,
  revenue: dollarsOf(row.revenue_cents),
  commission: dollarsOf(row.commission_cents),
  net: dollarsOf(row.net_cents),
});

const lineOf = (row: SalesRow): SalesLine => ({ id: row.id, name: row.name, ...figuresOf(row) });

const nothingSold: SalesFigures = { reservations: 0, berths: 0, revenue: 0, commission: 0, net: 0 };

/**
 * The sales report (decision 043): the confirmed reservations of the departures starting in the
 * period, each at its price as the reservation shows it (its berths' price, plus its passengers'
 * air tickets, which earn no commission), added up by agency, by executive and in total in one
 * grouped read. The amounts are integer cents summed as bigint, in dollars only on the wire
 * (decision 082).
 */
export const salesOf = async (db: Queryable, period: { readonly from: string; readonly to: string }): Promise<SalesReport> => {
  const rows = await queryRows(
    db,
    SalesRow,
    `with sold as (
       select r.agency_id, a.name as agency_name, r.executive_id, u.first_name || ' ' || u.last_name as executive_name,
              (r.price->>'totalCents')::bigint + f.flights as revenue, (r.price->>'commissionCents')::bigint as commission,
              (r.price->>'netCents')::bigint + f.flights as net,
              (select count(*) from spaces s where s.reservation_id = r.id and s.status = 'confirmed')::int as berths
         from reservations r join cruises c on c.id = r.cruise_id
         left join agencies a on a.id = r.agency_id left join users u on u.id = r.executive_id
         cross join lateral (select coalesce(sum((f.line->>'totalCents')::bigint), 0) as flights from passenger_flights f where ${liveLegOf("r.id")}) f
        where r.status = 'confirmed' and c.start_date between $1::date and $2::date)
     select case when grouping(agency_id) = 0 then 'agency' when grouping(executive_id) = 0 then 'executive' else 'total' end as kind,
            case when grouping(agency_id) = 0 then agency_id else executive_id end as id,
            case when grouping(agency_id) = 0 then agency_name else executive_name end as name,
            count(*)::int as reservations, coalesce(sum(berths), 0)::int as berths,
            coalesce(sum(revenue), 0)::text as revenue_cents, coalesce(sum(commission), 0)::text as commission_cents,
            coalesce(sum(net), 0)::text as net_cents
       from sold
      group by grouping sets ((agency_id, agency_name), (executive_id, executive_name), ())
      order by coalesce(sum(revenue), 0) desc, name nulls last`,
    [period.from, period.to],
  );
  const total = rows.find((row) => row.kind === "total");
  return {
    from: period.from,
    to: period.to,
    agencies: rows.filter((row) => row.kind === "agency").map(lineOf),
    executives: rows.filter((row) => row.kind === "executive").map(lineOf),
    total: total === undefined ? nothingSold : figuresOf(total),
  };
};
