/**
 * What is held for one email (`npm run records -- <email>`, POST /supporters/records): every gift with each
 * payment outcome Stripe reported for it, every signature, the consent each came with, the outbox records that
 * carry the supporter's details, the Stripe Customers made for gifts of theirs that failed after them, the
 * card-testing guard's counts for the email, and the erasures and corrections
 * already made at the supporter's request. Each item names the table it lives in (`where`).
 */
import type {Queryable} from '../db';
import {detailsOfRow, giftOfRow, type GiftRow} from '../records';
import {ABOUT_REFERENCES, listed} from './deidentify';

/** An email as every record is looked up by: trimmed and lower-cased (as every route keeps it; a gift kept by an older endpoint may hold it as typed). */
export const foldEmail = (email: string): string => email.trim().toLowerCase();

/** Whether `email` can be looked up at all: an address of at most 254 characters with one `@` and text on both sides. */
export const isEmail = (email: string): boolean => /^[^@\s]+@[^@\s]+$/.test(foldEmail(email)) && foldEmail(email).length <= 254;

type SignatureRow = {
  reference: string;
  campaign: string;
  kind: string;
  source_code: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  country: string | null;
  answer_id: string | null;
  answer: string | null;
  consent: boolean;
  consent_wording: string;
  consent_version: string;
  utm: Record<string, string>;
  created_at: Date;
  deidentified_at: Date | null;
};

type RequestRow = {action: string; gifts: string[]; signatures: string[]; fields: string[]; customers: unknown; at: Date};

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/**
 * Everything held for `email`. `emailKey` is its keyed hash (guard/guard.ts's `emailBucket`), when the endpoint has
 * a key: the guard's counts and the supporter's past requests are found under it.
 */
