-- Issue 18: a voucher is mailed as a PDF. Without a mail server the outbox keeps each mail whole,
-- its attachments too (name, type and the bytes in base64), so nothing an operator sent is lost
-- before a mail server is set up.
alter table outbox add column attachments jsonb not null default '[]';
