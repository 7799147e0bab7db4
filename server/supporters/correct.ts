/**
 * Correcting a supporter (`npm run correct -- <email> --phone …`, POST /supporters/correct): the details given
 * replace those kept on every gift and signature for the email, each checked as the form checks it, and the CRM
 * is sent a signed `supporter.corrected` record with the new values, in order after the records it corrects. The
 * Stripe Customers the gifts were made with are corrected first, so Stripe's own emails (a regular gift's invoices,
 * receipts) go to the new address: should Stripe fail, nothing is changed yet and the same correction can be sent again.
 */
import type Stripe from 'stripe';
import type {Queryable} from '../db';
import {refuse, SUPPORTER_FIELDS, type Check, type SupporterField} from '../../src/coral/contract/library';
import type {SupporterChanges} from '../../src/coral/contract';
import {SUPPORTER_COLUMNS, checkSupporterFields, typedValue} from '../records';
import {emailKeyOf, type SupporterDeps} from './forget';
import {customersOfGifts} from './customers';
import {foldEmail} from './held';
import {keepRequest} from './requests';

export type CorrectReport = {
  gifts: string[];
  signatures: string[];
  fields: SupporterField[];
  /** The Stripe Customers corrected. */
  customers: string[];
  crmRecord: string | null;
  lines: string[];
};

type Values = Partial<Record<SupporterField, string | null>>;

/** What a Customer is sent for the corrected fields it holds; an empty string removes a detail, as Stripe takes it. */
function customerChanges(values: Values, named: {first_name: string | null; last_name: string | null}): Stripe.CustomerUpdateParams {
  const changes: Stripe.CustomerUpdateParams = {};
  const given = (field: SupporterField) => field in values;
  if (given('email')) changes.email = values.email ?? '';
  if (given('phone')) changes.phone = values.phone ?? '';
  if (given('firstName') || given('lastName')) {
    const first = given('firstName') ? values.firstName : named.first_name;
    const last = given('lastName') ? values.lastName : named.last_name;
    changes.name = [first, last].filter((part) => part && part.trim() !== '').join(' ');
  }
  if (given('postcode') || given('address')) {
    changes.address = {
      ...(given('postcode') ? {postal_code: values.postcode ?? ''} : {}),
      ...(given('address') ? {line1: values.address ?? ''} : {}),
    };
  }
  return changes;
}

/**
 * Corrects at Stripe each Customer the email's gifts were made with (found through each gift's PaymentIntent,
 * Subscription or Checkout Session) and each noted for a gift that failed after it; answers those corrected, with
 * a line for what could not be.
 */
async function correctCustomers(deps: SupporterDeps, folded: string, values: Values, notes: string[]): Promise<string[]> {
  const gifts = await deps.db.query<{reference: string; first_name: string | null; last_name: string | null}>(
    'select reference, first_name, last_name from gifts where lower(email) = $1 and deidentified_at is null order by created_at, reference',
    [folded],
  );
  const unkept = await deps.db.query<{customer: string}>('select customer from stripe_customers where email = $1', [folded]);
  if (gifts.length + unkept.length === 0) return [];
  const {stripe} = deps;
  if (stripe === null) {
    notes.push('Stripe: no STRIPE_SECRET_KEY, so the gifts’ Customers were not corrected: correct them in Stripe’s Dashboard');
    return [];
  }
  const named = new Map(gifts.map((gift) => [gift.reference, gift]));
  const first = gifts[0] ?? {first_name: null, last_name: null};
  const byCustomer = await customersOfGifts(
    stripe,
    gifts.map((gift) => gift.reference),
    notes,
  );
  // Each Customer's name is made from the first of its gifts' names, with the correction applied.
  const changesOf = new Map(
    [...byCustomer].map(([customer, references]) => [customer, customerChanges(values, named.get(references[0]!) ?? first)]),
  );
  for (const {customer} of unkept) if (!changesOf.has(customer)) changesOf.set(customer, customerChanges(values, first));
  const corrected: string[] = [];
  for (const [customer, changes] of changesOf) {
    try {
      await stripe.customers.update(customer, changes);
      corrected.push(customer);
    } catch (error) {
      // Deleted at Stripe already (by hand in the Dashboard): it holds nothing to correct.
      if ((error as {code?: string} | null)?.code !== 'resource_missing') throw error;
      notes.push(`Stripe: Customer ${customer} is deleted; nothing to correct there`);
    }
  }
  return corrected;
}

/** Any detail may be corrected: every field is optional to a correction. */
const ANY_FIELD = Object.fromEntries(SUPPORTER_FIELDS.map((field) => [field, 'optional'])) as Record<SupporterField, 'optional'>;

