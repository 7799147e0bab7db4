-- Each visitor's event is counted by day as it is kept, in the same statement that keeps its row, rather than when
-- the row is folded: the results read these counts, a few rows a day, whether a form has ten visitors or a million,
-- and a fold only drops the visitors' rows. The counts of the rows kept until now are added to the folded ones.
insert into form_event_days as d (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, visitors)
select form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, count(*) from form_events
group by form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign
on conflict (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign)
do update set visitors = d.visitors + excluded.visitors;

-- The gifts and signatures made on a form, which its results read, among all the others the records hold.
create index gifts_form on gifts (form) where form is not null;
create index signatures_form on signatures (form) where form is not null;
