-- A supporter's rights over what is kept. A de-identified gift or signature keeps its amount, dates, campaign,
-- consent wording and outcome, and loses every detail that names the person; `deidentified_at` says when.
alter table gifts add column deidentified_at timestamptz;
alter table signatures add column deidentified_at timestamptz;

-- Each erasure or correction a supporter asked for: what it touched, never their details. `email_key` is the
-- email's keyed hash (HMAC-SHA-256 under CORAL_GUARD_SECRET, as the guard counts it), so `records` can still say
-- what was erased for an email it is given, and no one without the key can say whose it was.
create table supporter_requests (
  id bigserial primary key,
  action text not null,                  -- erased or corrected
  email_key text,
  gifts jsonb not null default '[]',     -- the gifts' references
  signatures jsonb not null default '[]',
  fields jsonb not null default '[]',    -- a correction's fields, by name
  customers jsonb not null default '[]', -- Stripe Customers deleted, or kept and why
  requested_by text not null,            -- command or route
  at timestamptz not null
);
create index supporter_requests_email_key on supporter_requests (email_key);

-- When retention last ran: one row, claimed by one statement, so one instance a day does the work.
create table retention_runs (
  id boolean primary key default true check (id),
  last_run_at timestamptz not null
);
insert into retention_runs (last_run_at) values ('-infinity');
