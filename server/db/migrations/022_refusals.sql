-- Why a command was refused (issue 40, decision 071): every command a domain machine's guard
-- refused for a signed-in caller, kept in its own transaction once the command's rolled back.
-- Not a projection and not an event: a refusal changed no record, so a rebuild leaves it alone.
create table refusals (
  id serial primary key,
  at timestamptz not null,
  user_id int not null,
  role text not null,
  agency_id int,
  -- the machine that judged, the record's stream, its id (null: the command would have made it)
  -- and its state then (null: no record yet)
  machine text not null,
  stream text not null,
  stream_id text,
  state text,
  -- the event the command asked for and the data it carried, secrets left out
  command text not null,
  data jsonb not null,
  guard text not null,
  message text not null,
  status int not null,
  -- the refusing transition's description: the rule in words, as the machine said it then
  rule text not null,
  facts jsonb,
  -- the departure the command was about, when it was about one: what the staff's list reads
  cruise_id int
);

create index refusals_by_cruise on refusals (cruise_id, at desc, id desc);
create index refusals_newest on refusals (at desc, id desc);
