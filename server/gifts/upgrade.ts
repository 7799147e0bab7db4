/**
 * The thank-you page's one-tap monthly gift after a one-off Stripe gift: the
 * same supporter, charged off-session to the payment method they let us keep
 * on their first payment. The browser proves the first gift is its own with
 * that payment's client secret, which only the page that made it holds.
 *
 * One monthly gift per first gift, for the amount the page offered, however
 * many taps, keys, instances or restarts ask: the first gift is claimed in the
 * database before Stripe is called, and Stripe's idempotency key comes from the
 * first gift and the attempt, not from the browser's key. An attempt after one
 * whose failure Stripe keeps under its key (a decline, a 500) gets a new key,
 * and first looks for a gift the last one made.
 */
import type Stripe from 'stripe';
import {publishedForm, UPGRADE_IN_FLIGHT, upgradeRequestSchema, type PublishedForm, type UpgradeAnswer} from '../../src/coral/contract';
import {
  describeError,
  formatMoney,
  fromStripeAmount,
  oneTapMonthly,
  parseConfig,
  type DonateFormConfig,
} from '../../src/coral/contract/library';
import type {VersionReader} from '../forms';
import {rejected, type Reply} from '../http';
import {checkAmount, coverFeeFor, type CheckedGift} from './gift';
import {keptUnderKey} from './routeParts';
import {createUpgrade, findUpgrade} from './stripeGifts';
import type {GiftStore} from '../records';

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
  /** The published forms' versions: a first gift made on one is asked monthly by that version's rules. */
  published: VersionReader<DonateFormConfig>;
  store: GiftStore;
  productFor: (campaign: string) => Promise<string>;
  nowSeconds: number;
  /** Keeps the new monthly gift among the records, as /gifts keeps its gifts. */
  keep?: (gift: CheckedGift, reference: string) => Promise<void>;
};

/** The published form a first gift was made on, as its metadata keeps it; null for an inline config's gift. */
function publishedOf(metadata: Stripe.Metadata | null): PublishedForm | null {
  const variant = metadata?.coral_form_variant;
  const form = publishedForm.safeParse({
    id: metadata?.coral_form,
    version: Number(metadata?.coral_form_version),
    ...(variant === undefined ? {} : {variant}),
  });
  return form.success && form.data !== undefined ? form.data : null;
}

/** The config the first gift was checked against: its form's version, or the campaigns file's campaign. */
async function configOf(deps: UpgradeDeps, metadata: Stripe.Metadata | null, form: PublishedForm | null): Promise<DonateFormConfig | null> {
  if (form === null) return deps.campaigns.get(metadata?.coral_campaign ?? '') ?? null;
  const read = await deps.published(form);
  return read.ok ? read.value : null;
}

const approved = (reference: string): Reply => ({
  status: 200,
  body: {status: 'approved', reference, kind: 'subscription'} satisfies UpgradeAnswer,
});

/** Another request is making this gift's monthly gift now; sent again, the ask meets its outcome. */
const IN_FLIGHT: Reply = {status: 409, body: UPGRADE_IN_FLIGHT};

/** Stripe's key for an attempt at a first gift's monthly gift: the same for every request, so Stripe makes it once. */
const upgradeKey = (firstGift: string, attempt: number) => `coral-upgrade:${firstGift}:${attempt}`;

