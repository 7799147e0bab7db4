-- Coral's records: the gifts supporters start, what Stripe says became of
-- each payment, petition signatures and leads, and the outbox that hands new
-- records to the organisation's CRM. No card or account number is ever kept.

-- A gift as the supporter started it, with the details and consent that came with it.
create table gifts (
  reference text primary key,            -- what the supporter was given: pi_…, sub_… or cs_…
  payment_reference text,                -- a hosted checkout's PaymentIntent or Subscription, once Stripe has made it
  idempotency_key text not null,
  via text not null,                     -- gifts, checkout or upgrade
  campaign text not null,
  source_code text,
  frequency text not null,
  method text not null,
  amount integer not null,               -- cents per payment, before the fee
  fee integer not null,
  currency text not null,
  payments integer,                      -- a daily gift's number of payments
  first_name text,
  last_name text,
  email text,
  phone text,
  postcode text,
  address text,
  consent boolean not null,
  consent_wording text not null,         -- the words beside the box, as the campaign's config shows them
  consent_version text not null,
  consented_at timestamptz not null,
  utm jsonb not null default '{}',
  upgrade_from jsonb,
  created_at timestamptz not null
);
create index gifts_created on gifts (created_at);
create index gifts_email on gifts (lower(email));
create index gifts_payment_reference on gifts (payment_reference);

-- What Stripe reported about a payment, once per key however often it says so.
create table payments (
  key text primary key,                  -- paid:<payment>, failed:<event>, ended:<subscription>, upgraded:<first gift>
  outcome text not null,
  reference text not null,               -- the gift's reference
  stripe_id text not null,
  campaign text not null,
  frequency text,
  amount integer,
  currency text,
  event_id text,
  recorded_at timestamptz not null
);
create index payments_reference on payments (reference);
create index payments_recorded on payments (recorded_at);

-- A signature, lead or daisychain signup: one per email and campaign.
create table signatures (
  reference text primary key,
  idempotency_key text not null unique,
  campaign text not null,
  kind text not null,                    -- petition, leads or daisychain
  source_code text,
  first_name text,
  last_name text,
  email text,                            -- trimmed and lower-cased
  phone text,
  postcode text,
  answer_id text,
  answer text,
  consent boolean not null,
  consent_wording text not null,
  consent_version text not null,
  consented_at timestamptz not null,
  utm jsonb not null default '{}',
  created_at timestamptz not null
);
create unique index signatures_one_per_email on signatures (campaign, email) where email is not null;
create index signatures_campaign on signatures (campaign);
create index signatures_created on signatures (created_at);

-- New records waiting to be forwarded to the CRM, oldest first, until it answers 2xx.
create table outbox (
  id bigserial primary key,
  record_id text not null unique,        -- stable across retries: gift:<ref>, payment:<key>, signature:<ref>
  kind text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_pending on outbox (id) where delivered_at is null;