export async function heldFor(db: Queryable, email: string, emailKey: string | null) {
  const folded = foldEmail(email);
  const requests = emailKey
    ? await db.query<RequestRow>(
        'select action, gifts, signatures, fields, customers, at from supporter_requests where email_key = $1 order by at, id',
        [emailKey],
      )
    : [];
  const erasedGifts = JSON.stringify(requests.flatMap((request) => request.gifts));
  const erasedSignatures = JSON.stringify(requests.flatMap((request) => request.signatures));
  const giftRows = await db.query<GiftRow & {deidentified_at: Date | null}>(
    `select * from gifts where lower(email) = $1 or reference in ${listed('$2')}
     order by created_at, reference`,
    [folded, erasedGifts],
  );
  const gifts = [];
  for (const row of giftRows) {
    const gift = giftOfRow(row);
    const payments = await db.query<{key: string; outcome: string; amount: number | null; currency: string | null; recorded_at: Date}>(
      'select key, outcome, amount, currency, recorded_at from payments where reference in ($1, $2) order by recorded_at, key',
      [row.reference, row.payment_reference ?? row.reference],
    );
    gifts.push({
      where: 'gifts',
      reference: gift.reference,
      via: gift.via,
      campaign: gift.campaign,
      sourceCode: gift.sourceCode,
      frequency: gift.frequency,
      method: gift.method,
      amountCents: gift.amount,
      feeCents: gift.fee,
      currency: gift.currency,
      supporter: gift.supporter,
      consent: {...gift.consent, at: iso(row.created_at)},
      utm: gift.utm,
      createdAt: iso(row.created_at),
      deidentifiedAt: iso(row.deidentified_at),
      payments: payments.map((payment) => ({
        where: 'payments',
        key: payment.key,
        outcome: payment.outcome,
        amountCents: payment.amount,
        currency: payment.currency,
        recordedAt: iso(payment.recorded_at),
      })),
    });
  }
  const signatureRows = await db.query<SignatureRow>(
    `select * from signatures where email = $1 or reference in ${listed('$2')}
     order by created_at, reference`,
    [folded, erasedSignatures],
  );
  const signatures = signatureRows.map((row) => ({
    where: 'signatures',
    reference: row.reference,
    campaign: row.campaign,
    kind: row.kind,
    sourceCode: row.source_code,
    supporter: detailsOfRow(row),
    answer: row.answer_id === null ? null : {id: row.answer_id, ...(row.answer === null ? {} : {value: row.answer})},
    consent: {given: row.consent, wording: row.consent_wording, version: row.consent_version, at: iso(row.created_at)},
    utm: row.utm,
    createdAt: iso(row.created_at),
    deidentifiedAt: iso(row.deidentified_at),
  }));
  const references = [...gifts.map((gift) => gift.reference), ...signatures.map((signature) => signature.reference)];
  const recordIds = [
    ...gifts.map((gift) => `gift:${gift.reference}`),
    ...signatures.map((signature) => `signature:${signature.reference}`),
  ];
  const outbox = await db.query<{record_id: string; kind: string; delivered_at: Date | null; details: boolean}>(
    `select record_id, kind, delivered_at,
       payload ? 'data' and (kind like 'supporter.%' or coalesce(payload->'data'->'supporter', '{}'::jsonb) <> '{}'::jsonb) as details
     from outbox where record_id in ${listed('$2')} or ${ABOUT_REFERENCES}
     order by id`,
    [JSON.stringify(references), JSON.stringify(recordIds)],
  );
  // Receipts and statements, with whether their message has gone: a receipt's details are its gift's as issued.
  const receipts = await db.query<{
    number: number;
    kind: string;
    cancels: number | null;
    gift: string;
    amount: number;
    currency: string;
    month: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    country: string | null;
    issued_at: Date;
    sent_at: Date | null;
  }>(
    `select receipts.*, mail.sent_at from receipts left join mail on mail.receipt = receipts.number
     where receipts.gift in ${listed('$1')} or lower(receipts.email) = $2 order by receipts.number`,
    [JSON.stringify(gifts.map((gift) => gift.reference)), folded],
  );
  const statements = await db.query<{
    id: number;
    year: number;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    country: string | null;
    issued_at: Date;
    sent_at: Date | null;
  }>(
    `select statements.*, mail.sent_at from statements left join mail on mail.statement = statements.id
     where statements.email = $1 order by statements.id`,
    [folded],
  );
  // Customers made for gifts that failed after them: no kept gift names them, and the email is kept with each.
  const unkept = await db.query<{customer: string; created_at: Date}>(
    'select customer, created_at from stripe_customers where email = $1 order by created_at, customer',
    [folded],
  );
  const [guard] = emailKey
    ? await db.query<{windows: number; requests: number}>(
        'select count(*)::int as windows, coalesce(sum(hits), 0)::int as requests from guard_counts where bucket = $1',
        [emailKey],
      )
    : [];
  return {
    email: folded,
    gifts,
    signatures,
    receipts: receipts.map((row) => ({
      where: 'receipts',
      number: row.number,
      kind: row.kind,
      cancels: row.cancels,
      gift: row.gift,
      amount: row.amount,
      currency: row.currency,
      month: row.month,
      supporter: detailsOfRow(row),
      issuedAt: iso(row.issued_at),
      mailSentAt: iso(row.sent_at),
    })),
    statements: statements.map((row) => ({
      where: 'statements',
      year: row.year,
      supporter: detailsOfRow(row),
      issuedAt: iso(row.issued_at),
      mailSentAt: iso(row.sent_at),
    })),
    stripeCustomers: unkept.map((row) => ({where: 'stripe_customers', customer: row.customer, createdAt: iso(row.created_at)})),
    guard: {where: 'guard_counts', windows: guard?.windows ?? 0, requests: guard?.requests ?? 0},
    outbox: outbox.map((row) => ({
      where: 'outbox',
      recordId: row.record_id,
      kind: row.kind,
      deliveredAt: iso(row.delivered_at),
      carriesDetails: row.details,
    })),
    requests: requests.map((request) => ({
      where: 'supporter_requests',
      action: request.action,
      at: iso(request.at),
      gifts: request.gifts,
      signatures: request.signatures,
      fields: request.fields,
      customers: request.customers,
    })),
  };
}

export type HeldRecords = Awaited<ReturnType<typeof heldFor>>;