/** Checks the ask against the first gift and the campaign, then creates the monthly subscription once. Stripe's errors are thrown. */
export async function upgradeGift(deps: UpgradeDeps, body: unknown): Promise<Reply> {
  const parsed = parseConfig(upgradeRequestSchema, body);
  if (!parsed.ok) return rejected(parsed.errors.map(describeError).join('; '));
  const request = parsed.config;

  let first: Stripe.PaymentIntent;
  try {
    first = await deps.stripe.paymentIntents.retrieve(request.reference);
  } catch (error) {
    if ((error as {code?: string}).code === 'resource_missing') return rejected('reference: no such gift', 404);
    throw error;
  }
  if (!sameSecret(request.clientSecret, first.client_secret)) return rejected('clientSecret: does not match the gift', 403);
  const form = publishedOf(first.metadata);
  const config = await configOf(deps, first.metadata, form);
  if (!config) return rejected('reference: not a gift to a campaign this endpoint takes');
  if (first.status !== 'succeeded') return rejected('reference: the first gift has not been paid');
  if (deps.nowSeconds - first.created > UPGRADE_WINDOW_SECONDS) return rejected('reference: the first gift is too old for a one-tap gift');
  const customer = idOf(first.customer);
  const paymentMethod = idOf(first.payment_method);
  // setup_future_usage and a Customer are set only on a gift that kept its method: the supporter agreed
  // (savePaymentMethod on /gifts), and the campaign offered a monthly gift for it (keepsPaymentMethod).
  if (first.setup_future_usage !== 'off_session' || !customer || !paymentMethod) {
    return rejected('reference: the first gift kept no payment method; use the monthly form instead', 409);
  }
  if (!config.frequencies.includes('monthly')) return rejected('frequency: this campaign does not offer monthly gifts');
  if (request.currency !== config.currency) return rejected(`currency: expected ${config.currency} for this campaign`);
  const amount = checkAmount(config, request.amount, 'monthly');
  if (!amount.ok) return rejected(amount.reason);
  // Coral's metadata keeps the amount in cents; Stripe's own amount is in its units for the currency.
  const oneOff = Number(first.metadata.coral_amount ?? fromStripeAmount(first.amount, first.currency));
  // The gift's answer named one amount, by the rule both sides follow; the client secret buys that ask, no other.
  const offered = oneTapMonthly(config, oneOff);
  if (offered === null) return rejected('amount: no monthly gift is offered for this gift (its suggestion is over the monthly maximum)');
  if (request.amount !== offered) {
    return rejected(`amount: expected ${formatMoney(offered, config)} a month, the monthly gift offered for this gift`);
  }
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
    // The first gift's country goes on with it: the monthly gift is the same supporter's.
    supporter: {
      consent: first.metadata.coral_marketing_consent === 'true',
      ...(first.metadata.coral_country ? {country: first.metadata.coral_country} : {}),
    },
    upgrade: {from: {amount: oneOff, frequency: 'one-off'}, accepted: true},
    form,
    utm: {},
  };

  const claim = await deps.store.claimUpgrade(first.id, deps.nowSeconds);
  if (claim.status === 'made') return approved(claim.subscription);
  if (claim.status === 'held') return IN_FLIGHT;
  try {
    // A later attempt follows a failure Stripe kept under the last key, a 500 among them: Stripe may have made the
    // gift and still answered 500, so the first gift's own Customer is searched before a new key makes another.
    const made = claim.attempt > 1 ? await findUpgrade(deps.stripe, customer, first.id) : null;
    const reference =
      made ??
      (await createUpgrade(deps.stripe, {
        customer,
        paymentMethod,
        product: await deps.productFor(config.campaign),
        gift,
        firstGift: first.id,
        key: upgradeKey(first.id, claim.attempt),
      }));
    // The gift first, then its payment, whose `upgraded` outcome lets the gift out to the CRM. The claim is settled last,
    // so a failure before it leaves the next ask to meet the same subscription under the same key and keep it.
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
      eventCreated: null,
      recordedAt: deps.nowSeconds,
    });
    await deps.store.upgradeMade(first.id, reference);
    return approved(reference);
  } catch (error) {
    // A failure Stripe kept under this key frees the next ask to try under a new one; any other may have made the
    // gift, so the next ask uses this key again and meets it. Should the release fail too, the lease runs out instead.
    await deps.store.releaseUpgrade(first.id, claim.attempt, keptUnderKey(error)).catch(() => {});
    throw error;
  }
}
