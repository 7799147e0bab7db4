/**
 * The thank-you page's one-tap monthly gift after a one-off Stripe gift: the
 * same supporter, charged off-session to the payment method they let us keep
 * on their first payment. The browser proves the first gift is its own with
 * that payment's client secret, which only the page that made it holds.
 */
import type Stripe from 'stripe';
import {describeError, parseConfig, upgradeRequestSchema, type DonateFormConfig, type UpgradeAnswer} from '../src/coral/contract';
import {rejected, type Answer} from './answers';
import {checkAmount, coverFeeFor, type CheckedGift} from './gift';
import {createUpgrade} from './stripeGifts';
import type {GiftStore} from './store';

/** How long after the first gift the one-tap ask stays open. */
const UPGRADE_WINDOW_SECONDS = 24 * 60 * 60;

// Compares in constant time, so the answer's timing never tells how much of a guess was right.
// (Written out rather than node:crypto's timingSafeEqual, so the handler runs on any fetch-style host.)
function sameSecret(given: string, expected: string | null): boolean {
  if (expected === null || given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i += 1) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

const idOf = (value: string | {id: string} | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

type UpgradeDeps = {
  stripe: Stripe;
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  store: GiftStore;
  productFor: (campaign: string) => Promise<string>;
  nowSeconds: number;
  /** Keeps the new monthly gift among the records, as /gifts keeps its gifts. */
  keep?: (gift: CheckedGift, reference: string) => Promise<void>;
};

const approved = (reference: string): Answer => ({
  status: 200,
  body: {status: 'approved', reference, kind: 'subscription'} satisfies UpgradeAnswer,
});

/** Checks the ask against the first gift and the campaign, then creates the monthly subscription. Stripe's errors are thrown. */
export async function upgradeGift(deps: UpgradeDeps, body: unknown, key: string): Promise<Answer> {
  const parsed = parseConfig(upgradeRequestSchema, body);
  if (!parsed.ok) return rejected(parsed.errors.map(describeError).join('; '));
  const request = parsed.config;

  const earlier = await deps.store.get(`upgraded:${request.reference}`);
  if (earlier) return approved(earlier.reference);

  let first: Stripe.PaymentIntent;
  try {
    first = await deps.stripe.paymentIntents.retrieve(request.reference);
  } catch (error) {
    if ((error as {code?: string}).code === 'resource_missing') return rejected('reference: no such gift', 404);
    throw error;
  }
  if (!sameSecret(request.clientSecret, first.client_secret)) return rejected('clientSecret: does not match the gift', 403);
  const config = deps.campaigns.get(first.metadata?.coral_campaign ?? '');
  if (!config) return rejected('reference: not a gift to a campaign this endpoint takes');
  if (first.status !== 'succeeded') return rejected('reference: the first gift has not been paid');
  if (deps.nowSeconds - first.created > UPGRADE_WINDOW_SECONDS) return rejected('reference: the first gift is too old for a one-tap gift');
  const customer = idOf(first.customer);
  const paymentMethod = idOf(first.payment_method);
  // setup_future_usage is set only when the supporter agreed to keep the method (savePaymentMethod on /gifts).
  if (first.setup_future_usage !== 'off_session' || !customer || !paymentMethod) {
    return rejected('reference: the supporter did not agree to keep the payment method; use the monthly form instead', 409);
  }
  if (!config.frequencies.includes('monthly')) return rejected('frequency: this campaign does not offer monthly gifts');
  if (request.currency !== config.currency) return rejected(`currency: expected ${config.currency} for this campaign`);
  const amount = checkAmount(config, request.amount, 'monthly');
  if (!amount.ok) return rejected(amount.reason);
  const coverFee = coverFeeFor(config, request.amount, 'monthly');
  if (request.fee !== 0 && request.fee !== coverFee) {
    return rejected(coverFee === null ? 'fee: this campaign does not offer to cover fees' : `fee: expected 0 or ${coverFee} cents`);
  }

  const gift: CheckedGift = {
    config,
    campaign: config.campaign,
    sourceCode: first.metadata.coral_source_code ?? config.sourceCode,
    currency: config.currency,
    frequency: 'monthly',
    method: 'card',
    amount: request.amount,
    fee: request.fee,
    perPayment: request.amount + request.fee,
    payments: null,
    savePaymentMethod: false,
    supporter: {consent: first.metadata.coral_marketing_consent === 'true'},
    upgrade: {from: {amount: Number(first.metadata.coral_amount ?? first.amount), frequency: 'one-off'}, accepted: true},
    utm: {},
  };
  const reference = await createUpgrade(deps.stripe, {
    customer,
    paymentMethod,
    product: await deps.productFor(config.campaign),
    gift,
    firstGift: first.id,
    key,
  });
  // The gift first, then its payment: records are forwarded in the order they are kept.
  await deps.keep?.(gift, reference);
  await deps.store.recordOnce(`upgraded:${first.id}`, {
    outcome: 'upgraded',
    reference,
    stripeId: reference,
    campaign: config.campaign,
    frequency: 'monthly',
    amount: gift.perPayment,
    currency: config.currency,
    eventId: null,
    recordedAt: deps.nowSeconds,
  });
  return approved(reference);
}
