/**
 * The routes a CRM or a privacy officer's tools call for a supporter's rights, with the privacy token: what is held
 * for an email, forgetting it, and correcting it. The email travels in the body, never in an address a log keeps.
 */
import * as zod from 'zod/mini';
import {supporterDetails} from './parts';

const email = zod.string().check(zod.minLength(3), zod.maxLength(254));

export const recordsRequestSchema = zod.strictObject({email});

export const forgetRequestSchema = zod.strictObject({
  email,
  /** Cancel the subscriptions the supporter's Stripe Customers still pay, so the Customers can be deleted. */
  cancelSubscriptions: zod.optional(zod.boolean()),
});

export const correctRequestSchema = zod.strictObject({
  email,
  /** The details to put right; an empty string removes one. */
  changes: supporterDetails,
});

export type RecordsRequest = zod.output<typeof recordsRequestSchema>;
export type ForgetRequest = zod.output<typeof forgetRequestSchema>;
export type CorrectRequest = zod.output<typeof correctRequestSchema>;
export type SupporterChanges = CorrectRequest['changes'];
