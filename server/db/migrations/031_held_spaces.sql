-- Issue 39 item 4 (decision 093): a departure's live spaces counted by cabin and state, the read
-- the availability makes of every departure of a period. Counting them from `spaces` reads, for
-- three months of a fleet, a third of that table, which the planner rightly reads whole; these
-- counts are a few rows a departure and cabin. A read table, never a rule: the commands decide
-- from `spaces` as before. Kept by triggers on `spaces` in the statement's own transaction, so that
-- every writer of spaces (the reservations' projection, the rebuild, the demo's batches) keeps it
-- without knowing it. The reservations' projection lists it among its tables: a rebuild empties
-- it with `spaces`, and the replayed spaces count it again.

create table held_spaces (
  cruise_id int not null,
  cabin_id int not null,
  status text not null check (status in ('reserved', 'confirmed', 'waiting')),
  spaces int not null check (spaces >= 0),
  -- how many of them a charter's: a charter's held or confirmed space closes the whole departure
  charter_spaces int not null check (charter_spaces between 0 and spaces),
  primary key (cruise_id, cabin_id, status)
);

insert into held_spaces (cruise_id, cabin_id, status, spaces, charter_spaces)
select cruise_id, cabin_id, status, count(*), count(*) filter (where charter)
  from spaces where status in ('reserved', 'confirmed', 'waiting')
 group by cruise_id, cabin_id, status;

-- Takes away what the statement's old rows counted, then adds what its new rows count; a count
-- brought to nothing leaves no row (the rebuild writes none for it).
create function held_spaces_kept() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update held_spaces h
       set spaces = h.spaces - gone.spaces, charter_spaces = h.charter_spaces - gone.charter_spaces
      from (select cruise_id, cabin_id, status, count(*)::int as spaces, (count(*) filter (where charter))::int as charter_spaces
              from old_spaces where status in ('reserved', 'confirmed', 'waiting')
             group by cruise_id, cabin_id, status) gone
     where h.cruise_id = gone.cruise_id and h.cabin_id = gone.cabin_id and h.status = gone.status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into held_spaces as h (cruise_id, cabin_id, status, spaces, charter_spaces)
    select cruise_id, cabin_id, status, count(*), count(*) filter (where charter)
      from new_spaces where status in ('reserved', 'confirmed', 'waiting')
     group by cruise_id, cabin_id, status
        on conflict (cruise_id, cabin_id, status)
        do update set spaces = h.spaces + excluded.spaces, charter_spaces = h.charter_spaces + excluded.charter_spaces;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delete from held_spaces h using old_spaces gone
     where h.cruise_id = gone.cruise_id and h.cabin_id = gone.cabin_id and h.status = gone.status and h.spaces = 0;
  end if;
  return null;
end
$$;

create trigger held_spaces_inserted after insert on spaces referencing new table as new_spaces
  for each statement execute function held_spaces_kept();
create trigger held_spaces_updated after update on spaces referencing old table as old_spaces new table as new_spaces
  for each statement execute function held_spaces_kept();
create trigger held_spaces_deleted after delete on spaces referencing old table as old_spaces
  for each statement execute function held_spaces_kept();
