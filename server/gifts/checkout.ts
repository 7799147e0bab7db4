/**
 * Hosted checkout: the gift is checked here exactly as on /gifts, then paid
 * on Stripe's own page (a Checkout Session) instead of in a form on the
 * organisation's page. For landing pages that run scripts nobody can vouch
 * for: no payment field is ever on them, and the form sends no card data.
 *
 * A one-off gift is a session in `payment` mode, a weekly, monthly or daily
 * gift one in `subscription` mode. Checkout creates the subscription only
 * when the supporter pays, and takes no `cancel_at` for it, so a daily gift's
 * end is set when Stripe reports the session complete
 * (`checkout.session.completed`) or its first invoice paid (`endDailyGift`),
 * where /gifts makes its subscription with it. The supporter chooses how to pay on
 * Stripe's page, so the gift is kept as `card` until the session's event says
 * how they paid (`methodPaidWith`).
 */
import type Stripe from 'stripe';
import {checkoutRequestSchema, type Method} from '../../src/coral/contract';
import {describeError, parseConfig, refuse, type Check, type DonateFormConfig} from '../../src/coral/contract/library';
import {checkGiftRequest, type CheckedGift} from './gift';
import {elementMethods, endDailyGift, giftMetadata, STRIPE_METHOD, stripeAmountOf} from './stripeGifts';

/** Where the supporter goes from Stripe's page: after paying, and on "back". */
export type CheckoutUrls = {returnUrl: string; cancelUrl: string};

export type HostedCheckout = {url: string; reference: string};

const INTERVAL = {daily: 'day', weekly: 'week', monthly: 'month'} as const;

/** Stripe puts the session's id in place of this, exactly as written: braces and all. */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address on one of the allowed origins: https, or http for this machine alone. */
function checkUrl(name: string, value: string, allowedOrigins: ReadonlySet<string>): Check<string> {
  if (value.length === 0) return {ok: false, reason: `${name}: expected the address of a page`};
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return {ok: false, reason: `${name}: expected a full address, such as https://www.example.org/thank-you`};
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  if (!secure) return {ok: false, reason: `${name}: expected an https:// address (http:// only for localhost)`};
  if (url.username || url.password) return {ok: false, reason: `${name}: expected an address without a user name or password`};
  if (!allowedOrigins.has(url.origin)) return {ok: false, reason: `${name}: expected an address on one of the allowed origins`};
  return {ok: true, value: url.href};
}

/**
 * Checks a /checkout body: the gift as /gifts checks it (with the card
 * method, since the supporter picks the method on Stripe's page), and the
 * two addresses Stripe sends the supporter back to.
 */
export function checkCheckout(
  body: unknown,
  campaigns: ReadonlyMap<string, DonateFormConfig>,
  allowedOrigins: ReadonlySet<string>,
): Check<{gift: CheckedGift; urls: CheckoutUrls}> {
  if (typeof body === 'object' && body !== null && 'savePaymentMethod' in body) {
    return refuse('savePaymentMethod: hosted checkout does not keep payment methods; leave it out');
  }
  const parsed = parseConfig(checkoutRequestSchema, body);
  if (!parsed.ok) return refuse(parsed.errors.map(describeError).join('; '));
  const {returnUrl, cancelUrl, method: _chosenOnStripesPage, ...rest} = parsed.config;
  const gift = checkGiftRequest({...rest, method: 'card'}, campaigns);
  if (!gift.ok) return gift;
  const returnTo = checkUrl('returnUrl', returnUrl, allowedOrigins);
  if (!returnTo.ok) return returnTo;
  const cancelTo = checkUrl('cancelUrl', cancelUrl, allowedOrigins);
  if (!cancelTo.ok) return cancelTo;
  return {ok: true, value: {gift: gift.value, urls: {returnUrl: returnTo.value, cancelUrl: cancelTo.value}}};
}

/**
 * The thank-you address Stripe sends the supporter to, with what the
 * thank-you page reads from it, as the form's own hand-off writes it:
 * `amount` (dollars, before any fee), `frequency` and `ref`. `ref` is
 * Stripe's template for the session's id, added by hand because
 * URLSearchParams would escape its braces.
 */
export function successUrl(returnUrl: string, gift: CheckedGift): string {
  const url = new URL(returnUrl);
  url.searchParams.delete('ref');
  url.searchParams.set('amount', String(gift.amount / 100));
  url.searchParams.set('frequency', gift.frequency);
  const hash = url.hash;
  url.hash = '';
  return `${url.href}&ref=${SESSION_ID_TEMPLATE}${hash}`;
}

