-- Projection of the 'lead' stream. `agent_id` is who the lead was last assigned to; the lists show
-- that agent only while they are an active user (a deactivated or deleted agent's leads read
-- 'sin asignar'), decided when reading so that giving an agent back their access gives back
-- their leads. `search` is the searchable text (names, email, phone, message) in lower case
-- without accents, written by the projection: a plain column and LIKE work the same on PGlite and
-- PostgreSQL, where pg_trgm or unaccent would need an extension on both.
create table leads (
  id serial primary key,
  first_name text not null,
  last_name text not null,
  email text not null,
  country text not null,
  phone text not null,
  message text not null,
  yacht_name text,
  details jsonb,
  agent_id int references users (id),
  search text not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Pages newest or oldest first (scanned either way), over all leads or one agent's.
create index leads_by_created on leads (created_at, id);
create index leads_by_agent on leads (agent_id, created_at, id);

-- How many leads each agent was last given (agent 0: nobody), kept by the projection so that a
-- page's meta.total costs one small read instead of counting 100,000 rows; searches count
-- their matches while reading them.
create table lead_totals (
  agent int primary key,
  leads int not null
);

-- Follow-up notes (trakin), keyed by the version of the 'lead.comment' event that added them, so a
-- rebuild gives the same keys without a sequence.
create table lead_notes (
  lead_id int not null references leads (id),
  version int not null,
  author_id int not null references users (id),
  coments text not null,
  created_at timestamptz not null,
  primary key (lead_id, version)
);

-- Operational counter of the public lead form, not events: it only slows down a flood from one
-- address and expires by itself (like login_failures).
create table lead_submissions (
  id bigserial primary key,
  address text not null,
  submitted_at timestamptz not null
);

create index lead_submissions_by_address on lead_submissions (address, submitted_at);
