-- Each Idempotency-Key a page sent, with the route it was first sent to: a key always meets the objects its first
-- request made, so the same key on another route is refused rather than starting something new.
create table idempotency_keys (
  key text primary key,
  route text not null,
  created_at timestamptz not null
);
