/**
 * What the endpoint keeps, behind one interface: the gifts supporters start
 * (with their details and consent), what Stripe reports about each payment,
 * and signatures. Stripe delivers each webhook event at least once, and a
 * browser may send a gift or a signature again, so every write is keyed: a key
 * already recorded is left as it is.
 *
 * `records/pgStore.ts` keeps them in PostgreSQL (embedded or a server), the only
 * store a running endpoint uses; unit tests use `testing/memoryStore.ts`.
 */
import type {PublishedForm} from '../../src/coral/contract';
import type {Frequency, SupporterField} from '../../src/coral/contract/library';

/**
 * What became of a payment: `upgraded` (the one-tap monthly gift made), `failed`, `paid`, `refunded` (in part or
 * in full), `disputed` (the supporter's bank questioned it), then `dispute-won` (the payment stands) or
 * `dispute-lost` (the bank took it back), and `ended` (a regular gift cancelled). In that order, the order of a
 * gift's life, which decides between two outcomes Stripe reported in the same second.
 */
export const GIFT_OUTCOMES = ['upgraded', 'failed', 'paid', 'refunded', 'disputed', 'dispute-won', 'dispute-lost', 'ended'] as const;

export type GiftOutcome = (typeof GIFT_OUTCOMES)[number];

/** A payment's outcome, as Stripe reported it (or as the endpoint made it, for an upgrade). */
export type GiftRecord = {
  outcome: GiftOutcome;
  /** The reference the supporter was given: the PaymentIntent (one-off) or the Subscription (recurring). */
  reference: string;
  /** The Stripe object this record is about: a PaymentIntent, an Invoice, a Subscription, a Charge (a refund) or a Dispute. */
  stripeId: string;
  campaign: string;
  frequency: Frequency | null;
  /**
   * What was taken (or failed to be), in cents, fees included; for a refund, the total refunded from that
   * payment so far; for a dispute, the amount disputed; null when the event carries no amount.
   */
  amount: number | null;
  currency: string | null;
  /** The Stripe event that told us, or null when the endpoint recorded it itself (an upgrade). */
  eventId: string | null;
  /**
   * When that event happened, by Stripe's clock (its `created`, seconds since the epoch), or null with no event.
   * Stripe delivers events in any order, so this, not the order they arrived in, says which outcome is the latest.
   */
  eventCreated: number | null;
  /** Seconds since the epoch, from the handler's clock. */
  recordedAt: number;
  /** A refund's payment, as its key (`paid:` and the PaymentIntent or Invoice it took back from); absent otherwise. */
  refundOf?: string;
};

/** What a supporter agreed to: the words they were shown beside the box, which version of them, and whether they ticked it. */
export type Consent = {given: boolean; wording: string; version: string};

/**
 * A supporter's details, named as the field table names them, and their country (AU, FJ: `checkSupporterFields`
 * decides it); those not given left out, as is the country of a record kept before Coral asked it.
 */
export type SupporterDetails = Partial<Record<SupporterField, string>> & {country?: string};

/** A gift as the supporter started it, before Stripe says what became of it. */
export type KeptGift = {
  /** What the supporter was given: the PaymentIntent, Subscription or Checkout Session. */
  reference: string;
  idempotencyKey: string;
  via: 'gifts' | 'checkout' | 'upgrade';
  campaign: string;
  sourceCode: string | null;
  frequency: Frequency;
  method: string;
  /** Cents per payment, before the fee. */
  amount: number;
  fee: number;
  currency: string;
  payments: number | null;
  supporter: SupporterDetails;
  consent: Consent;
  utm: Readonly<Record<string, string>>;
  upgradeFrom: {amount: number; frequency: Frequency} | null;
  /** The published form and version the gift was made on; null for a page with its config inline. */
  form: PublishedForm | null;
  /** Seconds since the epoch. */
  createdAt: number;
};

/** What a gift is: how often, by what means, how much, and how many payments; kept with the gift and sent on with it. */
export type GiftTerms = Pick<KeptGift, 'frequency' | 'method' | 'amount' | 'fee' | 'currency' | 'payments'>;

export const termsOf = ({frequency, method, amount, fee, currency, payments}: GiftTerms): GiftTerms => ({
  frequency,
  method,
  amount,
  fee,
  currency,
  payments,
});

export type SignatureKind = 'petition' | 'leads' | 'daisychain';

export type KeptSignature = {
  idempotencyKey: string;
  campaign: string;
  kind: SignatureKind;
  sourceCode: string | null;
  supporter: Omit<SupporterDetails, 'address'>;
  answer: {id: string; value: string} | null;
  consent: Consent;
  utm: Readonly<Record<string, string>>;
  /** The published form and version the signature was made on; null for a page with its config inline. */
  form: PublishedForm | null;
  /** Seconds since the epoch. */
  createdAt: number;
};

/**
 * The signature's reference, and whether this call kept it. False: the same key was sent before (the reference is
 * that signature's), or the same email signed the campaign under another key (the reference is `repeatReference`'s).
 */
export type Signed = {reference: string; created: boolean};

/**
 * Where the one-tap monthly gift for a first gift stands, as a request asking to make it finds it:
 * `claimed`, this request holds the claim and calls Stripe under the attempt's idempotency key;
 * `made`, the monthly gift exists and is the answer; `held`, another request is calling Stripe for it now.
 */
export type UpgradeClaim = {status: 'claimed'; attempt: number} | {status: 'made'; subscription: string} | {status: 'held'};

