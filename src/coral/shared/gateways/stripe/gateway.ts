/**
 * The `stripe` gateway: Stripe's Payment Element takes the card or the bank
 * account in Stripe's own frames, so no card number or CVC ever reaches
 * Coral's code, its events or the organisation's endpoint.
 *
 * A gift goes in three steps. The Element checks what was typed
 * (`elements.submit()`, started by the form first thing in the supporter's
 * click, since Safari opens Apple Pay's sheet only within that gesture), for
 * the gift the Elements hold at that moment: the sheet shows it, and Stripe.js
 * confirms only an intent that matches it. A change to the gift reaches the
 * Elements asynchronously (`elements.update()` settles once the fields have
 * applied it), so a click while one is on its way, or a change after the
 * click's check, leaves the check to the charge once the Elements hold the
 * gift: outside the gesture, where a wallet may refuse, and nothing is charged.
 * Then the endpoint checks the gift again and creates its PaymentIntent or
 * Subscription under the form's idempotency key, answering a client secret;
 * Stripe.js confirms that secret with what the Element holds, running a bank's
 * check (3-D Secure) when the card needs one. Nothing is charged before the
 * confirmation, and the same key always meets the same intent, so sending
 * again after any failure never charges twice.
 *
 * This module is loaded only when a form with this gateway appears, and it
 * loads Stripe.js from js.stripe.com only then.
 */
import type {
  Appearance,
  PaymentIntent,
  Stripe,
  StripeElementLocale,
  StripeElements,
  StripeElementsOptionsMode,
  StripeError,
  StripePaymentElement,
} from '@stripe/stripe-js';
import {loadStripe} from '@stripe/stripe-js/pure';
import type {GiftAnswer, UpgradeAnswer, UpgradeRequest} from '../../../contract';
import type {
  ChargeOptions,
  ChargeResult,
  DeclineCode,
  FieldsLook,
  FieldsSetup,
  Gateway,
  GiftIntent,
  Method,
  PaymentFields,
  UpgradeAsk,
} from '../gateway';
import {routesUnder} from '../endpoint';
import {guardedBy, onePerKey, postWithKey, says} from '../http';
import {toStripeAmount} from '../../money';

export type StripeGatewayOptions = {
  publishableKey: string;
  /** The base URL of the organisation's endpoint: gifts go to its /gifts, monthly upgrades to its /gifts/upgrade. */
  endpoint: string;
  wallets: boolean;
  saveCardForUpgrade: boolean;
  timeoutMs: number;
};

/** The contract's routes the stripe gateway posts to: a gift, and the thank-you page's monthly upgrade on its card. */
export type StripeRoute = 'gifts' | 'giftsUpgrade';

/** Stripe.js's names for the ways to pay, for the Element alone: the endpoint is sent the form's own (`direct-debit`). */
const STRIPE_METHOD: Record<Method, string> = {card: 'card', 'direct-debit': 'au_becs_debit'};

/** Stripe's locales are a fixed list; ours are BCP 47 tags, so an unknown one falls back to the browser's. */
const LOCALES = new Set<string>(['en', 'en-AU', 'en-NZ', 'en-GB', 'en-CA', 'fr', 'fr-CA', 'de', 'es', 'ja', 'zh']);
const localeOf = (locale: string): StripeElementLocale => (LOCALES.has(locale) ? (locale as StripeElementLocale) : 'auto');

/** The Element's options for a gift as it stands: its first payment, its currency and the methods it may use. */
export function elementsOptions(setup: FieldsSetup): StripeElementsOptionsMode {
  return {
    mode: setup.frequency === 'one-off' ? 'payment' : 'subscription',
    // Stripe's units, as the endpoint's intent has them: whole units for a zero-decimal currency (XPF, VUV).
    amount: toStripeAmount(setup.amount, setup.currency),
    currency: setup.currency.toLowerCase(),
    allowedPaymentMethodTypes: setup.methods.map((m) => STRIPE_METHOD[m]),
    setupFutureUsage: setup.frequency === 'one-off' && setup.saveCard ? 'off_session' : null,
    locale: localeOf(setup.locale),
    appearance: appearanceOf(setup.look),
  };
}

