-- Each petition's count, kept beside its signatures and changed by the same statement that keeps one, so the
-- count is read from a few rows whether the petition has ten signatures or a million. A signature adds one to one
-- of a few rows (its shard, picked at random), so signers at the same moment seldom wait for each other's row;
-- the count is their sum. Signatures are never deleted (a forgotten signer's is de-identified), so nothing subtracts.
create table signature_counts (
  campaign text not null,
  shard smallint not null,
  signatures integer not null,
  primary key (campaign, shard)
);

insert into signature_counts (campaign, shard, signatures)
select campaign, 0, count(*)::integer from signatures group by campaign;
