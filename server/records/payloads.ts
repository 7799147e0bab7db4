/**
 * The JSON a CRM receives for each record, and the rows it is made from: a gift and a payment are read back from
 * the database when they are queued (a gift goes out only with its first outcome, so after a hosted checkout has
 * said how the supporter paid).
 */
import {SUPPORTER_FIELDS, type SupporterField} from '../../src/coral/contract/library';
import {type GiftRecord, type KeptGift, type KeptSignature, type SupporterDetails, termsOf} from './store';

/** The JSON a CRM receives for each record, as documented in /docs/signatures-and-records. */
export type ForwardedRecord = {
  id: string;
  type: 'gift' | 'payment' | 'signature' | 'supporter.erased' | 'supporter.corrected';
  occurredAt: string;
  data: Record<string, unknown>;
};

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
export const orNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** The column that keeps each supporter field, in `gifts` and (all but the address) in `signatures`. */
export const SUPPORTER_COLUMNS: Readonly<Record<SupporterField, string>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  postcode: 'postcode',
  address: 'address',
};

/**
 * A row's supporter details under the field table's names, and its country: those its table does not keep, or that
 * are null (a country kept before 0016_supporter_country, or de-identified), left out.
 */
export const detailsOfRow = (row: object): SupporterDetails => {
  const columns = row as Record<string, unknown>;
  return Object.fromEntries(
    [...SUPPORTER_FIELDS.map((field) => [field, SUPPORTER_COLUMNS[field]] as const), ['country', 'country'] as const].flatMap(
      ([name, column]) => {
        const value = columns[column];
        return typeof value === 'string' ? [[name, value]] : [];
      },
    ),
  );
};

/** A supporter's details as the columns keep them: trimmed, and empty ones left out. */
export const trimmed = (supporter: SupporterDetails): SupporterDetails =>
  Object.fromEntries(Object.entries(supporter).flatMap(([field, value]) => (orNull(value) === null ? [] : [[field, orNull(value)]])));

export function giftPayload(gift: KeptGift): ForwardedRecord {
  return {
    id: `gift:${gift.reference}`,
    type: 'gift',
    occurredAt: iso(gift.createdAt),
    data: {
      reference: gift.reference,
      via: gift.via,
      campaign: gift.campaign,
      sourceCode: gift.sourceCode,
      ...termsOf(gift),
      supporter: trimmed(gift.supporter),
      consent: {...gift.consent, at: iso(gift.createdAt)},
      utm: gift.utm,
      upgradeFrom: gift.upgradeFrom,
      form: gift.form,
    },
  };
}

export function paymentPayload(key: string, record: GiftRecord): ForwardedRecord {
  const {recordedAt, eventCreated, ...data} = record;
  return {
    id: `payment:${key}`,
    type: 'payment',
    occurredAt: iso(recordedAt),
    data: {key, ...data, eventCreated: eventCreated === null ? null : iso(eventCreated)},
  };
}

export function signaturePayload(reference: string, signature: KeptSignature): ForwardedRecord {
  return {
    id: `signature:${reference}`,
    type: 'signature',
    occurredAt: iso(signature.createdAt),
    data: {
      reference,
      campaign: signature.campaign,
      kind: signature.kind,
      sourceCode: signature.sourceCode,
      supporter: signature.supporter,
      answer: signature.answer,
      consent: {...signature.consent, at: iso(signature.createdAt)},
      utm: signature.utm,
      form: signature.form,
    },
  };
}

/** A row of `payments`, as either driver answers it. */
export type PaymentRow = {
  key: string;
  outcome: GiftRecord['outcome'];
  reference: string;
  stripe_id: string;
  campaign: string;
  frequency: GiftRecord['frequency'];
  amount: number | null;
  currency: string | null;
  event_id: string | null;
  event_created: Date | null;
  recorded_at: Date;
  refund_of?: string | null;
};

const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

export const recordOfRow = (row: PaymentRow): GiftRecord => ({
  outcome: row.outcome,
  reference: row.reference,
  stripeId: row.stripe_id,
  campaign: row.campaign,
  frequency: row.frequency,
  amount: row.amount,
  currency: row.currency,
  eventId: row.event_id,
  eventCreated: row.event_created === null ? null : seconds(row.event_created),
  recordedAt: seconds(row.recorded_at),
  ...(row.refund_of ? {refundOf: row.refund_of} : {}),
});

/** A row of `gifts`, as either driver answers it (jsonb parsed). */
export type GiftRow = {
  reference: string;
  payment_reference: string | null;
  idempotency_key: string;
  via: KeptGift['via'];
  campaign: string;
  source_code: string | null;
  frequency: KeptGift['frequency'];
  method: string;
  amount: number;
  fee: number;
  currency: string;
  payments: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  address: string | null;
  country: string | null;
  consent: boolean;
  consent_wording: string;
  consent_version: string;
  utm: Record<string, string>;
  upgrade_from: KeptGift['upgradeFrom'];
  form: string | null;
  form_version: number | null;
  form_variant: string | null;
  created_at: Date;
};

export function giftOfRow(row: GiftRow): KeptGift {
  return {
    reference: row.reference,
    idempotencyKey: row.idempotency_key,
    via: row.via,
    campaign: row.campaign,
    sourceCode: row.source_code,
    frequency: row.frequency,
    method: row.method,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    payments: row.payments,
    supporter: detailsOfRow(row),
    consent: {given: row.consent, wording: row.consent_wording, version: row.consent_version},
    utm: row.utm,
    upgradeFrom: row.upgrade_from,
    form:
      row.form === null || row.form_version === null
        ? null
        : {id: row.form, version: row.form_version, ...(row.form_variant === null ? {} : {variant: row.form_variant})},
    createdAt: seconds(row.created_at),
  };
}
