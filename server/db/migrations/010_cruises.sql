-- Issue 17: departures (DOMAIN.md section 4). Projection of the 'cruise' stream: one row per
-- departure of a yacht on one of its cruise itineraries. A yacht sails one departure at a time:
-- the cruise machine refuses an overlap, judged under a lock of the yacht's row; the code (the
-- yacht's initials and the start day) is unique. Canceled departures keep their row.
create table cruises (
  id serial primary key,
  code text not null unique,
  yacht_id int not null,
  cruise_itinerary_id int not null,
  start_date date not null,
  end_date date not null,
  guide_ids int[] not null,
  language_ids int[] not null,
  captain_id int,
  hotelier_id int,
  notes text not null,
  cancel_reason text,
  canceled_at timestamptz,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index cruises_by_start on cruises (start_date, id);
create index cruises_by_yacht on cruises (yacht_id, start_date);
