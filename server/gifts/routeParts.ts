/**
 * What the gift routes share: their reply where the endpoint takes no gifts, a Stripe that does not answer in time,
 * what they are given, and keeping a gift Stripe has made.
 */
import type Stripe from 'stripe';
import type {DonateFormConfig} from '../../src/coral/contract/library';
import type {VersionReader} from '../forms';
import {consentOf, type CheckedGift} from './gift';
import type {Guard} from '../guard';
import {type Logger, rejected, type Reply, answerFailures, type PageRequest, type Seconds} from '../http';
import {termsOf, type GiftStore, type KeptGift} from '../records';

export const NO_GIFTS: Reply = rejected('this endpoint takes no gifts', 404);

const SLOW_STRIPE: Reply = {
  status: 503,
  body: {
    status: 'error',
    outcome: 'unknown',
    retryable: true,
    detail: 'the payment service is slow to answer; send the same request again',
  },
};

/** Runs gift routes' Stripe calls within the form's patience, and knows which of them are still running after their reply. */
export type StripeDeadline = {
  inTime: (log: Logger, step: () => Promise<Reply>) => Promise<Reply>;
  /** Resolves once every gift replied to before Stripe answered has been kept. */
  settled: () => Promise<void>;
};

/**
 * The reply goes out by `withinMs` whatever Stripe does. If Stripe has not answered by then, the supporter is told
 * the outcome is unknown and may send the same request again, which meets the same objects; the calls run on and
 * keep what they make.
 */
export function stripeDeadline(withinMs: number): StripeDeadline {
  const repliedBeforeStripe = new Set<Promise<unknown>>();
  return {
    async inTime(log, step) {
      const work = answerFailures(log, step);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
      const reply = await Promise.race([work, expired]);
      clearTimeout(timer);
      if (reply !== null) return reply;
      log.warn({withinMs}, 'Stripe did not answer in time: the supporter may send the same request again');
      const running = work.finally(() => repliedBeforeStripe.delete(running));
      repliedBeforeStripe.add(running);
      return SLOW_STRIPE;
    },
    async settled() {
      while (repliedBeforeStripe.size > 0) await Promise.allSettled([...repliedBeforeStripe]);
    },
  };
}

/** What the gift routes (/gifts, /checkout, /gifts/upgrade) need; they are given null, and reply 404, where the endpoint takes no gifts. */
export type GiftRouteDeps = {
  stripe: Stripe;
  productFor: (campaign: string) => Promise<string>;
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  /** The published forms' versions, for a gift made on one. */
  published: VersionReader<DonateFormConfig>;
  store: GiftStore;
  guard: Guard;
  deadline: StripeDeadline;
  seconds: Seconds;
};

// Namespaced so Coral's keys never meet another integration's on the same Stripe account.
export const stripeKeyOf = (key: string): string => `coral:${key}`;

/**
 * A failure Stripe keeps under the idempotency key it answered, and would answer the key with again: a card refused,
 * or a Stripe 5xx, which Stripe's idempotency layer saves for 24 hours like any result of a request it began. The
 * next attempt needs a new key. Anything else (no answer, a rate limit, a refusal in validation, a failure of ours
 * after Stripe answered) leaves the key to be used again: Stripe then answers it with whatever it did.
 */
export function keptUnderKey(error: unknown): boolean {
  const {type, statusCode} = (error ?? {}) as {type?: unknown; statusCode?: unknown};
  return type === 'StripeCardError' || (typeof statusCode === 'number' && statusCode >= 500);
}

/** The Stripe key of a gift's attempt and when the attempt began (seconds), which a daily gift's end is counted from. */
export type Attempt = {key: string; startedAt: number};

/**
 * How long an attempt lasts. Stripe forgets a key after a day, so a request sent again later makes new objects
 * whatever its key; starting a new attempt first keeps a daily gift's end, counted from the attempt's start, within
 * a day of its subscription's.
 */
const ATTEMPT_SECONDS = 23 * 60 * 60;

/**
 * Runs a gift's Stripe calls under its page key's current attempt. The first attempt's keys are the gift's own (as
 * they were before attempts were counted); after a failure Stripe keeps under a key, the page key moves on, and the
 * same request sent again calls Stripe under new keys instead of meeting that failure for a day.
 */
export async function underAttempt(
  {store, seconds}: {store: GiftStore; seconds: Seconds},
  pageKey: string,
  make: (attempt: Attempt) => Promise<Reply>,
): Promise<Reply> {
  let current = await store.giftAttempt(pageKey, seconds());
  if (seconds() - current.startedAt >= ATTEMPT_SECONDS) {
    await store.nextGiftAttempt(pageKey, current.attempt, seconds());
    current = await store.giftAttempt(pageKey, seconds());
  }
  const {attempt, startedAt} = current;
  const key = stripeKeyOf(pageKey);
  try {
    return await make({key: attempt === 0 ? key : `${key}:attempt-${attempt}`, startedAt});
  } catch (error) {
    if (keptUnderKey(error)) await store.nextGiftAttempt(pageKey, attempt, seconds());
    throw error;
  }
}

/** Counts a gift request and checks its bot check before anything is made at Stripe: null to go on. */
export const admitGift = (guard: Guard, gift: CheckedGift, {address, log}: PageRequest): Promise<Reply | null> =>
  guard.admit({address, email: gift.supporter.email ?? null, botCheck: gift.botCheck ?? null}, log);

/** Keeps a gift Stripe has made, with the supporter's details and the consent wording the campaign showed. */
export async function keepGift(
  {store, seconds}: {store: GiftStore; seconds: Seconds},
  gift: CheckedGift,
  made: {reference: string; key: string; via: KeptGift['via']},
): Promise<void> {
  const {consent, ...supporter} = gift.supporter;
  await store.keepGift({
    reference: made.reference,
    idempotencyKey: made.key,
    via: made.via,
    campaign: gift.campaign,
    sourceCode: gift.sourceCode ?? null,
    ...termsOf(gift),
    supporter,
    consent: {given: consent, ...(await consentOf(gift.config))},
    utm: gift.utm,
    upgradeFrom: gift.upgrade ? gift.upgrade.from : null,
    form: gift.form,
    createdAt: seconds(),
  });
  // The gift now names its Customer, through its PaymentIntent or Subscription.
  await store.customerKept(made.key);
}
