/**
 * De-identifying a gift or a signature: it keeps what it was (campaign, amount, frequency, dates, the consent
 * wording shown, and every payment outcome Stripe reported) and loses every detail that names the person who gave
 * or signed: name, email, mobile, postcode, country, address, a signature's answer and the utm values. The copies of those
 * details waiting in (or already sent through) the outbox lose them too, as do the gift's receipts, and mail not yet
 * sent for them goes. `forget` does it at a supporter's request,
 * retention when a record is past its age; a signature stays, so a petition's count never drops.
 */
import type {Queryable} from '../db';

export type Held = {gifts: readonly string[]; signatures: readonly string[]};

export type Deidentified = {gifts: string[]; signatures: string[]; payloads: number; receipts: number};

const asJson = (references: readonly string[]) => JSON.stringify(references);
/** A JSON list of texts given as parameter `param` (`$1`), as SQL a query can look in: `x in ${listed('$1')}`. */
export const listed = (param: string) => `(select jsonb_array_elements_text(${param}::text::jsonb))`;

/**
 * A forwarded gift or signature without its supporter, utm values or the words of its answer (the answer's id,
 * one of the campaign's own options, stays).
 */
const WITHOUT_DETAILS = `jsonb_set(payload, '{data}', (payload->'data') || '{"supporter": {}, "utm": {}}'::jsonb
  || case when jsonb_typeof(payload->'data'->'answer') = 'object'
       then jsonb_build_object('answer', (payload->'data'->'answer') - 'value') else '{}'::jsonb end)`;

/** De-identifies the gifts and signatures named, once each; answers those it changed and the outbox payloads it emptied. */
export async function deidentify(tx: Queryable, held: Held, atSeconds: number): Promise<Deidentified> {
  // The country goes with the postcode, a finer part of the same address: alone it names no one, but beside a
  // campaign, an amount and a day it can narrow a gift from Niue (about 1,700 people) or Tokelau down to a
  // few, and the supporter gave it as one of their details. A forgotten signer's signature still counts on its
  // petition, under no country.
  const gifts = await tx.query<{reference: string}>(
    `update gifts set first_name = null, last_name = null, email = null, phone = null, postcode = null, country = null,
       address = null, utm = '{}', deidentified_at = to_timestamp($2)
     where reference in ${listed('$1')} and deidentified_at is null returning reference`,
    [asJson(held.gifts), atSeconds],
  );
  const signatures = await tx.query<{reference: string}>(
    `update signatures set first_name = null, last_name = null, email = null, phone = null, postcode = null, country = null,
       answer = null, utm = '{}', deidentified_at = to_timestamp($2)
     where reference in ${listed('$1')} and deidentified_at is null returning reference`,
    [asJson(held.signatures), atSeconds],
  );
  // A receipt keeps its number, amounts and dates, which the books need, and loses the donor's details; mail not yet
  // sent for one has no one left to go to.
  const receipts = await tx.query(
    `update receipts set first_name = null, last_name = null, email = null, country = null
     where gift in ${listed('$1')} and email is not null returning 1`,
    [asJson(held.gifts)],
  );
  await tx.query(`delete from mail where sent_at is null and receipt in (select number from receipts where gift in ${listed('$1')})`, [
    asJson(held.gifts),
  ]);
  const records = [...held.gifts.map((reference) => `gift:${reference}`), ...held.signatures.map((reference) => `signature:${reference}`)];
  const payloads = await tx.query(
    `update outbox set payload = ${WITHOUT_DETAILS}
     where record_id in ${listed('$1')} and payload ? 'data' and payload->'data'->'supporter' <> '{}'::jsonb returning 1`,
    [asJson(records)],
  );
  // `returning` keeps no order: the lists are sorted, so what is reported reads the same every time.
  const sorted = (rows: Array<{reference: string}>) => rows.map((row) => row.reference).sort();
  return {gifts: sorted(gifts), signatures: sorted(signatures), payloads: payloads.length, receipts: receipts.length};
}

/** A supporter's erasure or correction record about any of `references` (its gifts' and signatures'), in SQL ($1 the JSON list). */
export const ABOUT_REFERENCES = `kind like 'supporter.%' and payload ? 'data' and exists (
  select 1 from jsonb_array_elements_text(coalesce(payload->'data'->'gifts', '[]') || coalesce(payload->'data'->'signatures', '[]')) about
  where about in ${listed('$1')})`;

/**
 * Empties the payloads of the corrections queued about these records, sent or not: the details they carried are
 * the ones being erased or corrected again. Answers how many.
 */
export async function emptyRequestsAbout(tx: Queryable, held: Held): Promise<number> {
  const emptied = await tx.query(`update outbox set payload = payload - 'data' where ${ABOUT_REFERENCES} returning 1`, [
    asJson([...held.gifts, ...held.signatures]),
  ]);
  return emptied.length;
}
