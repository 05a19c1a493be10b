-- The append-only log every change goes through; (stream, stream_id, version) lets only one of two
-- concurrent writers of a record win.
create table events (
  id bigserial primary key,
  stream text not null,
  stream_id text not null,
  version int not null check (version > 0),
  type text not null,
  data jsonb not null,
  actor_id int,
  occurred_at timestamptz not null default now(),
  unique (stream, stream_id, version)
);

create table roles (
  id int primary key,
  name text not null unique,
  label text not null
);

insert into roles (id, name, label) values
  (1, 'admin', 'Administrador'),
  (2, 'marketing', 'Marketing'),
  (3, 'sales', 'Ventas');

-- Projection of the 'user' stream. Deleted users keep their row (status 'deleted') so past
-- comments keep their author's name; only live users hold an email exclusively.
create table users (
  id serial primary key,
  first_name text not null,
  last_name text not null,
  email text not null,
  role_id int not null references roles (id),
  active boolean not null,
  password_hash text,
  temp_password_hash text,
  temp_password_expires_at timestamptz,
  change_password boolean not null default false,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create unique index users_live_email on users (email) where status <> 'deleted';

-- Projection of the 'session' stream: only the sha256 of a token is stored.
create table sessions (
  id uuid primary key,
  user_id int not null references users (id),
  token_hash text not null unique,
  kind text not null check (kind in ('full', 'passwordChange')),
  expires_at timestamptz not null,
  revoked boolean not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index sessions_open_by_user on sessions (user_id) where not revoked;

-- Operational counters, not events: they only slow down guessing and expire by themselves.
create table login_failures (
  id bigserial primary key,
  key text not null,
  failed_at timestamptz not null
);

create index login_failures_by_key on login_failures (key, failed_at);

-- Mail kept in the database when no SMTP server is configured.
create table outbox (
  id bigserial primary key,
  "to" text not null,
  subject text not null,
  text text not null,
  created_at timestamptz not null default now()
);
