-- A reservation's price and its priced lines in integer cents (issue 38 item 9; decision 082).
-- The rows written before stored dollars as JSON numbers; jsonb keeps a number as a decimal, so
-- each amount times 100, rounded half away from zero at the cent, is exactly the cents the
-- events' upcaster (server/events/upcast.ts, centsOfDollars) reads from the same digits: a
-- rebuild gives these rows again. Rows already in cents are left as they are.

create or replace function pg_temp.line_in_cents(line jsonb) returns jsonb language sql immutable as $$
  select case when jsonb_typeof(line) = 'object' and line ? 'unitPrice'
    then (line - 'unitPrice' - 'total' - 'commission') || jsonb_build_object(
      'unitPriceCents', round(coalesce((line->>'unitPrice')::numeric, 0) * 100)::bigint,
      'totalCents', round(coalesce((line->>'total')::numeric, 0) * 100)::bigint,
      'commissionCents', round(coalesce((line->>'commission')::numeric, 0) * 100)::bigint)
    else line end
$$;

update reservations
   set price = jsonb_build_object(
         'totalCents', round(coalesce((price->>'total')::numeric, 0) * 100)::bigint,
         'commissionCents', round(coalesce((price->>'commission')::numeric, 0) * 100)::bigint,
         'netCents', round(coalesce((price->>'net')::numeric, 0) * 100)::bigint)
 where price ? 'total';

update reservations
   set lines = (select coalesce(jsonb_agg(pg_temp.line_in_cents(line) order by position), '[]'::jsonb)
                  from jsonb_array_elements(lines) with ordinality as priced(line, position))
 where jsonb_typeof(lines) = 'array'
   and exists (select 1 from jsonb_array_elements(lines) as priced(line) where line ? 'unitPrice');

update passenger_flights set line = pg_temp.line_in_cents(line) where line ? 'unitPrice';

drop function pg_temp.line_in_cents(jsonb);
