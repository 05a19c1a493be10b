-- Reference data named in both languages (decision 080): the space types, identification documents,
-- decks and cruise itineraries the installation seeded get their English name beside the Spanish
-- one, as countries have had; the space types, seeded with English names, get Spanish ones. Each
-- change is an edit event of the item's stream (what an admin's save would append), so a rebuild
-- keeps it; items an admin already named in English, or renamed, are left alone. A new install
-- has no catalogue tables yet (they are made after the migrations) and seeds both names itself.
create temporary table reference_names (tbl text, stream text, was text, spanish text, english text) on commit drop;

insert into reference_names values
  ('genders', 'gender', 'Male Adult', 'Hombre adulto', 'Male Adult'),
  ('genders', 'gender', 'Female Adult', 'Mujer adulta', 'Female Adult'),
  ('genders', 'gender', 'Child', 'Niño', 'Child'),
  ('identification_types', 'identificationType', 'Cédula de identidad', 'Cédula de identidad', 'Identity card'),
  ('identification_types', 'identificationType', 'Pasaporte', 'Pasaporte', 'Passport'),
  ('identification_types', 'identificationType', 'RUC', 'RUC', 'Tax number (RUC)'),
  ('decks', 'deck', 'Cubierta superior', 'Cubierta superior', 'Upper deck'),
  ('decks', 'deck', 'Cubierta principal', 'Cubierta principal', 'Main deck'),
  ('decks', 'deck', 'Cubierta inferior', 'Cubierta inferior', 'Lower deck'),
  ('decks', 'deck', 'Cubierta 1', 'Cubierta 1', 'Deck 1'),
  ('decks', 'deck', 'Cubierta 2', 'Cubierta 2', 'Deck 2'),
  ('decks', 'deck', 'Cubierta 3', 'Cubierta 3', 'Deck 3'),
  ('decks', 'deck', 'Cubierta 4', 'Cubierta 4', 'Deck 4'),
  ('cruise_itineraries', 'cruiseItinerary', 'Norte 4 días', 'Norte 4 días', 'North 4 days'),
  ('cruise_itineraries', 'cruiseItinerary', 'Sur 5 días', 'Sur 5 días', 'South 5 days'),
  ('cruise_itineraries', 'cruiseItinerary', 'Norte y Sur 8 días', 'Norte y Sur 8 días', 'North and South 8 days');

do $$
declare
  target record;
begin
  for target in select distinct tbl, stream from reference_names loop
    continue when to_regclass(target.tbl) is null;
    execute format(
      $edit$
      with named as (
        update %1$I item
           set name = n.spanish,
               details = item.details || jsonb_build_object('englishName', n.english),
               version = item.version + 1,
               updated_at = now()
          from reference_names n
         where n.tbl = %2$L and item.name = n.was and item.status <> 'deleted'
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
