-- The one-tap monthly gift: one per first gift, however many taps, keys, instances or restarts ask for it.
-- A request claims the first gift here before it calls Stripe; only the holder of the claim calls.
create table upgrade_claims (
  first_gift text primary key,           -- the one-off gift's PaymentIntent (pi_…)
  attempt integer not null default 1,    -- in Stripe's idempotency key (coral-upgrade:<first gift>:<attempt>); moved on only after a decline
  held_until timestamptz,                -- while a request calls Stripe; null once it is done or gave the claim back
  subscription text,                     -- the monthly gift made (sub_…), once Stripe made it
  created_at timestamptz not null
);

-- Gifts upgraded before this table: their claims, made.
insert into upgrade_claims (first_gift, subscription, created_at)
select substr(key, length('upgraded:') + 1), reference, recorded_at from payments where key like 'upgraded:%';
