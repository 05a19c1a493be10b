-- Issue 13: the throttles count an attempt BEFORE the work it limits, atomically, with one
-- `insert ... on conflict do update ... returning` per key, so parallel requests (and several
-- servers sharing one PostgreSQL) each get their own number. One row per key and fixed window:
-- `attempts` within the window that began at `window_started_at`; a row whose window has passed
-- counts from 1 again and is removed by the next count. The old tables held one row per failure
-- (read, then written after the password check: a parallel burst read them all unchanged).
-- The table names stay: login_failures holds the sign-in keys (login and forgot password),
-- lead_submissions those of the public lead form (decision 021).
drop table login_failures;

create table login_failures (
  key text primary key,
  window_started_at timestamptz not null,
  attempts integer not null
);

create index login_failures_by_window on login_failures (window_started_at);

drop table lead_submissions;

create table lead_submissions (
  key text primary key,
  window_started_at timestamptz not null,
  attempts integer not null
);

create index lead_submissions_by_window on lead_submissions (window_started_at);
