/**
 * Config pieces for gifts that the donate form and the thank-you page's
 * monthly ask both take: amounts in dollars, each frequency's default amounts
 * and limits, the monthly-ask rule and the currency.
 */
import * as zod from 'zod/mini';
import type {Frequency} from '../money';

export const dollarsAmount = zod.number().check(zod.positive(), zod.maximum(1_000_000), zod.multipleOf(0.01));

type AmountDefaults = {handles: number[]; defaultAmount: number; min: number; max: number};

export const DEFAULT_AMOUNTS: Record<Frequency, AmountDefaults> = {
  'one-off': {handles: [35, 60, 120], defaultAmount: 60, min: 5, max: 10_000},
  weekly: {handles: [5, 10, 20], defaultAmount: 10, min: 2, max: 500},
  monthly: {handles: [15, 25, 40], defaultAmount: 25, min: 5, max: 2_000},
  daily: {handles: [2, 5, 10], defaultAmount: 5, min: 1, max: 100},
};

/** The monthly-ask rule's options; the thank-you page's ask takes the same ones. */
export const rgUpgradeRule = {
  divisor: zod._default(zod.number().check(zod.minimum(1), zod.maximum(12)), 3),
  roundTo: zod._default(zod.int().check(zod.minimum(1), zod.maximum(50)), 5),
};

export const currency = zod._default(
  zod.string().check(zod.regex(/^[A-Z]{3}$/, {message: 'expected a three-letter currency code such as AUD'})),
  'AUD',
);
