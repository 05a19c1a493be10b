-- The lead search (decision 047) walks the date index for a common word and reads a rare one
-- through the trigram index. The list chooses which by testing the newest leads, but PostgreSQL
-- still plans each statement: with the default statistics (100 values) it cannot tell a word that
-- 5 % of the leads hold from one that 0.01 % hold, and read a common word through the trigram index
-- (every match, then a sort) or walked a rare one. A thousand sampled values tell them apart.
alter table leads alter column search set statistics 1000;
analyze leads;
