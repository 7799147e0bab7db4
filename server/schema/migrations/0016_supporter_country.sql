-- The supporter's country (ISO 3166-1 alpha-2: AU, FJ, PG), as the form's select gave it, else the mobile's country
-- code said, else the form's own. Null on a gift or signature kept before Coral asked it, and on one de-identified.
alter table gifts add column country text;
alter table signatures add column country text;
