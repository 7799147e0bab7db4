-- Receipts for gifts, statements of a financial year's gifts, and the mail that carries them to supporters.

-- The payment a refund is about (paid:<PaymentIntent or Invoice>), so the receipt that covered it can be cancelled.
alter table payments add column refund_of text;
create index payments_refund_of on payments (refund_of) where refund_of is not null;

-- The organisation's last receipt number: one row, updated in the transaction that issues a receipt, so two
-- endpoints on one server wait on each other for it, and numbers follow one another with none skipped or used twice.
create table receipt_numbers (
  id boolean primary key default true check (id),
  last integer not null,
  since timestamptz                      -- receipts are for payments recorded from then: an hour before the first was issued
);
insert into receipt_numbers (last) values (0);

-- A receipt for one payment (or a month's payments of a regular gift), or a note that cancels one after a refund.
-- The donor's details are copied as the receipt states them; erasure clears them, and the amounts stay.
create table receipts (
  number integer primary key,
  kind text not null,                    -- receipt or cancellation
  gift text not null,                    -- the gift's reference
  cancels integer references receipts (number),
  cancelled_by integer,
  month text,                            -- a monthly receipt's month, 2026-03
  amount integer not null,               -- cents: the receipt's total, or the amount a cancellation's refund took back
  currency text not null,
  method text not null,
  frequency text not null,
  first_name text,
  last_name text,
  email text,
  country text,
  issued_at timestamptz not null
);
create index receipts_gift on receipts (gift);
create index receipts_email on receipts (lower(email));

-- The payments a receipt covers, and what of each it states (the amount less any refund before it was issued).
create table receipt_lines (
  receipt integer not null references receipts (number),
  payment text not null,                 -- the payment's key: paid:<id>
  paid_at timestamptz not null,
  amount integer not null,
  primary key (receipt, payment)
);
create index receipt_lines_payment on receipt_lines (payment);

-- Each refund once it has cancelled the receipt that covered its payment (or found none to cancel).
create table receipt_refunds (
  refund text primary key                -- the refund's key in payments
);

-- A statement of a supporter's gifts for one financial year, once per email and year.
create table statements (
  id serial primary key,
  year integer not null,
  from_day date not null,
  to_day date not null,
  first_name text,
  last_name text,
  email text,
  country text,
  issued_at timestamptz not null
);
create unique index statements_once on statements (year, email) where email is not null;

-- Mail waiting for the organisation's relay, and what became of it: queued in the transaction that made what it
-- carries, sent by whichever endpoint claims it, retried with a growing pause, and kept once sent.
create table mail (
  id bigserial primary key,
  key text not null unique,              -- receipt:<number> or statement:<id>: one message each
  kind text not null,                    -- receipt or statement
  receipt integer references receipts (number),
  statement integer references statements (id),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_due on mail (next_attempt_at) where sent_at is null;
