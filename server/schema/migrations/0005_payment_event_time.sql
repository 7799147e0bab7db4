-- When Stripe's event about each payment happened, by Stripe's clock (the event's `created`). Stripe delivers
-- events in any order (a dispute before the refund before the payment), so a gift's latest outcome is the one
-- whose event is newest, not the one that arrived last. Null for what the endpoint recorded itself (an upgrade)
-- and for payments recorded before this column: their recorded_at stands in.
alter table payments add column event_created timestamptz;
