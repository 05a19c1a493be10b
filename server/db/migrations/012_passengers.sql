-- Issue 17: passengers and their flights (DOMAIN.md section 7). Projection of the 'passenger'
-- stream: one row per passenger, registered by staff or by an agency (whose own they are), and
-- one per flight leg booked for the passenger on a departure. A passenger's identification (its
-- type and number, as typed without spaces and in capitals) is unique: the passenger machine
-- refuses a second one, and the index stands behind it.
create table passengers (
  id serial primary key,
  agency_id int,
  first_name text not null,
  last_name text not null,
  identification_type_id int not null,
  identification text not null,
  birthday date not null,
  country_id int not null,
  gender text not null,
  details jsonb not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create unique index passengers_identification on passengers (identification_type_id, identification);
create index passengers_by_name on passengers (last_name, first_name, id);
create index passengers_by_agency on passengers (agency_id, last_name, first_name);

create table passenger_flights (
  id serial primary key,
  passenger_id int not null,
  cruise_id int not null,
  reservation_id int not null,
  direction text not null,
  flight_id int not null,
  date date not null,
  time text not null,
  line jsonb not null,
  created_at timestamptz not null
);

create index passenger_flights_by_passenger on passenger_flights (passenger_id, date, id);
create index passenger_flights_by_cruise on passenger_flights (cruise_id, passenger_id);
create index passenger_flights_by_reservation on passenger_flights (reservation_id);
create index spaces_by_passenger on spaces (passenger_id) where passenger_id is not null;