/** The payment methods Stripe's page may offer, in Stripe's names: the form's own list, direct debit in AUD only, as /gifts takes it. */
function methodsFor(gift: CheckedGift): Array<(typeof STRIPE_METHOD)[Method]> {
  return gift.currency === 'AUD' ? elementMethods(gift.config, gift.frequency) : [STRIPE_METHOD.card];
}

/** Creates the gift's Checkout Session; throws Stripe's errors for the handler to map. */
export async function createCheckout(
  stripe: Stripe,
  productFor: (campaign: string) => Promise<string>,
  gift: CheckedGift,
  urls: CheckoutUrls,
  key: string,
): Promise<HostedCheckout> {
  const metadata: Stripe.MetadataParam = {...giftMetadata(gift), coral_via: 'checkout'};
  const product = await productFor(gift.campaign);
  const email = gift.supporter.email?.trim();
  const common = {
    line_items: [
      {
        price_data: {
          currency: gift.currency.toLowerCase(),
          product,
          unit_amount: stripeAmountOf(gift),
          ...(gift.frequency === 'one-off' ? {} : {recurring: {interval: INTERVAL[gift.frequency]}}),
        },
        quantity: 1,
      },
    ],
    ...(email ? {customer_email: email} : {}),
    allowed_payment_method_types: methodsFor(gift),
    success_url: successUrl(urls.returnUrl, gift),
    cancel_url: urls.cancelUrl,
    metadata,
  } satisfies Stripe.Checkout.SessionCreateParams;
  const params: Stripe.Checkout.SessionCreateParams =
    gift.frequency === 'one-off'
      ? {...common, mode: 'payment', payment_intent_data: {description: `Gift to ${gift.campaign}`, metadata}}
      : {...common, mode: 'subscription', subscription_data: {description: `${gift.frequency} gift to ${gift.campaign}`, metadata}};
  const session = await stripe.checkout.sessions.create(params, {idempotencyKey: `${key}:checkout`});
  if (!session.url) throw new Error('Stripe answered a Checkout Session without its address');
  return {url: session.url, reference: session.id};
}

/** The form's name for each of Stripe's ways to pay that it offers: `au_becs_debit` is `direct-debit`. */
const FORM_METHOD = new Map<string, Method>(Object.entries(STRIPE_METHOD).map(([form, stripe]) => [stripe, form as Method]));

const idOf = (value: string | {id: string} | null | undefined): string | null => (typeof value === 'string' ? value : value?.id) || null;

/** The PaymentIntent of a subscription session's first invoice, which Stripe names through the invoice's payments. */
async function firstInvoiceIntent(stripe: Stripe, invoice: string | null): Promise<string | null> {
  if (!invoice) return null;
  const {data} = await stripe.invoicePayments.list({invoice, limit: 1});
  const payment = data[0]?.payment;
  return payment?.type === 'payment_intent' ? idOf(payment.payment_intent) : null;
}

/**
 * How the supporter paid on Stripe's page, in the form's words (`card`, `direct-debit`): the type of the
 * PaymentMethod that confirmed the session's payment, its PaymentIntent (payment mode) or its first invoice's
 * (subscription mode), read from Stripe, since the session itself does not say. Wallets are cards. Null while
 * Stripe names none, or one the form does not offer.
 */
export async function methodPaidWith(stripe: Stripe, session: Stripe.Checkout.Session): Promise<Method | null> {
  const intent = session.mode === 'subscription' ? await firstInvoiceIntent(stripe, idOf(session.invoice)) : idOf(session.payment_intent);
  if (!intent) return null;
  const {payment_method: method} = await stripe.paymentIntents.retrieve(intent, {expand: ['payment_method']});
  return (typeof method === 'object' && method !== null && FORM_METHOD.get(method.type)) || null;
}

/**
 * On `checkout.session.completed`: a daily gift's subscription, which
 * Checkout has just created, gets its end, counted from its start. A direct
 * debit still processing leaves it incomplete; its first `invoice.paid` sets
 * the end then. Other events and sessions need nothing.
 */
export async function settleCheckout(event: Stripe.Event, stripe: Stripe): Promise<void> {
  if (event.type !== 'checkout.session.completed') return;
  const session = event.data.object;
  if (session.mode !== 'subscription' || !session.metadata?.coral_campaign || session.metadata.coral_frequency !== 'daily') return;
  const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!id) throw new Error('Stripe reported a completed subscription session without its subscription');
  await endDailyGift(stripe, id);
}
