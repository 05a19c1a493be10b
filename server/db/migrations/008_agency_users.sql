-- Issue 15: the agencies that sell the operator's berths sign in too (DOMAIN.md section 2). An
-- agency user has the role 'agency' and belongs to one agency (an item of the agencies catalogue,
-- whose table is made by its declaration, so no foreign key); staff have none.
insert into roles (id, name, label) values (4, 'agency', 'Agencia') on conflict (id) do nothing;

alter table users add column if not exists agency_id int;

create index if not exists users_agency on users (agency_id) where agency_id is not null;
