-- Confirming needs money or credit (DOMAIN.md section 10, decision 065): the payment terms a
-- reservation was confirmed on (the money policy in force that day and the day, `confirmedOn`),
-- as its confirm event stored them; null while never confirmed, or confirmed before this change.
alter table reservations add column terms jsonb;
