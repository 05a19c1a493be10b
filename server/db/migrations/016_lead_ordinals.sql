-- A lead's place in the list of all leads, oldest first (1 is the oldest by created_at, then id),
-- kept by the projection (decision 048). Page 25,000 of a million leads then reads 20 rows by this
-- index instead of stepping over half a million entries of the date index (60 ms on PostgreSQL),
-- and a range of days is counted from the places of its first and last lead. A lead is written
-- without a place and numbered in the same transaction with those after it; a rebuild or a bulk
-- load numbers the whole table once at its end, so `leads_unnumbered` is empty between writes.
alter table leads add column ordinal int;

update leads l set ordinal = numbered.ordinal
  from (select id, row_number() over (order by created_at, id)::int as ordinal from leads) numbered
 where l.id = numbered.id;

create index leads_by_ordinal on leads (ordinal);
create index leads_unnumbered on leads (created_at, id) where ordinal is null;
