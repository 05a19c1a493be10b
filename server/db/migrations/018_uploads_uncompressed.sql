-- An upload's bytes are WebP or PNG, compressed already: PostgreSQL's own compression of a large
-- value (pglz) finds nothing to gain and on PGlite it runs on the server's event loop, half of
-- what storing a 2.3 MB image costs there (80 ms -> 40 ms, decision 063). Rows already stored
-- keep their storage; new ones are kept out of line, uncompressed.
alter table uploads alter column bytes set storage external;
