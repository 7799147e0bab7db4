/**
 * De-identifying a gift or a signature: it keeps what it was (campaign, amount, frequency, dates, the consent
 * wording shown, and every payment outcome Stripe reported) and loses every detail that names the person who gave
 * or signed: name, email, mobile, postcode, address, a signature's answer and the utm values. The copies of those
 * details waiting in (or already sent through) the outbox lose them too. `forget` does it at a supporter's request,
 * retention when a record is past its age; a signature stays, so a petition's count never drops.
 */
import type {Queryable} from '../db/database';

export type Held = {gifts: readonly string[]; signatures: readonly string[]};

export type Deidentified = {gifts: string[]; signatures: string[]; payloads: number};

const asJson = (references: readonly string[]) => JSON.stringify(references);
const listed = (param: string) => `(select jsonb_array_elements_text(${param}::text::jsonb))`;

/**
 * A forwarded gift or signature without its supporter, utm values or the words of its answer (the answer's id,
 * one of the campaign's own options, stays).
 */
const WITHOUT_DETAILS = `jsonb_set(payload, '{data}', (payload->'data') || '{"supporter": {}, "utm": {}}'::jsonb
  || case when jsonb_typeof(payload->'data'->'answer') = 'object'
       then jsonb_build_object('answer', (payload->'data'->'answer') - 'value') else '{}'::jsonb end)`;

/** De-identifies the gifts and signatures named, once each; answers those it changed and the outbox payloads it emptied. */
export async function deidentify(tx: Queryable, held: Held, atSeconds: number): Promise<Deidentified> {
  const gifts = await tx.query<{reference: string}>(
    `update gifts set first_name = null, last_name = null, email = null, phone = null, postcode = null, address = null,
       utm = '{}', deidentified_at = to_timestamp($2)
     where reference in ${listed('$1')} and deidentified_at is null returning reference`,
    [asJson(held.gifts), atSeconds],
  );
  const signatures = await tx.query<{reference: string}>(
    `update signatures set first_name = null, last_name = null, email = null, phone = null, postcode = null, answer = null,
       utm = '{}', deidentified_at = to_timestamp($2)
     where reference in ${listed('$1')} and deidentified_at is null returning reference`,
    [asJson(held.signatures), atSeconds],
  );
  const records = [...held.gifts.map((reference) => `gift:${reference}`), ...held.signatures.map((reference) => `signature:${reference}`)];
  const payloads = await tx.query(
    `update outbox set payload = ${WITHOUT_DETAILS}
     where record_id in ${listed('$1')} and payload ? 'data' and payload->'data'->'supporter' <> '{}'::jsonb returning 1`,
    [asJson(records)],
  );
  return {gifts: gifts.map((row) => row.reference), signatures: signatures.map((row) => row.reference), payloads: payloads.length};
}

/**
 * Empties the payloads of a supporter's erasure or correction records that name `email`, sent or not: the
 * details they carried are the ones being erased. Answers how many.
 */
export async function emptyRequestsNaming(tx: Queryable, email: string): Promise<number> {
  const emptied = await tx.query(
    `update outbox set payload = payload - 'data'
     where kind like 'supporter.%' and payload ? 'data'
       and (lower(payload->'data'->>'email') = $1 or lower(payload->'data'->'changes'->>'email') = $1) returning 1`,
    [email],
  );
  return emptied.length;
}
