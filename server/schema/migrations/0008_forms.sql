-- Forms published on the endpoint: one config per form, in numbered versions, which a page embeds by the form's id.
-- A form's id is what its page names: letters, digits and dashes (lower case recommended, as a URL reads best).
-- Its component is fixed once the form exists; its campaign is the newest version's.
create table forms (
  id text primary key check (id ~ '^[A-Za-z0-9-]{1,64}$'),
  component text not null check (component in ('donate-form', 'powerform', 'thank-you')),
  campaign text not null,
  created_at timestamptz not null
);

-- Each version as published, never changed: a page that names a version always gets the same config. Numbered from
-- 1 per form; a publish takes the form's row lock first, so two at once get the next number each.
create table form_versions (
  form text not null references forms (id),
  version integer not null check (version >= 1),
  config jsonb not null,
  published_by text check (char_length(published_by) between 1 and 100),
  published_at timestamptz not null,
  primary key (form, version)
);
