-- The published form, and its version, a gift or signature was made on: null for a page that gives its config
-- inline. Checked by the endpoint before it is kept (the version exists, and is the request's component and
-- campaign), so no foreign key holds up a signature's insert; both or neither.
alter table gifts add column form text, add column form_version integer;
alter table gifts add constraint gifts_form_both check ((form is null) = (form_version is null));
alter table signatures add column form text, add column form_version integer;
alter table signatures add constraint signatures_form_both check ((form is null) = (form_version is null));
