/**
 * Forgetting a supporter (`npm run forget -- <email>`, POST /supporters/forget): every gift and signature kept for
 * the email is de-identified (deidentify.ts), with the outbox's copies of their details, the guard's counts for the
 * email, the Stripe Customers their gifts were made with, and any value a published form's events keep that holds
 * the supporter's phone; the CRM is sent a signed `supporter.erased` record naming what was erased, so it can erase
 * its own copy. Amounts, dates, outcomes and the signatures themselves stay.
 *
 * Stripe comes first: should it fail, nothing is erased yet and the same command can be run again. A Customer that
 * still pays a subscription is kept with its gifts unless the operator asks for the subscription to be cancelled.
 */
import type Stripe from 'stripe';
import {type Database, scrubEventValues} from '../db';
import {lockReference} from '../records';
import {eraseStatements} from '../receipts';
import {emailBucket, keyedHash} from '../guard';
import {customersOfGifts, deleteCustomer, type CustomerOutcome} from './customers';
import {deidentify, emptyRequestsAbout, listed} from './deidentify';
import {foldEmail} from './held';
import {keepRequest} from './requests';

export type SupporterDeps = {
  db: Database;
  /** Null on an endpoint that takes no gifts: its gifts' Customers are then not looked up. */
  stripe: Stripe | null;
  /** CORAL_GUARD_SECRET: keys the email's hash, under which the guard counts and the request is kept. */
  guardSecret: string | null;
  /** Whether records are forwarded to a CRM (CORAL_FORWARD_URL is set). */
  outbox: boolean;
  /** Milliseconds since the epoch. */
  now: () => number;
};

export type ForgetReport = {
  gifts: {erased: string[]; kept: string[]};
  signatures: string[];
  payments: number;
  outboxEmptied: number;
  guardCounts: number;
  /** The events' values that held the supporter's phone, dropped. */
  eventValues: number;
  customers: CustomerOutcome[];
  /** The erasure record queued for the CRM, or null when nothing is forwarded (or nothing was held). */
  crmRecord: string | null;
  /** What was done, one line per kind of record, as the command prints it. */
  lines: string[];
};

/** The email's keyed hash, or null without a key. */
export const emailKeyOf = async (guardSecret: string | null, email: string): Promise<string | null> =>
  guardSecret === null ? null : emailBucket(keyedHash(guardSecret), email);

const named = (references: readonly string[]) => (references.length > 0 ? ` (${references.join(', ')})` : '');

/** The digits a phone is known by however it is written: its last eight (the number without a trunk 0 or a country code). */
const PHONE_DIGITS = 8;

/**
 * Whether an event's value holds one of these phones, whatever the spaces, dashes or prefix between its digits. The
 * events keep only a machine's values, which no email can be one of (an `@` is refused), and no phone written as
 * people write one; a phone written as one run of digits without its `+` or trunk 0 reads as an ad platform's id.
 */
function holdsPhone(phones: readonly string[]): (value: string) => boolean {
  const numbers = phones.map((phone) => phone.replace(/\D/g, '').slice(-PHONE_DIGITS)).filter((digits) => digits.length >= 6);
  return (value) => {
    const digits = value.replace(/\D/g, '');
    return numbers.some((number) => digits.includes(number));
  };
}

/** The Customer behind each gift, looked up at Stripe; the notes say what could not be. */
async function customersOf(
  stripe: Stripe | null,
  gifts: readonly string[],
  notes: string[],
  receipts: string[],
): Promise<Map<string, string[]>> {
  if (gifts.length === 0) return new Map();
  if (stripe === null) {
    notes.push('Stripe: no STRIPE_SECRET_KEY, so the gifts’ Customers were not looked up: search Stripe’s Dashboard for the email');
    return new Map();
  }
  return customersOfGifts(stripe, gifts, notes, receipts);
}

