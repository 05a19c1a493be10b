-- Issue 15: the eight pages of a yacht (SPEC.md section 2, DOMAIN.md section 3). Projection of
-- the 'yachtPage' stream, one record per yacht and page (id '<yacht id>/<page>'): its content as
-- the page declares it (src/records/yachtPages.ts), in one jsonb document like a catalogue item's
-- details, so a page's fields change without a migration. A page never saved has no row.
create table yacht_pages (
  id text primary key,
  yacht_id int not null,
  page text not null,
  content jsonb not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (yacht_id, page)
);
