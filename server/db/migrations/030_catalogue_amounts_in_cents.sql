-- A catalogue's amounts of money in integer cents (issue 38 item 9; decision 088): the rates'
-- client, operator, adult and child rates, the space types' GPS taxes and an agency's credit
-- limit. The rows written before kept dollars as JSON numbers under the detail's name; jsonb keeps
-- a number as a decimal, so each amount times 100, rounded half away from zero at the cent, is
-- exactly the cents the events' upcaster (server/events/upcast.ts, centsOfDollars) reads from the
-- same digits, kept under `<name>Cents`: a rebuild gives these rows again. A detail already in
-- cents has no dollar key and is left as it is. A new install has no catalogue tables yet (they
-- are made after the migrations) and keeps cents from its first item.

create or replace function pg_temp.amounts_in_cents(details jsonb, names text[]) returns jsonb language sql immutable as $$
  select (details - names) || coalesce(
    (select jsonb_object_agg(name || 'Cents',
              case when jsonb_typeof(details->name) = 'number'
                   then to_jsonb(round((details->>name)::numeric * 100)::bigint)
                   else 'null'::jsonb end)
       from unnest(names) as money(name)
      where details ? name),
    '{}'::jsonb)
$$;

create temporary table catalogue_amounts (tbl text, names text[]) on commit drop;

insert into catalogue_amounts values
  ('general_rates', array['clientRate', 'operatorRate']),
  ('family_room_rates', array['clientRate', 'operatorRate']),
  ('charter_rates', array['clientRate', 'operatorRate']),
  ('contract_rates', array['clientRate', 'operatorRate']),
  ('ikarus_rates', array['clientRate', 'operatorRate']),
  ('air_ticket_rates', array['adultRate', 'childRate']),
  ('genders', array['gpsTaxNational', 'gpsTaxForeign', 'gpsTaxAndean']),
  ('agencies', array['credit']);

do $$
declare
  target record;
begin
  for target in select tbl, names from catalogue_amounts loop
    continue when to_regclass(target.tbl) is null;
    execute format('update %1$I set details = pg_temp.amounts_in_cents(details, $1) where details ?| $1', target.tbl) using target.names;
  end loop;
end
$$;

drop function pg_temp.amounts_in_cents(jsonb, text[]);
