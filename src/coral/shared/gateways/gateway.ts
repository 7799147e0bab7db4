/**
 * Where a gift's payment or a petition signature goes. Every gateway answers
 * one of a few ways, and an error always says whether anything was recorded
 * (charged, or signed), so a form can tell the supporter honestly and never
 * invite a second charge or a duplicate signature.
 *
 * Card and bank details never pass through a gift: a processor's own fields
 * take them (`fields`), or the processor's hosted page does after the form.
 * Only the sandbox has test fields of Coral's own, and what is typed in them
 * reaches the sandbox alone, beside the gift (`ChargeOptions.testPayment`).
 */
import type {CheckoutAnswer, GiftRequest, Method, SignatureAnswer, SignatureRequest} from '../../contract';
import {type Frequency, type Cents} from '../money';

export type {Method};

/**
 * A gift as the donate form hands it to a gateway and a gateway sends it on:
 * never any card or bank details. It is the endpoint's `POST /gifts` request
 * (src/coral/contract), so the form and the endpoint cannot drift apart.
 */
export type GiftIntent = GiftRequest;

/** What a supporter typed into the sandbox's own test fields; no other gateway is ever given these. */
export type TestPayment =
  | {method: 'card'; number: string; expiry: {month: number; year: number}; cvc: string}
  | {method: 'direct-debit'; bsb: string; account: string; name: string};

export type ChargeOptions = {
  /** One per gift: the same key always gets the first answer back. */
  idempotencyKey: string;
  /** Where the supporter lands after a processor's own page (a bank's check, a hosted checkout): the thank-you page or this one. */
  returnUrl?: string;
  /** Where "back" on a hosted payment page goes: the form's own page. */
  cancelUrl?: string;
  /** The sandbox's test fields, for the sandbox only. */
  testPayment?: TestPayment;
};

export type ChargeResult =
  /** `oneTap`: the card was kept, and the thank-you page may start this monthly gift on it in one tap. */
  | {status: 'approved'; reference: string; oneTap?: OneTap}
  /** The gift waits on the processor's hosted payment page: the supporter goes to `url`, and comes back with `reference`. */
  | Extract<CheckoutAnswer, {status: 'redirect'}>
  /** `reason`: the processor's short reason, for events and logs; `code`: what the supporter is told (a plain decline without it). */
  | {status: 'declined'; reason: string; code?: DeclineCode}
  | Guarded
  /**
   * `ended`: the payment made under this key was cancelled (the endpoint's card-testing guard cancels one declined
   * too often), so the same key would only meet it again: a new try needs a new key.
   */
  | {status: 'error'; outcome: 'not-charged' | 'unknown'; retryable: boolean; detail: string; ended?: true};

/**
 * The endpoint's guard against card testing refused the gift before anything
 * was made, so nothing was charged: too many gifts came from one address or
 * email (`retryAfter`: seconds to wait, when the endpoint said), or it needs a
 * bot check the request did not pass.
 */
export type Guarded = {status: 'guarded'; reason: 'rate-limited'; retryAfter?: number} | {status: 'guarded'; reason: 'bot-check'};

/** Why a gift was declined, as the supporter is told: each has a `decline.<code>` message. */
export const DECLINE_CODES = ['card', 'funds', 'expired', 'security-code', 'number', 'authentication', 'bank'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** What the form tells the processor's fields: the gift as it stands, and the look to match. */
export type FieldsSetup = {
  amount: Cents;
  currency: string;
  frequency: Frequency;
  /** The methods this gift may use, as the form's config allows them. */
  methods: readonly Method[];
  /** Keep the card for a later gift, as the supporter agreed. */
  saveCard: boolean;
  locale: string;
  look: FieldsLook;
};

/** The form's colours and shapes as it shows them now (its custom properties, light or dark), for fields drawn by someone else. */
export type FieldsLook = {
  dark: boolean;
  accent: string;
  surface: string;
  text: string;
  muted: string;
  error: string;
  radius: string;
  font: string;
};

/** How the processor's fields are doing, as they report it. */
export type FieldsStatus =
  | {status: 'loading'}
  | {status: 'ready'; method: Method; complete: boolean}
  /** The fields could not load (a blocked script, no connection): the form says so and offers to try again. */
  | {status: 'failed'; detail: string};

export type MountedFields = {update: (setup: FieldsSetup) => void; focus: () => void; unmount: () => void};

/** A processor's own payment fields, which the form gives room to and never reads. */
export interface PaymentFields {
  /** Puts the fields in `room`, an element in the page's own DOM (a processor may refuse a shadow root). */
  mount(room: HTMLElement, setup: FieldsSetup, report: (status: FieldsStatus) => void): MountedFields;
  /**
   * Starts the processor's own check of what was typed, for the charge that follows. The form calls it
   * first thing in the supporter's click, before anything is awaited: a wallet's payment sheet (Apple Pay
   * in Safari) opens only within that gesture. The next charge waits for its answer.
   */
  submit?(): void;
}

/** A monthly gift on the card kept from a one-off gift (`reference`), proved by the token that gift gave. */
/**
 * A kept card's one-tap monthly gift: the token that proves, to the endpoint only, which gift kept the card, and the
 * monthly amount the endpoint said it will start on it, by the config that gift was made under.
 */
export type OneTap = {token: string; amount: Cents};

export type UpgradeAsk = {reference: string; token: string; amount: Cents; currency: string};

export interface Gateway {
  /** Charges once per idempotency key: the same key always gets the first answer back. */
  charge(intent: GiftIntent, options: ChargeOptions): Promise<ChargeResult>;
  /** The processor's fields, for a gateway whose processor takes the card in the form. */
  fields?: PaymentFields;
  /** Starts a monthly gift on a kept card in one tap, for a gateway that can keep one. */
  upgrade?(ask: UpgradeAsk, options: {idempotencyKey: string}): Promise<ChargeResult>;
}

/** Where a form's card or bank details are typed, for each kind of gateway. */
export type PaymentEntry = 'test-fields' | 'processor-fields' | 'hosted-page';

export const ENTRY_BY_GATEWAY = {sandbox: 'test-fields', stripe: 'processor-fields', http: 'hosted-page'} as const satisfies Record<
  string,
  PaymentEntry
>;

/** A petition signature or lead, as a powerform sends it: the endpoint's `POST /signatures` request (src/coral/contract). */
export type Signup = SignatureRequest;

export type SignupResult =
  | Extract<SignatureAnswer, {status: 'accepted' | 'rejected'}>
  | {status: 'error'; outcome: 'not-sent' | 'unknown'; retryable: boolean; detail: string};

export interface SignupGateway {
  /** Records one signature per idempotency key: the same key always gets the first answer back. */
  sign(signup: Signup, options: {idempotencyKey: string}): Promise<SignupResult>;
}

export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
