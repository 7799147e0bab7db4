/**
 * The donate form's public events: the `coral:` DOM events a host page can
 * listen to, and the GA4-style dataLayer pushes. Amounts here are in dollars,
 * like the config. Neither carries personal data.
 */
import {ecommerce, type DataLayerEntry, type Cents} from '../shared/money';
import type {AmountSource, HandoffStatus, Notice, Step} from './machine';
import type {DonateFormConfig, Frequency} from './schema';

type Base = {campaign: string; currency: string};

export interface DonateFormEventDetails {
  /** The supporter (or the page) chose a frequency or amount; `amount` is null while an other amount is not valid. */
  'coral:amount-change': Base & {amount: number | null; frequency: Frequency; source: AmountSource};
  /** The wizard opened a step. */
  'coral:step': Base & {step: Step; index: number; steps: number};
  /** A checked gift was sent to the gateway. */
  'coral:submit': Base & {amount: number; fee: number; total: number; frequency: Frequency; method: 'card' | 'direct-debit'};
  /** The gateway approved the gift. */
  'coral:success': Base & {
    reference: string;
    amount: number;
    fee: number;
    total: number;
    frequency: Frequency;
    upgradedFrom: {amount: number; frequency: Frequency} | null;
  };
  /**
   * The gift did not go through; `guarded`: the endpoint's card-testing guard refused it (`reason`
   * `rate-limited` or `bot-check`). `charged` says whether money may have moved ("unknown" means do not retry blindly). */
  'coral:error': Base & {kind: 'declined' | 'guarded' | 'error'; reason: string; charged: 'no' | 'unknown'; retryable: boolean};
  /** The monthly upgrade ask was shown, accepted or declined. */
  'coral:upsell': Base & {action: 'shown' | 'accepted' | 'declined'; oneOff: number; monthly: number};
  /** Daisychain page 2 looked for a signer: `greeted`, or why it shows the ordinary ask. */
  'coral:handoff': Base & {status: HandoffStatus};
}

export type DonateFormEventName = keyof DonateFormEventDetails;
export type DonateFormEvent = {[N in DonateFormEventName]: {name: N; detail: DonateFormEventDetails[N]}}[DonateFormEventName];

/** Every event the component sends, in the order the docs list them. */
export const DONATE_FORM_EVENTS = [
  'coral:amount-change',
  'coral:step',
  'coral:submit',
  'coral:success',
  'coral:error',
  'coral:upsell',
  'coral:handoff',
] as const satisfies readonly DonateFormEventName[];

const toDollars = (cents: Cents) => cents / 100;

/** The DOM event for a notice, if it has one. */
export function eventFor(config: DonateFormConfig, notice: Notice, steps: readonly Step[]): DonateFormEvent | null {
  const base: Base = {campaign: config.campaign, currency: config.currency};
  switch (notice.type) {
    case 'warning':
    case 'redirect':
      return null;
    case 'begin':
      return null;
    case 'amount-change':
      return {
        name: 'coral:amount-change',
        detail: {
          ...base,
          amount: notice.amount === null ? null : toDollars(notice.amount),
          frequency: notice.frequency,
          source: notice.source,
        },
      };
    case 'step':
      return {name: 'coral:step', detail: {...base, step: notice.step, index: steps.indexOf(notice.step) + 1, steps: steps.length}};
    case 'submit':
      return {
        name: 'coral:submit',
        detail: {
          ...base,
          amount: toDollars(notice.total.amount),
          fee: toDollars(notice.total.fee),
          total: toDollars(notice.total.total),
          frequency: notice.intent.frequency,
          method: notice.intent.method,
        },
      };
    case 'success': {
      const from = notice.intent.upgrade?.accepted ? notice.intent.upgrade.from : null;
      return {
        name: 'coral:success',
        detail: {
          ...base,
          reference: notice.reference,
          amount: toDollars(notice.total.amount),
          fee: toDollars(notice.total.fee),
          total: toDollars(notice.total.total),
          frequency: notice.intent.frequency,
          upgradedFrom: from ? {amount: toDollars(from.amount), frequency: from.frequency} : null,
        },
      };
    }
    case 'error': {
      const result = notice.result;
      return {
        name: 'coral:error',
        detail:
          result.status === 'declined'
            ? {...base, kind: 'declined', reason: result.reason, charged: 'no', retryable: false}
            : result.status === 'guarded'
              ? {...base, kind: 'guarded', reason: result.reason, charged: 'no', retryable: true}
              : {
                  ...base,
                  kind: 'error',
                  reason: result.detail,
                  charged: result.outcome === 'unknown' ? 'unknown' : 'no',
                  retryable: result.retryable,
                },
      };
    }
    case 'handoff':
      return {name: 'coral:handoff', detail: {...base, status: notice.status}};
    case 'upsell':
      return {
        name: 'coral:upsell',
        detail: {...base, action: notice.action, oneOff: toDollars(notice.oneOff), monthly: toDollars(notice.monthly)},
      };
  }
}

/**
 * The dataLayer push for a notice, if analytics records it. `total` is what
 * the gift comes to as it stands (for a daily gift, every day of it, with any
 * cover fee), so begin_checkout, add_payment_info and purchase carry the same
 * kind of value.
 */
export function dataLayerFor(config: DonateFormConfig, notice: Notice, total: Cents | null, frequency: Frequency): DataLayerEntry | null {
  const item = (cents: Cents, freq: Frequency) => ({campaign: config.campaign, frequency: freq, amount: toDollars(cents)});
  switch (notice.type) {
    case 'begin':
      return total === null
        ? {event: 'begin_checkout'}
        : {event: 'begin_checkout', ecommerce: ecommerce(item(total, frequency), config.currency)};
    case 'submit':
      return {
        event: 'add_payment_info',
        ecommerce: ecommerce(item(notice.total.total, notice.intent.frequency), config.currency, {
          payment_type: notice.intent.method === 'card' ? 'Card' : 'Direct debit',
        }),
      };
    case 'success':
      return {
        event: 'purchase',
        ecommerce: ecommerce(item(notice.total.total, notice.intent.frequency), config.currency, {transaction_id: notice.reference}),
        ...(notice.intent.upgrade
          ? {upsell: {accepted: notice.intent.upgrade.accepted, from_value: toDollars(notice.intent.upgrade.from.amount)}}
          : {}),
      };
    case 'upsell':
      return {
        event: `upsell_${notice.action}`,
        currency: config.currency,
        value: toDollars(notice.action === 'declined' ? notice.oneOff : notice.monthly),
        original_value: toDollars(notice.oneOff),
        suggested_value: toDollars(notice.monthly),
      };
    default:
      return null;
  }
}
