-- Projections of the 'feeding', 'activity' and 'courtesy' streams, one table per catalogue (each
-- with its own ids, as the panel's routes /panel/feeding/{id} and the like expect). Deleted items
-- keep their row (status 'deleted') so their history stays readable; the lists leave them out.
create table feedings (
  id serial primary key,
  name text not null,
  active boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table activities (
  id serial primary key,
  name text not null,
  active boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table courtesys (
  id serial primary key,
  name text not null,
  active boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Which catalogue items each destination (itinerary) includes; `catalogue` is the item's stream
-- name. Nothing writes it yet: the destinations issue fills it from its itinerary projection (and
-- empties it on a rebuild). Until then it only lets a delete refuse an item in use
-- (isCatalogueItemInUse in server/catalogues/items.ts). No foreign key: the item lives in one of
-- three tables, chosen by `catalogue`.
create table itinerary_catalogue_items (
  itinerary_id int not null,
  catalogue text not null check (catalogue in ('feeding', 'activity', 'courtesy')),
  item_id int not null,
  primary key (itinerary_id, catalogue, item_id)
);

create index itinerary_catalogue_items_by_item on itinerary_catalogue_items (catalogue, item_id);
