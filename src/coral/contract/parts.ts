/** The pieces every route's request and answer are made of, so each limit is written once. */
import * as zod from 'zod/mini';
import {FIELD_TABLE, SUPPORTER_FIELDS, type SupporterField, UTM_PARAMS} from '../shared/fields/core';
import {FORM_ID, FORM_ID_RULE} from './forms';

/** An optional text of at most `max` characters. */
export const text = (max: number) => zod.optional(zod.string().check(zod.maxLength(max)));

/** An amount in cents: a whole number above 0, up to a million dollars. */
export const cents = zod.int().check(zod.positive(), zod.maximum(100_000_000));
/** A fee in cents: 0 for none. */
export const feeCents = zod.int().check(zod.minimum(0), zod.maximum(100_000_000));
export const currency = zod.string().check(zod.regex(/^[A-Z]{3}$/, {message: 'expected a three-letter currency code such as AUD'}));
/** The campaign's id; the endpoint looks it up in its own list. */
export const campaign = zod.string().check(zod.maxLength(64));
export const sourceCode = text(40);

/** The utm values the page's address carried; an empty record when there were none. */
export const utm = zod._default(zod.partialRecord(zod.enum(UTM_PARAMS), zod.string().check(zod.maxLength(200))), () => ({}));

/**
 * Each supporter field's longest value on the wire: the field table's `maxLength`, so a request longer than the form
 * takes is refused by name. Slack only for the postcode, whose check is a pattern, not a length: a value padded by
 * spaces (" ２０００ ") is still the four digits, and a postcode written abroad (98800 Nouméa, 2000 Australia)
 * should hear the form's own words ("Postcode must be 4 digits."), not a bare limit; the cap only bounds abuse.
 * The phone's 20 already takes a number typed with its spaces and brackets: +61 (0) 412 345 678.
 */
const WIRE_SLACK: Partial<Record<SupporterField, number>> = {postcode: 16};
const wireLength = (field: SupporterField): number => FIELD_TABLE[field].maxLength + (WIRE_SLACK[field] ?? 0);

/** Every supporter field, optional, with its wire length: the powerform's are all but the address. */
const details = Object.fromEntries(SUPPORTER_FIELDS.map((field) => [field, text(wireLength(field))])) as {
  [F in SupporterField]: ReturnType<typeof text>;
};
const {address: _address, ...signerDetails} = details;
/**
 * The supporter's country, as a form that takes more than one sends it (AU, FJ, PG); the endpoint checks it is one the
 * form takes. Left out, the endpoint reads it from the mobile's country code, else takes the form's own country.
 */
const country = zod.optional(zod.string().check(zod.regex(/^[A-Z]{2}$/, {message: 'expected a two-letter country code such as AU'})));
/** A signer's fields, their country and the consent box's answer. */
export const signer = zod.strictObject({...signerDetails, country, consent: zod.boolean()});
/** A donate form asks for a street address too. */
export const donor = zod.strictObject({...details, country, consent: zod.boolean()});
/** Every detail kept of a supporter, as a correction names them. */
export const supporterDetails = zod.strictObject(details);

// Answers are read leniently: a reader ignores keys it does not know, so the endpoint may say more.

/**
 * Why a gift route refused a request for the supporter's own protection, in
 * words a form turns into advice: `rate-limited` (429, with `retryAfter` in
 * seconds, also sent as `Retry-After`) when too many gifts came from one
 * address or email; `bot-check` (403) when the endpoint needs a bot check the
 * request did not pass.
 */
export const GUARD_REASONS = ['rate-limited', 'bot-check'] as const;
export type GuardReason = (typeof GUARD_REASONS)[number];

/** 4xx: the request was refused and nothing was done. `retryAfter` (seconds) comes with a 429. */
export const rejectedAnswer = zod.object({
  status: zod.literal('rejected'),
  reason: zod.string(),
  retryAfter: zod.optional(zod.int().check(zod.minimum(0))),
});

/**
 * How long the endpoint takes at most to answer a gift route, whatever Stripe does: a Stripe call still running then
 * is answered `error` (outcome unknown, retryable under the same key), and the gift it may yet make meets that key.
 * The forms wait longer than this (their gateways' `timeoutMs`), so the supporter always hears the endpoint's answer.
 */
export const GIFT_ANSWER_MS = 10_000;

/** An experiment's or a variant's id: letters, digits and dashes, as a results table and an export show it. */
export const VARIANT_ID = /^[A-Za-z0-9-]{1,32}$/;
export const VARIANT_ID_RULE = 'expected 1 to 32 letters, digits or dashes, e.g. "higher-asks"';

/**
 * The published form a gift or signature was made on (`form` and `version`, as `GET /forms/<id>` answered them): the
 * endpoint checks the request against that version, so a page open while a newer one is published still works.
 */
export const publishedForm = zod.optional(
  zod.strictObject({
    id: zod.string().check(zod.regex(FORM_ID, {message: FORM_ID_RULE})),
    version: zod.int().check(zod.minimum(1), zod.maximum(999_999_999)),
    /** The variant of the version's experiment the page showed, checked against that variant's config. */
    variant: zod.optional(zod.string().check(zod.regex(VARIANT_ID, {message: VARIANT_ID_RULE}))),
  }),
);
export type PublishedForm = NonNullable<zod.output<typeof publishedForm>>;

/**
 * What a form read by its id adds to each gift or signature it sends: the form it is, and the page's utm values as
 * its events carry them, so a visitor's gift or signature is credited to the source their visit was, whether or not
 * the form takes its fields from the address (`urlParams`).
 */
export type PublishedSend = {form: PublishedForm; utm: zod.output<typeof utm>};

/** A Cloudflare Turnstile token from the form's bot check; Turnstile's tokens are at most 2,048 characters. */
export const botCheck = zod.optional(zod.string().check(zod.minLength(1), zod.maxLength(2048)));
/** 402: the bank or the card said no; `code` is Stripe's. */
export const declinedAnswer = zod.object({status: zod.literal('declined'), reason: zod.string(), code: zod.optional(zod.string())});
/** 5xx: `retryable` says whether the same request, under the same idempotency key, may be sent again. */
export const errorAnswer = zod.object({
  status: zod.literal('error'),
  outcome: zod.enum(['unknown', 'not-sent']),
  retryable: zod.boolean(),
  detail: zod.string(),
});
