-- Cancellation penalties and balance reminders (DOMAIN.md section 10, decision 067). A
-- reservation's `penalty_cents` is what its cancellations keep now, in whole cents: the penalties
-- its cancel events stored (the reservation's, and each space canceled alone) less those an admin
-- waived. `balance_reminders` names the balance reminders mailed (`weekBefore`, `dueDay`), each
-- once: what the next round's claim checks, as `reminded` does for a hold's time limit.
alter table reservations add column penalty_cents int not null default 0;
alter table reservations add column balance_reminders text[] not null default '{}';