/** The form's look in Stripe's terms (its Appearance API): the same colours, corners and font, light or dark. */
export function appearanceOf(look: FieldsLook): Appearance {
  return {
    theme: look.dark ? 'night' : 'stripe',
    variables: {
      colorPrimary: look.accent,
      colorBackground: look.surface,
      colorText: look.text,
      colorTextSecondary: look.muted,
      colorDanger: look.error,
      borderRadius: look.radius,
      fontFamily: look.font,
    },
  };
}

const notCharged = (detail: string, retryable = true): Extract<ChargeResult, {status: 'error'}> => ({
  status: 'error',
  outcome: 'not-charged',
  retryable,
  detail,
});

/** Stripe's decline codes: a short reason for events and logs, and what the supporter is told. Any other code is a plain decline. */
const REASONS: Record<string, readonly [string, DeclineCode]> = {
  card_declined: ['card declined', 'card'],
  generic_decline: ['card declined', 'card'],
  insufficient_funds: ['insufficient funds', 'funds'],
  expired_card: ['card expired', 'expired'],
  incorrect_cvc: ['security code incorrect', 'security-code'],
  incorrect_number: ['card number incorrect', 'number'],
  processing_error: ['processing error', 'card'],
  authentication_required: ["the bank's check was not completed", 'authentication'],
  payment_intent_authentication_failure: ["the bank's check was not completed", 'authentication'],
};
const declinedBy = (error: {code?: unknown; decline_code?: unknown} | null | undefined): ChargeResult => {
  const known = (code: unknown) => (typeof code === 'string' && Object.hasOwn(REASONS, code) ? REASONS[code] : undefined);
  const found = known(error?.decline_code) ?? known(error?.code);
  return found ? {status: 'declined', reason: found[0], code: found[1]} : {status: 'declined', reason: 'declined by the bank'};
};

/** What a confirmed (or re-read) PaymentIntent says about the gift. */
function fromIntent(intent: PaymentIntent, reference: string): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
    case 'processing': // a direct debit takes days to clear; Stripe's webhook says how it ends
    case 'requires_capture':
      return {status: 'approved', reference};
    case 'requires_payment_method':
      return declinedBy(intent.last_payment_error);
    // The endpoint's card-testing guard cancels a payment declined too often: nothing was charged, and its key would
    // meet it again, so the next try takes a fresh one.
    case 'canceled':
      return {...notCharged('payment canceled'), ended: true};
    default:
      return {status: 'error', outcome: 'unknown', retryable: false, detail: `payment ${intent.status}`};
  }
}

/** A failed confirmation in the form's terms. A lost connection is checked with Stripe before saying anything. */
async function fromConfirmError(stripe: Stripe, error: StripeError, clientSecret: string, reference: string): Promise<ChargeResult> {
  if (error.type === 'card_error' || error.code === 'payment_intent_authentication_failure') return declinedBy(error);
  if (error.type === 'validation_error') return notCharged(error.message ?? 'payment details incomplete');
  // Confirmed before (an earlier try whose answer was lost): the intent says how it went.
  if (error.code === 'payment_intent_unexpected_state' && error.payment_intent) return fromIntent(error.payment_intent, reference);
  try {
    const {paymentIntent} = await stripe.retrievePaymentIntent(clientSecret);
    // No payment tried yet (Stripe.js refused the request before sending it): nothing charged, and it may be sent again.
    const untried =
      paymentIntent?.status === 'requires_confirmation' ||
      (paymentIntent?.status === 'requires_payment_method' && !paymentIntent.last_payment_error);
    if (untried) return notCharged(error.message ?? 'payment not confirmed');
    if (paymentIntent) return fromIntent(paymentIntent, reference);
  } catch {
    // Stripe is out of reach: the outcome stays unknown.
  }
  return {status: 'error', outcome: 'unknown', retryable: false, detail: error.message ?? error.type};
}

