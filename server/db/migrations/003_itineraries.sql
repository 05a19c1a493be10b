-- Uploaded images, content-addressed: one row per (folder, sha256 of the bytes), so identical
-- bytes are kept once. Not a projection: the events name an image by its path
-- (uploads/<folder>/<sha256>.<ext>) and this append-only store keeps the bytes, written in the
-- same transaction as the event that first names them. A rebuild leaves it as it is.
create table uploads (
  folder text not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  ext text not null,
  mime text not null,
  bytes bytea not null,
  size int not null,
  created_at timestamptz not null,
  primary key (folder, sha256)
);

-- Projection of the 'itinerary' stream (destinations). Deleted destinations keep their row
-- (status 'deleted') so their history stays readable; the lists leave them out. Money is kept
-- exact to the cent; the fixed-option lists are arrays in the options' own order. The catalogue
-- items a destination includes are in itinerary_catalogue_items (migration 002), which this
-- projection fills.
create table itineraries (
  id serial primary key,
  name text not null,
  days text not null,
  description text not null,
  avalability text not null,
  price numeric(12, 2) not null check (price >= 0),
  ofert_price numeric(12, 2) check (ofert_price >= 0),
  is_ofert boolean not null,
  type text not null check (type in ('national', 'international')),
  region text check (region in ('Costa', 'Sierra', 'Oriente')),
  services_included text[] not null,
  departure_from text[] not null,
  image text not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index itineraries_live_by_type on itineraries (type) where status <> 'deleted';