/** The changes as they will be kept: each read and checked by the endpoint's one rule; an empty one removes the detail (null). */
function checkChanges(changes: SupporterChanges): Check<Partial<Record<SupporterField, string | null>>> {
  if (changes.email !== undefined && typedValue('email', changes.email) === '') {
    return refuse('changes.email: an email cannot be removed; forget the supporter instead');
  }
  const checked = checkSupporterFields(ANY_FIELD, changes, 'changes');
  if (!checked.ok) return checked;
  const removed = SUPPORTER_FIELDS.filter((field) => changes[field] !== undefined && checked.value[field] === undefined);
  const values = {...checked.value, ...Object.fromEntries(removed.map((field) => [field, null]))};
  return Object.keys(values).length > 0 ? {ok: true, value: values} : refuse('changes: name at least one detail to correct');
}

/** A new email that has signed a campaign the old one has: a signature is one per email and campaign, so it would count twice. */
async function clashOf(db: Queryable, folded: string, values: Values): Promise<Check<never> | null> {
  if (!values.email || values.email === folded) return null;
  const [clash] = await db.query<{campaign: string}>(
    `select campaign from signatures where email = $2 and campaign in (select campaign from signatures where email = $1) limit 1`,
    [folded, values.email],
  );
  return clash ? refuse(`changes.email: ${values.email} has signed ${clash.campaign} already; forget one of the two first`) : null;
}

export async function correctSupporter(
  deps: SupporterDeps,
  email: string,
  changes: SupporterChanges,
  {by}: {by: 'command' | 'route' | 'page'},
): Promise<Check<CorrectReport>> {
  const checked = checkChanges(changes);
  if (!checked.ok) return checked;
  const values = checked.value;
  const fields = SUPPORTER_FIELDS.filter((field) => field in values);
  const folded = foldEmail(email);
  const at = Math.floor(deps.now() / 1000);
  const emailKey = await emailKeyOf(deps.guardSecret, folded);
  // Refused before Stripe is changed, and again where the records are, should a signature have come between.
  const clash = await clashOf(deps.db, folded, values);
  if (clash) return clash;
  const notes: string[] = [];
  const customers = await correctCustomers(deps, folded, values, notes);
  /** `update <table> set …` for the fields the table keeps, with its parameters after the email's. */
  const changing = (table: 'gifts' | 'signatures') => {
    const kept = fields.filter((field) => table === 'gifts' || field !== 'address');
    return {
      set: kept.map((field, i) => `${SUPPORTER_COLUMNS[field]} = $${i + 2}`).join(', '),
      params: [folded, ...kept.map((field) => values[field] ?? null)],
    };
  };

  return deps.db.transaction(async (tx) => {
    const clash = await clashOf(tx, folded, values);
    if (clash) return clash;
    const giftChange = changing('gifts');
    const gifts = await tx.query<{reference: string}>(
      `update gifts set ${giftChange.set} where lower(email) = $1 and deidentified_at is null returning reference`,
      giftChange.params,
    );
    const signatureChange = changing('signatures');
    const signatures = await tx.query<{reference: string}>(
      signatureChange.set === ''
        ? 'select reference from signatures where email = $1 and deidentified_at is null'
        : `update signatures set ${signatureChange.set} where email = $1 and deidentified_at is null returning reference`,
      signatureChange.params,
    );
    if (values.email) await tx.query('update stripe_customers set email = $2 where email = $1', [folded, values.email]);
    const references = {gifts: gifts.map((row) => row.reference), signatures: signatures.map((row) => row.reference)};
    if (references.gifts.length + references.signatures.length === 0 && customers.length === 0) {
      return {
        ok: true,
        value: {...references, fields, customers, crmRecord: null, lines: ['nothing is held for this email: nothing corrected', ...notes]},
      };
    }
    const crmRecord = await keepRequest(
      tx,
      {action: 'corrected', emailKey, ...references, fields, by, at},
      deps.outbox ? {changes: values, ...references} : null,
    );
    const lines = [
      `gifts: ${references.gifts.length} corrected (${fields.join(', ')})`,
      `signatures: ${references.signatures.length} corrected`,
      ...customers.map((customer) => `Stripe: Customer ${customer} corrected`),
      ...notes,
      crmRecord !== null
        ? `CRM: a signed supporter.corrected record (${crmRecord}) is queued for CORAL_FORWARD_URL`
        : 'CRM: no CORAL_FORWARD_URL, so no correction was sent: correct the supporter in the CRM by hand',
    ];
    return {ok: true, value: {...references, fields, customers, crmRecord, lines}};
  });
}
