-- A search word is found anywhere in a lead's folded text (LIKE '%word%'). Without an index every
-- search reads all the leads; a trigram index finds the leads holding a name, an email or a phone
-- in a few milliseconds among 100,000. pg_trgm ships with PostgreSQL (contrib, a trusted extension
-- that a database owner may create) and with PGlite (loaded in server/db/pglite.ts). Words of one
-- or two letters have no trigram and are still read from the table; so are words that most leads
-- hold, where reading the table is the faster plan anyway.
create extension if not exists pg_trgm;

create index leads_search_trigrams on leads using gin (search gin_trgm_ops);
