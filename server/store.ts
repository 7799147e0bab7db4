/**
 * What the endpoint keeps, behind one interface: the gifts supporters start
 * (with their details and consent), what Stripe reports about each payment,
 * and signatures. Stripe delivers each webhook event at least once, and a
 * browser may send a gift or a signature again, so every write is keyed: a key
 * already recorded is left as it is.
 *
 * `db/store.ts` keeps them in PostgreSQL (embedded or a server), the only
 * store a running endpoint uses; the memory store here is for unit tests.
 */
import type {Frequency} from '../src/coral/contract/library';

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
};

/** What a supporter agreed to: the words they were shown beside the box, which version of them, and whether they ticked it. */
export type Consent = {given: boolean; wording: string; version: string};

export type SupporterDetails = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  postcode?: string;
  address?: string;
};

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
  /** Seconds since the epoch. */
  createdAt: number;
};

/** The signature's reference, and whether this call kept it (false: the same email or key signed before, and this is that signature). */
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

/** Records in the process's memory, for unit tests only: a running endpoint keeps them in Postgres. */
export function createMemoryGiftStore(): GiftStore & {
  all(): Array<[string, GiftRecord]>;
  gifts: KeptGift[];
  links: Map<string, string>;
  signatures: Array<KeptSignature & {reference: string}>;
} {
  const records = new Map<string, GiftRecord>();
  const gifts: KeptGift[] = [];
  const signatures: Array<KeptSignature & {reference: string}> = [];
  const links = new Map<string, string>();
  const claims = new Map<string, {attempt: number; heldUntil: number | null; subscription: string | null}>();
  const keys = new Map<string, string>();
  const counts = new Map<string, {bucket: string; windowStart: number; hits: number}>();
  let breakerOpen = false;
  const outcomes = () => [...records.values()];
  return {
    recordOnce: async (key, value) => {
      if (records.has(key)) return false;
      records.set(key, value);
      return true;
    },
    get: async (key) => records.get(key),
    keepGift: async (gift) => {
      if (gifts.some((kept) => kept.reference === gift.reference)) return false;
      gifts.push(gift);
      return true;
    },
    linkCheckout: async (session, reference, method) => {
      if (!links.has(session)) links.set(session, reference);
      const gift = gifts.find((kept) => kept.reference === session);
      if (gift && method !== null) gift.method = method;
    },
    sign: async (signature) => {
      const email = signature.supporter.email;
      const earlier = signatures.find(
        (kept) =>
          kept.idempotencyKey === signature.idempotencyKey ||
          (email && kept.campaign === signature.campaign && kept.supporter.email === email),
      );
      if (earlier) return {reference: earlier.reference, created: false};
      const reference = newSignatureReference();
      signatures.push({...signature, reference});
      return {reference, created: true};
    },
    count: async (campaign) => signatures.filter((kept) => kept.campaign === campaign).length,
    claimUpgrade: async (firstGift, nowSeconds) => {
      const claim = claims.get(firstGift) ?? {attempt: 1, heldUntil: null, subscription: null};
      if (claim.subscription !== null) return {status: 'made', subscription: claim.subscription};
      if (claim.heldUntil !== null && claim.heldUntil > nowSeconds) return {status: 'held'};
      claims.set(firstGift, {...claim, heldUntil: nowSeconds + UPGRADE_LEASE_SECONDS});
      return {status: 'claimed', attempt: claim.attempt};
    },
    upgradeMade: async (firstGift, subscription) => {
      const claim = claims.get(firstGift);
      if (claim && claim.subscription === null) claims.set(firstGift, {...claim, heldUntil: null, subscription});
    },
    releaseUpgrade: async (firstGift, attempt, nextKey) => {
      const claim = claims.get(firstGift);
      if (claim && claim.subscription === null && claim.attempt === attempt) {
        claims.set(firstGift, {...claim, heldUntil: null, attempt: attempt + (nextKey ? 1 : 0)});
      }
    },
    claimKey: async (key, route) => {
      const first = keys.get(key) ?? route;
      keys.set(key, first);
      return first;
    },
    ping: async () => {},
    countRequest: async (bucket, windowStart, forgetBefore) => {
      for (const [at, count] of counts) if (count.windowStart < forgetBefore) counts.delete(at);
      const at = `${bucket} ${windowStart}`;
      const count = counts.get(at) ?? {bucket, windowStart, hits: 0};
      counts.set(at, {...count, hits: count.hits + 1});
      return count.hits + 1;
    },
    failuresOf: async (stripeId) => outcomes().filter((record) => record.outcome === 'failed' && record.stripeId === stripeId).length,
    outcomesSince: async (sinceSeconds) => {
      const recent = outcomes().filter((record) => record.recordedAt >= sinceSeconds);
      return {paid: recent.filter((r) => r.outcome === 'paid').length, failed: recent.filter((r) => r.outcome === 'failed').length};
    },
    setBreaker: async (open) => {
      if (breakerOpen === open) return false;
      breakerOpen = open;
      return true;
    },
    all: () => [...records],
    gifts,
    links,
    signatures,
  };
}
