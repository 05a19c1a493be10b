-- The flows page links each guard to the refusals it made (issue 40, item 4; decision 071): they
-- are counted and listed by machine and guard, newest first.
create index refusals_by_guard on refusals (machine, guard, at desc, id desc);
