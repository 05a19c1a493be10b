-- Berth types, yacht kinds and languages named in both languages (decision 084), as decision 080
-- named space types, documents, decks and itineraries: the items the installation seeded, still
-- under their seeded Spanish name and without an English one, get their English name. Each change
-- is an edit event of the item's stream (what an admin's save would append), so a rebuild keeps
-- it; items an admin already named in English, or renamed, are left alone. A new install has no
-- catalogue tables yet (they are made after the migrations) and seeds both names itself.
create temporary table reference_english_names (tbl text, stream text, spanish text, english text) on commit drop;

insert into reference_english_names values
  ('berths', 'berth', 'Cama individual', 'Single bed'),
  ('berths', 'berth', 'Cama matrimonial', 'Double bed'),
  ('berths', 'berth', 'Litera', 'Bunk bed'),
  ('berths', 'berth', 'Sofá cama', 'Sofa bed'),
  ('kinds', 'kind', 'Yate a motor', 'Motor yacht'),
  ('kinds', 'kind', 'Catamarán', 'Catamaran'),
  ('kinds', 'kind', 'Barco de expedición', 'Expedition ship'),
  ('languages', 'language', 'Alemán', 'German'),
  ('languages', 'language', 'Español', 'Spanish'),
  ('languages', 'language', 'Francés', 'French'),
  ('languages', 'language', 'Inglés', 'English'),
  ('languages', 'language', 'No aplica', 'Not applicable');

do $$
declare
  target record;
begin
  for target in select distinct tbl, stream from reference_english_names loop
    continue when to_regclass(target.tbl) is null;
    execute format(
      $edit$
      with named as (
        update %1$I item
           set details = item.details || jsonb_build_object('englishName', n.english),
               version = item.version + 1,
               updated_at = now()
          from reference_english_names n
         where n.tbl = %2$L and item.name = n.spanish and item.status <> 'deleted'
           and coalesce(item.details->>'englishName', '') = ''
        returning item.id, item.name, item.details, item.version, item.updated_at
      )
      insert into events (stream, stream_id, version, type, data, occurred_at)
      select %3$L, id::text, version, 'catalogueItem.edit', jsonb_build_object('name', name, 'details', details), updated_at
        from named
      $edit$,
      target.tbl, target.tbl, target.stream);
  end loop;
end
$$;
