-- Issue 39 item 4 (decision 128): a new lead is numbered in the message that commits its
-- transaction. Numbering is one creator at a time: each first moves the unassigned total, whose row
-- stays locked until it commits (decision 048). Numbered from the server, the lock was held across
-- four round trips, each waiting its turn in a server answering 32 clients: on PostgreSQL the
-- total's upsert waited 31 ms on average and lead creates queued at 270 a second. A function runs
-- the two statements of the numbering without parameters, so that the total, the numbering, the
-- change count and the commit go in one message.
--
-- The earliest lead without an ordinal is read first and its place given to the update as
-- parameters: inside one statement the planner cannot know how many leads follow it, guesses a
-- third of them, and reads the whole table to number the one lead just received. EXECUTE plans the
-- update with those values each time.
create or replace function number_leads() returns void language plpgsql as $$
declare
  earliest_at timestamptz;
  earliest_id int;
begin
  select created_at, id into earliest_at, earliest_id
    from leads where ordinal is null order by created_at, id limit 1;
  if not found then
    return;
  end if;
  execute
    'with before as (
       select coalesce((select l.ordinal from leads l where (l.created_at, l.id) < ($1, $2)
                         order by l.created_at desc, l.id desc limit 1), 0) as ordinal
     ), after as (
       select l.id, row_number() over (order by l.created_at, l.id) as place
         from leads l where (l.created_at, l.id) >= ($1, $2)
     )
     update leads l set ordinal = before.ordinal + after.place
       from before, after
      where l.id = after.id and l.ordinal is distinct from before.ordinal + after.place'
    using earliest_at, earliest_id;
end
$$;
