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
}
