/**
 * What a powerform sends to POST /signatures and gets back, and the live
 * count GET /campaigns/<id>/count answers.
 */
import * as z from 'zod/mini';
import {campaign, errorAnswer, rejectedAnswer, signer, sourceCode, utm} from './parts';

export const SIGNATURE_VARIANTS = ['petition', 'leads'] as const;

/** The longest answer to a powerform's extra question, as the form takes it. */
export const ANSWER_MAX = 500;

/** `POST /signatures`: a petition signature or lead, as a powerform hands it to its gateway. */
export const signatureRequestSchema = z.strictObject({
  campaign,
  sourceCode,
  variant: z.enum(SIGNATURE_VARIANTS),
  supporter: signer,
  /** The answer to the form's extra question, when it has one and the signer answered. */
  answer: z.optional(z.strictObject({id: z.string().check(z.maxLength(32)), value: z.string().check(z.maxLength(ANSWER_MAX))})),
  utm,
});

/** 200: the signature is kept under `reference`. */
/** `alreadySigned`: this email had signed the campaign before; `reference` is that first signature's, and the count did not move. */
export const acceptedAnswer = z.object({status: z.literal('accepted'), reference: z.string(), alreadySigned: z.optional(z.boolean())});

/** The powerform reads `accepted` and `rejected` (422); an `error` (503) leaves the signature to be sent again. */
export const signatureAnswerSchema = z.discriminatedUnion('status', [acceptedAnswer, rejectedAnswer, errorAnswer]);

/** `GET /campaigns/<id>/count`: the signatures so far. */
export const campaignCountSchema = z.object({
  campaign: z.string(),
  // z.int() is a safe integer: a count past 2^53 could not be counted exactly.
  count: z.int().check(z.minimum(0)),
});

export type SignatureRequest = z.output<typeof signatureRequestSchema>;
export type SignatureVariant = (typeof SIGNATURE_VARIANTS)[number];
export type SignatureAnswer = z.output<typeof signatureAnswerSchema>;
export type CampaignCount = z.output<typeof campaignCountSchema>;
