-- What visitors did on published forms, for the results: no name, email, address or network address, only a random
-- id a page made for its visitor. One row per visitor, form version, variant and kind of event (view, start, submit,
-- done, failed), so a visitor who reloads is one visitor; kept until they are folded into the daily counts.
create table form_events (
  form text not null,
  version integer not null,
  variant text not null default '',     -- '' where the version has no experiment
  kind text not null,
  visitor text not null,
  day date not null,                    -- the first time, in UTC
  source text not null default '',      -- the form's source code
  utm_source text not null default '',
  utm_medium text not null default '',
  utm_campaign text not null default '',
  primary key (form, version, variant, kind, visitor)
);
create index form_events_day on form_events (day);

-- The same, counted per day once the visitors' rows are past what the analysis needs (the visitor ids dropped).
create table form_event_days (
  form text not null,
  version integer not null,
  variant text not null,
  kind text not null,
  day date not null,
  source text not null,
  utm_source text not null,
  utm_medium text not null,
  utm_campaign text not null,
  visitors integer not null,
  primary key (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign)
);

-- The variant of the version's experiment a gift or signature was made on: null without one.
alter table gifts add column form_variant text;
alter table signatures add column form_variant text;
