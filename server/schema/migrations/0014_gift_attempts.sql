-- A gift's attempts at Stripe under one page key. Stripe keeps a 5xx under the idempotency key it answered and
-- replays it for a day, so after one the key moves to its next attempt, whose Stripe keys are new; a daily gift's
-- end is counted from the moment its attempt began.
alter table idempotency_keys add column attempt integer not null default 0;
alter table idempotency_keys add column attempt_at timestamptz;
-- A supporter's erasure or correction sent with an Idempotency-Key: its answer, given again to the same key.
alter table idempotency_keys add column answer jsonb;

-- Each Stripe Customer made for a gift that no kept gift points to yet: kept before the object that pays through it,
-- and dropped once the gift is kept (the gift's PaymentIntent or Subscription then names it) or the Customer is
-- deleted. What is left is a Customer whose gift failed after it was made: retention deletes it at Stripe once no
-- retry can use it, and forgetting the email deletes it at once.
create table stripe_customers (
  customer text primary key,           -- cus_…
  idempotency_key text not null,       -- the page key the gift was sent under
  email text,                          -- trimmed and lower-cased, as forgetting looks it up
  created_at timestamptz not null
);
create index stripe_customers_key on stripe_customers (idempotency_key);
create index stripe_customers_email on stripe_customers (email);
create index stripe_customers_created on stripe_customers (created_at);
