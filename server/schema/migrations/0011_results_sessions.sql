-- The results page's sessions: staff sign in with the admin token and get a random id in a cookie. Only the id's
-- SHA-256 is kept, so a copy of this table opens nothing; a session ends at its expiry or when signed out.
create table results_sessions (
  id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index results_sessions_expiry on results_sessions (expires_at);
