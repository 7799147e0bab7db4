/**
 * What a page sends to the endpoint's gift routes and what it gets back:
 * POST /gifts (the stripe gateway), POST /checkout (the http gateway's hosted
 * checkout) and POST /gifts/upgrade (the thank-you page's one-tap monthly gift).
 */
import * as zod from 'zod/mini';
import {FREQUENCIES} from '../shared/money';
import {
  botCheck,
  campaign,
  cents,
  currency,
  declinedAnswer,
  donor,
  errorAnswer,
  feeCents,
  rejectedAnswer,
  publishedForm,
  sourceCode,
  utm,
} from './parts';

/** How a supporter pays: by card (and the wallets that carry one) or by direct debit from a bank account. Stripe's own names stay with Stripe's calls. */
export const METHODS = ['card', 'direct-debit'] as const;
export type Method = (typeof METHODS)[number];

const frequency = zod.enum(FREQUENCIES);

/** `POST /gifts`: a gift as the donate form hands it to a gateway and the gateway sends it on, never with card or bank details. */
export const giftRequestSchema = zod.strictObject({
  campaign,
  sourceCode,
  amount: cents,
  /** 0, or exactly the campaign's cover fee on `amount`. */
  fee: feeCents,
  currency,
  frequency,
  /** Daily gifts only: how many daily payments, after which the gift ends. */
  days: zod.optional(zod.int().check(zod.minimum(1), zod.maximum(366))),
  method: zod.enum(METHODS),
  /** The supporter agreed to keep the card with the processor for a one-tap monthly gift on the thank-you page (one-off gifts only). */
  savePaymentMethod: zod.optional(zod.boolean()),
  supporter: donor,
  /** Set when the supporter was asked to give monthly instead of once: the gift first chosen, and the answer. */
  upgrade: zod.optional(zod.strictObject({from: zod.strictObject({amount: cents, frequency}), accepted: zod.boolean()})),
  utm,
  /** The bot check's token, when the form's config has a Turnstile site key; the endpoint verifies it before it creates anything. */
  botCheck,
  /** The published form the gift was made on, when the page embeds one by id. */
  form: publishedForm,
});

/**
 * `POST /checkout`: the same gift, with the two addresses the processor's
 * page sends the supporter back to. The supporter picks how to pay on that
 * page, so `method` may be left out (and is ignored), and no card is kept.
 */
export const checkoutRequestSchema = zod.extend(zod.omit(giftRequestSchema, {method: true, savePaymentMethod: true}), {
  method: zod.optional(zod.enum(METHODS)),
  /** Where the supporter goes after paying: the thank-you page. */
  returnUrl: zod.string().check(zod.maxLength(2000)),
  /** Where "back" on the payment page goes: the form's own page. */
  cancelUrl: zod.string().check(zod.maxLength(2000)),
});

/** `POST /gifts/upgrade`: a monthly gift on the card kept from a one-off gift, proved by that gift's client secret. */
export const upgradeRequestSchema = zod.strictObject({
  /** The first gift's reference: its PaymentIntent's id. */
  reference: zod.string().check(zod.regex(/^pi_[A-Za-z0-9]{1,128}$/, {message: 'expected the reference of a one-off gift'})),
  /** The first gift's client secret, as /gifts answered it. */
  clientSecret: zod.string().check(zod.maxLength(255)),
  amount: cents,
  fee: feeCents,
  currency,
});

export const GIFT_KINDS = ['payment', 'subscription'] as const;

/** 200 from /gifts: confirm `clientSecret` with Stripe.js; nothing is charged before that. */
export const pendingGiftAnswer = zod.object({
  status: zod.literal('requires_confirmation'),
  clientSecret: zod.string(),
  /** The PaymentIntent (one-off) or the Subscription (recurring). */
  reference: zod.string(),
  kind: zod.enum(GIFT_KINDS),
  /**
   * Set on a one-off gift that keeps its card: the monthly gift, in cents, that `/gifts/upgrade` will start on it,
   * worked out from the config the gift was made under. The thank-you page asks for this amount and no other.
   */
  oneTapMonthly: zod.optional(zod.int()),
});

/** 200 from /checkout: send the browser to `url`, the processor's payment page. */
export const redirectAnswer = zod.object({status: zod.literal('redirect'), url: zod.string(), reference: zod.string()});

/** 200 from /gifts/upgrade: the monthly gift is made and its first month paid. */
export const approvedUpgradeAnswer = zod.object({
  status: zod.literal('approved'),
  reference: zod.string(),
  kind: zod.literal('subscription'),
});

export const giftAnswerSchema = zod.discriminatedUnion('status', [pendingGiftAnswer, declinedAnswer, rejectedAnswer, errorAnswer]);
export const checkoutAnswerSchema = zod.discriminatedUnion('status', [redirectAnswer, declinedAnswer, rejectedAnswer, errorAnswer]);
export const upgradeAnswerSchema = zod.discriminatedUnion('status', [approvedUpgradeAnswer, declinedAnswer, rejectedAnswer, errorAnswer]);

export type GiftRequest = zod.output<typeof giftRequestSchema>;
export type CheckoutRequest = zod.output<typeof checkoutRequestSchema>;
export type UpgradeRequest = zod.output<typeof upgradeRequestSchema>;
export type GiftKind = (typeof GIFT_KINDS)[number];
export type GiftAnswer = zod.output<typeof giftAnswerSchema>;
export type CheckoutAnswer = zod.output<typeof checkoutAnswerSchema>;
export type UpgradeAnswer = zod.output<typeof upgradeAnswerSchema>;

/** `POST /gifts/upgrade`'s answer (with 409) while another request makes the same gift's monthly gift: sent again, it meets that gift. */
export const UPGRADE_IN_FLIGHT = {
  status: 'error',
  outcome: 'unknown',
  retryable: true,
  detail: 'the monthly gift for this gift is being made: send it again in a moment for its outcome',
} as const satisfies UpgradeAnswer;