export async function forgetSupporter(
  deps: SupporterDeps,
  email: string,
  {cancelSubscriptions = false, by}: {cancelSubscriptions?: boolean; by: 'command' | 'route' | 'page'},
): Promise<ForgetReport> {
  const {db} = deps;
  const folded = foldEmail(email);
  const at = Math.floor(deps.now() / 1000);
  const giftRows = await db.query<{reference: string; payment_reference: string | null}>(
    'select reference, payment_reference from gifts where lower(email) = $1 and deidentified_at is null order by created_at, reference',
    [folded],
  );
  const signatureRows = await db.query<{reference: string}>(
    'select reference from signatures where email = $1 and deidentified_at is null order by created_at, reference',
    [folded],
  );
  const notes: string[] = [];
  const receipts: string[] = [];
  const byCustomer = await customersOf(
    deps.stripe,
    giftRows.map((row) => row.reference),
    notes,
    receipts,
  );
  // Customers made for a gift that failed after them, which no kept gift names: the email alone leads to them.
  const unkept = await db.query<{customer: string}>('select customer from stripe_customers where email = $1 order by customer', [folded]);
  if (unkept.length > 0 && deps.stripe === null) {
    notes.push(
      'Stripe: no STRIPE_SECRET_KEY, so the Customers of gifts that failed were not deleted: search Stripe’s Dashboard for the email',
    );
  }
  if (deps.stripe !== null) for (const {customer} of unkept) byCustomer.set(customer, byCustomer.get(customer) ?? []);
  const customers: CustomerOutcome[] = [];
  for (const customer of byCustomer.keys()) customers.push(await deleteCustomer(deps.stripe!, customer, cancelSubscriptions));
  // An email a PaymentIntent holds for its receipt goes with the Customers; the payment itself stays Stripe's.
  for (const payment of receipts) await deps.stripe!.paymentIntents.update(payment, {receipt_email: ''});
  const kept = customers.flatMap((outcome) => (outcome.deleted ? [] : (byCustomer.get(outcome.customer) ?? [])));
  const erasing = giftRows.filter((row) => !kept.includes(row.reference));
  const emailKey = await emailKeyOf(deps.guardSecret, folded);

  const done = await db.transaction(async (tx) => {
    // Held as a webhook releasing one of these gifts to the outbox holds it, so no copy of the details slips in after.
    for (const row of erasing) await lockReference(tx, row.payment_reference ?? row.reference);
    const held = {gifts: erasing.map((row) => row.reference), signatures: signatureRows.map((row) => row.reference)};
    // Read before the records lose it, from every one held for the email, erased or kept: the phone has no place in the events either way.
    const phones = await tx.query<{phone: string}>(
      `select phone from gifts where lower(email) = $1 and phone is not null
       union select phone from signatures where email = $1 and phone is not null`,
      [folded],
    );
    const eventValues = phones.length === 0 ? 0 : await scrubEventValues(tx, holdsPhone(phones.map((row) => row.phone)));
    const erased = await deidentify(tx, held, at);
    const statements = await eraseStatements(tx, {email: folded});
    // Whatever asked for it (the command, the route, the supporter's own page), their links and sessions end with it.
    await tx.query('delete from supporter_links where email = $1', [folded]);
    await tx.query('delete from supporter_sessions where email = $1', [folded]);
    const gone = customers.filter((outcome) => outcome.deleted).map((outcome) => outcome.customer);
    await tx.query(`delete from stripe_customers where customer in ${listed('$1')}`, [JSON.stringify(gone)]);
    const requests = await emptyRequestsAbout(tx, held);
    const guard = emailKey === null ? [] : await tx.query('delete from guard_counts where bucket = $1 returning 1', [emailKey]);
    const [payments] = await tx.query<{count: number}>(
      `select count(*)::int as count from payments p join gifts g on p.reference in (g.reference, coalesce(g.payment_reference, g.reference))
       where g.reference in ${listed('$1')}`,
      [JSON.stringify(erased.gifts)],
    );
    const {gifts, signatures} = erased;
    const anyHeld = gifts.length + signatures.length + gone.length > 0;
    const crmRecord = anyHeld
      ? await keepRequest(tx, {action: 'erased', emailKey, gifts, signatures, customers, by, at}, deps.outbox ? {gifts, signatures} : null)
      : null;
    return {
      erased,
      outboxEmptied: erased.payloads + requests,
      guardCounts: guard.length,
      eventValues,
      payments: payments?.count ?? 0,
      crmRecord,
      anyHeld,
      statements,
    };
  });

  const {erased} = done;
  const lines = [
    `gifts: ${erased.gifts.length} de-identified${named(erased.gifts)}`,
    ...(kept.length > 0 ? [`gifts: ${kept.length} kept, as their Customer still pays a subscription${named(kept)}`] : []),
    `payments: ${done.payments} outcomes kept, de-identified with their gifts (amounts, dates and outcomes only)`,
    `signatures: ${erased.signatures.length} de-identified${named(erased.signatures)}; each still counts on its petition`,
    `outbox: ${done.outboxEmptied} records emptied of the supporter's details`,
    `receipts: ${erased.receipts} receipts and ${done.statements.statements} statements emptied of the supporter's details (numbers, amounts and dates kept); mail not yet sent for them dropped`,
    emailKey === null
      ? 'guard: no CORAL_GUARD_SECRET, so the guard keeps no counts by email'
      : `guard: ${done.guardCounts} counts for the email dropped`,
    `events: ${done.eventValues} values holding the supporter's phone dropped; no event keeps an email`,
    ...customers.map((outcome) =>
      outcome.deleted
        ? `Stripe: Customer ${outcome.customer} deleted${outcome.cancelled.length > 0 ? `, after cancelling ${outcome.cancelled.join(', ')}` : ''}`
        : `Stripe: Customer ${outcome.customer} kept: it pays ${outcome.subscriptions.join(', ')}; run again with --cancel-subscriptions to cancel it, delete the Customer and erase its gifts`,
    ),
    ...receipts.map((payment) => `Stripe: the receipt email on ${payment} removed`),
    ...notes,
    done.crmRecord !== null
      ? `CRM: a signed supporter.erased record (${done.crmRecord}) is queued for CORAL_FORWARD_URL`
      : !done.anyHeld
        ? 'CRM: nothing was held, so no erasure record was sent'
        : 'CRM: no CORAL_FORWARD_URL, so no erasure record was sent: erase the supporter in the CRM by hand',
  ];
  return {
    gifts: {erased: erased.gifts, kept},
    signatures: erased.signatures,
    payments: done.payments,
    outboxEmptied: done.outboxEmptied,
    guardCounts: done.guardCounts,
    eventValues: done.eventValues,
    customers,
    crmRecord: done.crmRecord,
    lines,
  };
}
