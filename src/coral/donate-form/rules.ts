/** The donate form's arithmetic: limits, totals and cover fees. */
import {dollars, parseAmount, percentOf, smallestUnit, type Cents, type AmountLimits} from '../shared/money';
import type {DonateFormConfig, Frequency} from './schema';

export const limitsFor = (config: DonateFormConfig, frequency: Frequency): AmountLimits => ({
  min: dollars(config.amounts[frequency].min),
  max: dollars(config.amounts[frequency].max),
});

export type AmountProblem = {kind: 'unreadable'; reason: string} | {kind: 'below-min' | 'above-max'; limit: Cents};

/** Reads an other amount in `currency` and holds it to the frequency's limits, never changing what was typed. */
export function checkOtherAmount(
  text: string,
  limits: AmountLimits,
  messages?: Parameters<typeof parseAmount>[1],
  zero?: string,
  currency = '',
): {ok: true; value: Cents} | {ok: false; problem: AmountProblem} {
  const parsed = parseAmount(text, messages, zero, smallestUnit(currency));
  if (!parsed.ok) return {ok: false, problem: {kind: 'unreadable', reason: parsed.reason}};
  if (parsed.value < limits.min) return {ok: false, problem: {kind: 'below-min', limit: limits.min}};
  if (parsed.value > limits.max) return {ok: false, problem: {kind: 'above-max', limit: limits.max}};
  return parsed;
}

export type GiftTotal = {
  /** The amount chosen, per period for recurring gifts. */
  amount: Cents;
  /** Cover fees added to each payment; 0 when not chosen. */
  fee: Cents;
  /** What one payment takes: amount plus fee. */
  perPayment: Cents;
  /** For daily gifts, what the whole term takes; otherwise the same as perPayment. */
  total: Cents;
  /** Number of payments in a fixed term (daily), or null for open-ended gifts. */
  payments: number | null;
};

/** What a gift of `amount` takes; a cover fee in a currency without cents in Stripe is rounded to whole units. */
export function giftTotal(
  amount: Cents,
  frequency: Frequency,
  options: {dailyDays: number; coverFeesPercent: number | null; currency?: string},
): GiftTotal {
  const fee = percentOf(amount, options.coverFeesPercent ?? 0, smallestUnit(options.currency ?? ''));
  const perPayment = amount + fee;
  const payments = frequency === 'daily' ? options.dailyDays : null;
  return {amount, fee, perPayment, total: payments === null ? perPayment : perPayment * payments, payments};
}

/** The handle selected at the start: the configured default, else the middle handle. */
export function defaultHandle(config: DonateFormConfig, frequency: Frequency): Cents {
  const block = config.amounts[frequency];
  const fallback = block.handles[Math.floor((block.handles.length - 1) / 2)]!.amount;
  return dollars(block.defaultAmount ?? fallback);
}

export const initialFrequency = (config: DonateFormConfig): Frequency => config.defaultFrequency ?? config.frequencies[0]!;
