-- Issue 39 item 4 (decision 118): the trigram index of the leads' search takes new leads into a
-- pending list, merged into the index when the list outgrows its limit (4 MB by default, about
-- 3,500 leads) or when autovacuum runs; every search reads the whole list until then. PGlite has
-- no autovacuum, so on the embedded database a search read a list of up to 3,500 leads: a rare
-- word's search among 100,000 leads took 2.5 ms with the list merged and 12 ms before the merge.
-- A limit of 256 kB (about 200 leads) keeps a search within a millisecond of the merged index, and
-- a lead's insert pays a merge of some 30 ms every 200 leads instead of one of 180-550 ms every
-- 3,500. The rebuild and the generated leads keep the option: they create the index again from
-- its definition.
alter index leads_search_trigrams set (gin_pending_list_limit = 256);
