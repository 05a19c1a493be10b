-- Issue 17: reservations and their spaces (DOMAIN.md section 5). Projection of the 'reservation'
-- stream: one row per reservation, one per space (a berth held, waiting or confirmed, or a
-- canceled one kept with its reason). Every change to a departure's spaces is decided under a
-- lock of the departure's row, so that two holds of its last berth are judged one after the other.
create table reservations (
  id serial primary key,
  code text not null unique,
  cruise_id int not null,
  agency_id int,
  type text not null,
  executive_id int,
  time_limit timestamptz,
  extensions int not null default 0,
  reminded boolean not null default false,
  notes text not null,
  price jsonb not null,
  lines jsonb not null,
  cancel_reason text,
  canceled_at timestamptz,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index reservations_by_cruise on reservations (cruise_id, created_at, id);
create index reservations_by_agency on reservations (agency_id, created_at desc, id desc);
create index reservations_newest on reservations (created_at desc, id desc);
-- what the expiry worker and the "expiring soon" filter read
create index reservations_held on reservations (time_limit) where status = 'reserved';

create table spaces (
  id serial primary key,
  reservation_id int not null,
  cruise_id int not null,
  cabin_id int not null,
  gender_id int not null,
  charter boolean not null,
  status text not null,
  passenger_id int,
  cancel_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index spaces_by_cruise on spaces (cruise_id, status);
create index spaces_by_reservation on spaces (reservation_id, id);