/**
 * How long a claim on an upgrade is held before another request may take it over (its holder stopped
 * mid-call). Far longer than an upgrade's Stripe calls take (each ends within about 9 s), so a live holder is never
 * overtaken; and one that is still calls under the same idempotency key, which Stripe answers once.
 */
export const UPGRADE_LEASE_SECONDS = 120;

/** Where a gift's calls to Stripe stand: the attempt (in every Stripe key for it) and when it began, in seconds. */
export type GiftAttempt = {attempt: number; startedAt: number};

/** A Stripe Customer made for a gift that no kept gift points to yet. */
export type MadeCustomer = {customer: string; key: string; email: string | null; createdAt: number};

export interface GiftStore {
  /**
   * Records `value` under `key` unless the key is already there. Answers true
   * when this call recorded it, false when it was already recorded. One atomic
   * write (INSERT … ON CONFLICT DO NOTHING), so two deliveries of one event
   * arriving at once still record it once.
   */
  recordOnce(key: string, value: GiftRecord): Promise<boolean>;
  get(key: string): Promise<GiftRecord | undefined>;
  /** Keeps a gift and its supporter's details once per reference; answers whether this call kept it. */
  keepGift(gift: KeptGift): Promise<boolean>;
  /**
   * Ties a hosted checkout's gift (its session) to the PaymentIntent or Subscription Stripe made for it, whose
   * payments are recorded under that, once; and keeps the way the supporter paid on Stripe's page, when Stripe says.
   */
  linkCheckout(session: string, reference: string, method: string | null): Promise<void>;
  /** Keeps a signature once per idempotency key and once per email and campaign. */
  sign(signature: KeptSignature): Promise<Signed>;
  /** The signatures kept for a campaign. */
  count(campaign: string): Promise<number>;
  /**
   * Claims the one-tap monthly gift for `firstGift` (its PaymentIntent) in one atomic statement: the first
   * ask, or one after the claim was given back or its lease ran out, holds it; any other finds it made or held.
   */
  claimUpgrade(firstGift: string, nowSeconds: number): Promise<UpgradeClaim>;
  /** Records the monthly gift made for `firstGift`: every later claim answers it. */
  upgradeMade(firstGift: string, subscription: string): Promise<void>;
  /**
   * Gives the claim back, no gift known to be made. `nextKey`: Stripe keeps this attempt's failure under its key (a
   * decline, a 500) and would answer the key with it again, so the next claim gets the next attempt; otherwise the
   * same one, whose key meets whatever Stripe made.
   */
  releaseUpgrade(firstGift: string, attempt: number, nextKey: boolean): Promise<void>;
  /**
   * Claims an Idempotency-Key for the route it was sent to, once: answers the route it was first sent to, which is
   * `route` unless an earlier request used the key on another.
   */
  claimKey(key: string, route: string, nowSeconds: number): Promise<string>;
  /**
   * The attempt a gift sent under the page's Idempotency-Key `key` is on, 0 at first, and when that attempt began
   * (seconds; `nowSeconds` for a key never claimed). Stripe's keys for the gift carry the attempt, so a later one meets nothing an earlier
   * one's 5xx left under its keys.
   */
  giftAttempt(key: string, nowSeconds: number): Promise<GiftAttempt>;
  /** Moves `key` on from `attempt` to the next, begun at `nowSeconds`: once, however many requests failed under it. */
  nextGiftAttempt(key: string, attempt: number, nowSeconds: number): Promise<void>;
  /** Keeps a Customer made for a gift (`key` as the gift is kept under), before anything is made to pay through it. */
  customerMade(made: MadeCustomer): Promise<void>;
  /** The Customer an earlier attempt under `key` made, to be used again; null when none did. */
  customerOfKey(key: string): Promise<string | null>;
  /**
   * The gift sent under `key` is kept, and its PaymentIntent or Subscription names its Customer: the note loses the
   * email, so no lookup by email finds it, but keeps the Customer for the same request sent again under `key` (which
   * Stripe answers from its key only with the same Customer). Retention drops it once no retry can come.
   */
  customerKept(key: string): Promise<void>;
  /** Resolves when the records can be read and written; throws otherwise. */
  ping(): Promise<void>;
  /**
   * The card-testing guard's count: one more request under `bucket` in the window that started at
   * `windowStart` (seconds), in one atomic statement; answers the window's count, this one included.
   * Windows that started before `forgetBefore` are dropped.
   */
  countRequest(bucket: string, windowStart: number, forgetBefore: number): Promise<number>;
  /** The failed payments recorded for one Stripe object (a PaymentIntent's declined confirmations). */
  failuresOf(stripeId: string): Promise<number>;
  /** The payments recorded as paid and as failed since `sinceSeconds`. */
  outcomesSince(sinceSeconds: number): Promise<{paid: number; failed: number}>;
  /** Opens or closes the decline breaker; answers true when this call changed it, so one instance says so. */
  setBreaker(open: boolean, nowSeconds: number): Promise<boolean>;
}

export const newSignatureReference = (): string => `sig_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * The reference a repeat signature is answered with (the same email on the same campaign, under a key of its own):
 * made from the first signature's reference and the repeat's key, so it has a new signature's shape, is the same for
 * the same key sent again, and says nothing of the first, which only the records hold. Whoever types an email learns
 * from the answer no more than whether it is an email.
 */
export async function repeatReference(first: string, key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${first}\n${key}`)));
  return `sig_${[...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