const billingOf = ({supporter}: GiftIntent) => {
  const name = [supporter.firstName, supporter.lastName].filter(Boolean).join(' ');
  return {
    ...(name ? {name} : {}),
    ...(supporter.email ? {email: supporter.email} : {}),
    ...(supporter.phone ? {phone: supporter.phone} : {}),
  };
};

/** The Elements on the page, the last change to the gift sent to them (null once applied, else why it failed), and how many are on their way. */
type Mounted = {elements: StripeElements; element: StripePaymentElement; updated: Promise<string | null>; pending: number};

type Checked = Awaited<ReturnType<StripeElements['submit']>>;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The Element's check of what was typed; one Stripe.js refuses (an IntegrationError) reads as a failed check. */
const check = (elements: StripeElements): Promise<Checked> =>
  elements.submit().catch((error: unknown): Checked => ({error: {type: 'validation_error', message: reason(error)}}));

/** Waits until the Elements have taken every change sent to them, including any sent while waiting: null, or why the last failed. */
async function settled(here: Mounted): Promise<string | null> {
  while (here.pending) await here.updated;
  return here.updated;
}

export function createStripeGateway(
  options: StripeGatewayOptions,
): Gateway & {fields: Required<PaymentFields>; upgrade: NonNullable<Gateway['upgrade']>} {
  let loading: Promise<Stripe> | null = null;
  const stripe = (): Promise<Stripe> =>
    (loading ??= loadStripe(options.publishableKey).then(
      (loaded) => {
        if (!loaded) throw new Error('Stripe.js needs a browser');
        return loaded;
      },
      (error: unknown) => {
        // Forget the failure, so trying again loads again.
        loading = null;
        throw error;
      },
    ));
  let mounted: Mounted | null = null;
  /** The Element's check started by the supporter's click, for the charge that click sends. */
  let started: {elements: StripeElements; checked: Promise<Checked>} | null = null;
  const url = routesUnder<StripeRoute>(options.endpoint);
  const post = {url: url('gifts'), timeoutMs: options.timeoutMs, fetch: (...args: Parameters<typeof fetch>) => globalThis.fetch(...args)};

  const fields: Required<PaymentFields> = {
    mount(room, setup, report) {
      let gone = false;
      let latest = setup;
      let method: Method = 'card';
      report({status: 'loading'});
      stripe().then(
        (loaded) => {
          if (gone) return;
          const elements = loaded.elements(elementsOptions(latest));
          const element = elements.create('payment', {
            layout: 'tabs',
            wallets: {applePay: options.wallets ? 'auto' : 'never', googlePay: options.wallets ? 'auto' : 'never'},
          });
          element.on('change', (event) => {
            method = event.value.type === 'au_becs_debit' ? 'direct-debit' : 'card';
            report({status: 'ready', method, complete: event.complete});
          });
          element.on('ready', () => report({status: 'ready', method, complete: false}));
          element.on('loaderror', (event) => report({status: 'failed', detail: event.error.message ?? 'the payment fields did not load'}));
          element.mount(room);
          mounted = {elements, element, updated: Promise.resolve(null), pending: 0};
        },
        (error: unknown) => {
          if (!gone) report({status: 'failed', detail: error instanceof Error ? error.message : String(error)});
        },
      );
      return {
        update(next) {
          latest = next;
          const here = mounted;
          if (!here) return;
          // A check a click started was for the gift as it was: the charge checks the new one itself.
          started = null;
          here.pending += 1;
          here.updated = here.elements
            .update(elementsOptions(next))
            .then(() => null, reason)
            .finally(() => (here.pending -= 1));
        },
        focus: () => mounted?.element.focus(),
        unmount() {
          gone = true;
          mounted?.element.destroy();
          mounted = null;
        },
      };
    },
    submit() {
      // While a change is on its way, the Elements hold the gift as it was: a wallet's sheet would show that one.
      if (!mounted || mounted.pending) return;
      // Read by the charge; a check no charge follows (the form found a problem first) is dropped quietly.
      started = {elements: mounted.elements, checked: check(mounted.elements)};
    },
  };

  const charge = onePerKey(async (intent: GiftIntent, key: string, {returnUrl}: ChargeOptions): Promise<ChargeResult> => {
    const here = mounted;
    const ours = started && started.elements === here?.elements ? started.checked : null;
    started = null;
    const loaded = await stripe().catch(() => null);
    if (!loaded || !here) return notCharged('the payment fields are not ready');
    // The intent is made for the gift as it stands, so the Elements must hold it too before Stripe confirms one with the other.
    const unapplied = await settled(here);
    if (unapplied !== null) return notCharged(unapplied);
    // Without a check from the click (a send no click started, a gift changed since), the charge asks itself, as late as that is.
    const checked = await (ours ?? check(here.elements));
    if (checked.error) return notCharged(checked.error.message ?? 'payment details incomplete');

    const sent = await postWithKey<{clientSecret: string; reference: string; monthly?: number} | ChargeResult, GiftAnswer>(
      post,
      'payment service',
      intent,
      key,
      (reply) => {
        const {ok, status, body} = reply;
        if (ok && says(reply, 'requires_confirmation') && typeof body.clientSecret === 'string' && typeof body.reference === 'string') {
          const monthly = body.oneTapMonthly;
          return {clientSecret: body.clientSecret, reference: body.reference, ...(typeof monthly === 'number' ? {monthly} : {})};
        }
        if (status === 402 && says(reply, 'declined')) {
          return declinedBy({code: body.code});
        }
        return guardedBy(reply);
      },
    );
    // Nothing is charged before the confirmation below, so a gift the endpoint did not answer can be sent again.
    if ('undelivered' in sent) return notCharged(sent.undelivered.detail);
    if ('status' in sent.answer) return sent.answer;
    const {clientSecret, reference, monthly} = sent.answer;

    const confirmed = await loaded.confirmPayment({
      elements: here.elements,
      clientSecret,
      confirmParams: {
        return_url: returnUrl ?? window.location.href,
        payment_method_data: {billing_details: billingOf(intent)},
      },
      redirect: 'if_required',
    });
    const result = confirmed.error
      ? await fromConfirmError(loaded, confirmed.error, clientSecret, reference)
      : fromIntent(confirmed.paymentIntent, reference);
    // A card kept with the supporter's consent: the client secret proves, to the endpoint only, which gift kept it, and
    // the endpoint named the monthly gift it will start on it. Without that amount, no monthly gift fits this gift.
    return result.status === 'approved' && intent.savePaymentMethod && monthly !== undefined
      ? {...result, oneTap: {token: clientSecret, amount: monthly}}
      : result;
  });

  const upgradeEndpoint = {...post, url: url('giftsUpgrade')};
  const upgrade = onePerKey(async (ask: UpgradeAsk, key: string): Promise<ChargeResult> => {
    const body: UpgradeRequest = {reference: ask.reference, clientSecret: ask.token, amount: ask.amount, fee: 0, currency: ask.currency};
    const sent = await postWithKey<ChargeResult, UpgradeAnswer>(upgradeEndpoint, 'payment service', body, key, (reply) => {
      const {ok, status, body: answer} = reply;
      if (ok && says(reply, 'approved') && typeof answer.reference === 'string') return {status: 'approved', reference: answer.reference};
      if (status === 402 && says(reply, 'declined')) {
        return declinedBy({code: answer.code});
      }
      // Another request is making this gift's monthly gift: sent again under the same key, the ask meets its outcome.
      if (status === 409 && says(reply, 'error') && answer.retryable === true) {
        return {status: 'error', outcome: 'unknown', retryable: true, detail: 'another request is making this monthly gift'};
      }
      return guardedBy(reply);
    });
    if ('answer' in sent) return sent.answer;
    // The endpoint charges the kept card itself, so an answer lost on the way back leaves the outcome unknown.
    const {outcome, detail} = sent.undelivered;
    return outcome === 'not-sent' ? notCharged(detail) : {status: 'error', outcome: 'unknown', retryable: false, detail};
  });

  return {charge, fields, upgrade};
}
