/**
 * Type-level checks that the browser and the endpoint speak one contract:
 * what the browser's gateways send is what the endpoint's parse gives back,
 * and what it accepts. Nothing here runs: `tsc -p .` reads this file.
 */
import {expectTypeOf} from 'vitest';
import type * as zod from 'zod/mini';
import type {CheckedGift, PendingGift} from '../../../server/gifts';
import type {SupporterDetails} from '../../../server/records';
import type {CheckedSignature} from '../../../server/signatures';
import type {DonateFormConfig} from '../donate-form/core';
import type {GiftIntent, Method, Signup} from '../shared/gateways';
import type {
  CheckoutRequest,
  checkoutRequestSchema,
  GiftAnswer,
  giftRequestSchema,
  SignatureRequest,
  signatureRequestSchema,
  SupporterChanges,
} from '.';
import type {ParseResult, parseConfig, PowerformConfig, SupporterField} from './library';

// The endpoint parses exactly what the browser sends…
expectTypeOf<ReturnType<typeof parseConfig<typeof giftRequestSchema>>>().toEqualTypeOf<ParseResult<GiftIntent>>();
expectTypeOf<ReturnType<typeof parseConfig<typeof signatureRequestSchema>>>().toEqualTypeOf<ParseResult<Signup>>();
// …and accepts it as the browser builds it.
expectTypeOf<GiftIntent>().toExtend<zod.input<typeof giftRequestSchema>>();
expectTypeOf<Signup>().toExtend<zod.input<typeof signatureRequestSchema>>();

// The hosted checkout is the gift (no card kept) with the two addresses the donate form always gives.
expectTypeOf<Omit<GiftIntent, 'savePaymentMethod'> & {returnUrl: string; cancelUrl: string}>().toExtend<
  zod.input<typeof checkoutRequestSchema>
>();
expectTypeOf<CheckoutRequest['method']>().toEqualTypeOf<Method | undefined>();

// No translation between the form's way to pay and the endpoint's: Stripe's names stay where Stripe is called.
expectTypeOf<CheckedGift['method']>().toEqualTypeOf<GiftIntent['method']>();
expectTypeOf<CheckedGift['supporter']>().toEqualTypeOf<GiftIntent['supporter']>();

// /gifts answers what the stripe gateway reads.
expectTypeOf<PendingGift & {status: 'requires_confirmation'}>().toExtend<GiftAnswer>();

// A signature carries the fields and variants a powerform config has, and the signer's country, no more and no fewer.
expectTypeOf<Exclude<keyof Signup['supporter'], 'consent' | 'country'>>().toEqualTypeOf<keyof PowerformConfig['fields']>();
expectTypeOf<Signup['variant']>().toEqualTypeOf<PowerformConfig['variant']>();
expectTypeOf<Exclude<keyof CheckedSignature['supporter'], 'country'>>().toEqualTypeOf<keyof PowerformConfig['fields']>();

// A gift's supporter fields are the donate form's, with the giver's country.
expectTypeOf<Exclude<keyof GiftIntent['supporter'], 'consent' | 'country'>>().toEqualTypeOf<keyof DonateFormConfig['fields']>();

// A supporter field is named once, in the field table: renamed there, the contract's requests, the form's intent and
// the endpoint's checked and kept supporter all follow, and every place that still spells the old name fails to compile.
expectTypeOf<Exclude<keyof GiftIntent['supporter'], 'consent' | 'country'>>().toEqualTypeOf<SupporterField>();
expectTypeOf<Exclude<keyof SignatureRequest['supporter'], 'consent' | 'country'>>().toEqualTypeOf<Exclude<SupporterField, 'address'>>();
expectTypeOf<keyof SupporterChanges>().toEqualTypeOf<SupporterField>();
expectTypeOf<Exclude<keyof CheckedGift['supporter'], 'consent' | 'country'>>().toEqualTypeOf<SupporterField>();
expectTypeOf<Exclude<keyof CheckedSignature['supporter'], 'country'>>().toEqualTypeOf<Exclude<SupporterField, 'address'>>();
expectTypeOf<Exclude<keyof SupporterDetails, 'country'>>().toEqualTypeOf<SupporterField>();
