-- Projection of the 'banner' stream: the home page's banners. There is no delete, so every row is
-- shown to the panel; the public page shows the active ones that have at least one image.
create table banners (
  id serial primary key,
  title text not null,
  text text not null,
  text_two text not null,
  active boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- A banner's carousel, in order: stored image paths (uploads/home_page/<sha256>.<ext>) whose bytes
-- are in `uploads`. Rewritten whole by each banner event, which carries the whole list.
create table banner_images (
  banner_id int not null references banners (id),
  position int not null,
  path text not null,
  primary key (banner_id, position)
);

-- Projection of the 'callAction' stream: the landing page shows the first active one.
create table call_actions (
  id serial primary key,
  title text not null,
  text text not null,
  button_label text not null,
  link text not null,
  active boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Projection of the 'recommendations' stream: one record per list (only 'home' so far), its
-- status and version as the event store's decide() reads them ...
create table recommendation_lists (
  id text primary key,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- ... and its destinations in order (position 1 first). A destination deleted later keeps its
-- row here; the answers leave it out, so giving the list again is what drops it for good.
create table recommendations (
  list_id text not null references recommendation_lists (id),
  position int not null,
  itinerary_id int not null references itineraries (id),
  primary key (list_id, position),
  unique (list_id, itinerary_id)
);
