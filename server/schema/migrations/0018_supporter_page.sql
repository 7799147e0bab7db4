-- A supporter's own page: the links they ask for by email, the sessions a link opens, and what they changed of a
-- regular gift there.

-- A link, by its id (random, in no message) and the SHA-256 of the token its email carries: the token is never kept.
-- It opens one session, within 30 minutes of being asked for.
create table supporter_links (
  id text primary key,
  token_hash text not null unique,
  email text,                            -- lower-cased; null once it opened a session, or its supporter was erased
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index supporter_links_email on supporter_links (email);

-- A session on the page: the SHA-256 of the cookie's random id, the email it is for, and when it ends.
create table supporter_sessions (
  id_hash text primary key,
  email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index supporter_sessions_email on supporter_sessions (email);

-- What a supporter changed of a regular gift on their page: a new amount (cents per payment), or that they stopped it.
create table gift_changes (
  id bigserial primary key,
  gift text not null,
  action text not null,                  -- amount or cancelled
  amount integer,
  at timestamptz not null
);
create index gift_changes_gift on gift_changes (gift);

-- The link a message carries, for mail of kind `link`.
alter table mail add column link text references supporter_links (id) on delete cascade;
