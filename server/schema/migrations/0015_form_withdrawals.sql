-- A version withdrawn (`npm run forms -- withdraw`) takes no gift or signature from then on, and the newest version a
-- page is given is the newest not withdrawn. Its config stays as it was published: results and rolling back read it.
alter table form_versions add column withdrawn_at timestamptz;
alter table form_versions add column withdrawn_by text check (char_length(withdrawn_by) between 1 and 100);
