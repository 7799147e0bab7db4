-- The card-testing guard's counts. Each gift request is counted per client address and per email (both kept hashed,
-- never in the clear) in fixed windows, so the limits hold across instances and restarts; a window's rows are dropped
-- once the next window starts.
create table guard_counts (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
create index guard_counts_window on guard_counts (window_start);

-- Whether the decline breaker is open: one row, changed by one statement, so one instance logs each change.
create table guard_breaker (
  id boolean primary key default true check (id),
  open boolean not null,
  changed_at timestamptz not null
);
insert into guard_breaker (open, changed_at) values (false, now());

-- Declined confirmations of one PaymentIntent, counted from the failures the webhook recorded.
create index payments_failed_by_object on payments (stripe_id) where outcome = 'failed';
