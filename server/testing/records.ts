/** Made-up records for the store's tests: a kept gift, a kept signature and its payment, each with any field changed. */
import type {GiftRecord, KeptGift, KeptSignature} from '../records';

/** 2026-01-01T00:00:00Z, in seconds. */
const JAN_1 = 1_767_225_600;

/** A different key on every call, so that each record is kept unless the test says otherwise. */
const anyKey = () => `key-${Math.random().toString(36).slice(2)}-0000000000`;

export const keptGift = (change: Partial<KeptGift> = {}): KeptGift => ({
  reference: 'pi_1',
  idempotencyKey: anyKey(),
  via: 'gifts',
  campaign: 'save-the-reef',
  sourceCode: 'REEF-WEB',
  frequency: 'one-off',
  method: 'card',
  amount: 6000,
  fee: 120,
  currency: 'AUD',
  payments: null,
  supporter: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    phone: '+61412345678',
    postcode: '2000',
    address: '1 Reef Rd',
  },
  consent: {given: true, wording: 'Keep me updated.', version: '0123456789abcdef'},
  utm: {utm_source: 'newsletter', utm_medium: 'email'},
  upgradeFrom: null,
  form: null,
  createdAt: JAN_1,
  ...change,
});

export const keptSignature = (change: Partial<KeptSignature> = {}): KeptSignature => ({
  idempotencyKey: anyKey(),
  campaign: 'ban-deep-sea-mining',
  kind: 'petition',
  sourceCode: 'DSM-WEB',
  supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+61412345678', postcode: '2000'},
  answer: null,
  consent: {given: true, wording: 'Keep me updated.', version: '0123456789abcdef'},
  utm: {utm_source: 'newsletter'},
  form: null,
  createdAt: JAN_1,
  ...change,
});

/** The payment for `keptGift()`: its amount and fee, a minute after it was kept; its event's time is when it was recorded unless told. */
export const paidRecord = (change: Partial<GiftRecord> = {}): GiftRecord => ({
  outcome: 'paid',
  reference: 'pi_1',
  stripeId: 'pi_1',
  campaign: 'save-the-reef',
  frequency: 'one-off',
  amount: 6120,
  currency: 'AUD',
  eventId: 'evt_1',
  recordedAt: JAN_1 + 60,
  eventCreated: change.recordedAt ?? JAN_1 + 60,
  ...change,
});
