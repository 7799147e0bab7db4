-- Kept for the events' migration.
select 1;
