-- Money, first slice (DOMAIN.md section 10, decision 062): the company's money policy (one row,
-- 'company') and the payments, refunds and agency reports of reservations. Amounts are whole
-- cents (int4, as the contract bounds them): money is exact, never a binary fraction.
create table money_policies (
  id text primary key,
  policy jsonb not null,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table payments (
  id serial primary key,
  reservation_id int not null,
  -- the reservation's agency (null: a direct client), copied when the payment is made: what an
  -- agency user's reads and the history's owner check filter on
  agency_id int,
  kind text not null,
  amount_cents int not null,
  received_at date not null,
  method text not null,
  reference text not null,
  payer text not null,
  reason text,
  status text not null,
  version int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index payments_by_reservation on payments (reservation_id, created_at desc, id desc);
create index payments_by_agency on payments (agency_id, created_at desc, id desc);
create index payments_newest on payments (created_at desc, id desc);
