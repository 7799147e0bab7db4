/**
 * What a powerform sends to POST /signatures and gets back, and the live
 * count GET /campaigns/<id>/count answers.
 */
import * as zod from 'zod/mini';
import {campaign, errorAnswer, publishedForm, rejectedAnswer, signer, sourceCode, utm} from './parts';

export const SIGNATURE_VARIANTS = ['petition', 'leads'] as const;

/** The longest answer to a powerform's extra question, as the form takes it. */
export const ANSWER_MAX = 500;

/** `POST /signatures`: a petition signature or lead, as a powerform hands it to its gateway. */
export const signatureRequestSchema = zod.strictObject({
  campaign,
  sourceCode,
  variant: zod.enum(SIGNATURE_VARIANTS),
  supporter: signer,
  /** The answer to the form's extra question, when it has one and the signer answered. */
  answer: zod.optional(zod.strictObject({id: zod.string().check(zod.maxLength(32)), value: zod.string().check(zod.maxLength(ANSWER_MAX))})),
  utm,
  /** The published form the signature was made on, when the page embeds one by id. */
  form: publishedForm,
});

/**
 * 200: the signature is kept under `reference`. A repeat (this email had signed the campaign before) reads the same,
 * so no one learns from the answer whether an email signed: its reference is its own, and the count does not move.
 */
export const acceptedAnswer = zod.object({status: zod.literal('accepted'), reference: zod.string()});

/** The powerform reads `accepted` and `rejected` (422); an `error` (503) leaves the signature to be sent again. */
export const signatureAnswerSchema = zod.discriminatedUnion('status', [acceptedAnswer, rejectedAnswer, errorAnswer]);

/** `GET /campaigns/<id>/count`: the signatures so far. */
export const campaignCountSchema = zod.object({
  campaign: zod.string(),
  // zod.int() is a safe integer: a count past 2^53 could not be counted exactly.
  count: zod.int().check(zod.minimum(0)),
});

export type SignatureRequest = zod.output<typeof signatureRequestSchema>;
export type SignatureVariant = (typeof SIGNATURE_VARIANTS)[number];
export type SignatureAnswer = zod.output<typeof signatureAnswerSchema>;
export type CampaignCount = zod.output<typeof campaignCountSchema>;
