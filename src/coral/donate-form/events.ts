/**
 * The donate form's public events: the `coral:` DOM events a host page can
 * listen to, and the GA4-style dataLayer pushes. Amounts here are in dollars,
 * like the config. Neither carries personal data.
 */
import {ecommerce, type DataLayerEntry} from '../shared/analytics';
import type {Cents} from '../shared/money';
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
  /** The gift did not go through; `charged` says whether money may have moved ("unknown" means do not retry blindly). */
  'coral:error': Base & {kind: 'declined' | 'error'; reason: string; charged: 'no' | 'unknown'; retryable: boolean};
  /** The monthly upgrade ask was shown, accepted or declined. */
  'coral:upsell': Base & {action: 'shown' | 'accepted' | 'declined'; oneOff: number; monthly: number};
  /** Daisychain page 2 looked for a signer: `greeted`, or why it shows the ordinary ask. */
  'coral:handoff': Base & {status: HandoffStatus};
}

export type DonateFormEventName = keyof DonateFormEventDetails;
export type DonateFormEvent = {[N in DonateFormEventName]: {name: N; detail: DonateFormEventDetails[N]}}[DonateFormEventName];

/** Every event, in the order the docs list them, with when it fires and what its detail holds. */
export const DONATE_FORM_EVENT_DOCS: readonly {name: DonateFormEventName; when: string; detail: string}[] = [
  {
    name: 'coral:amount-change',
    when: 'A frequency or amount is chosen: by the supporter, an external handle, setAmount(), a URL parameter or the upgrade ask.',
    detail: 'campaign, currency, amount (dollars, or null while an other amount is not valid), frequency, source',
  },
  {
    name: 'coral:step',
    when: 'The wizard opens a step.',
    detail: 'campaign, currency, step (amount, details or payment), index (from 1), steps',
  },
  {
    name: 'coral:submit',
    when: 'A checked gift is sent to the gateway.',
    detail: 'campaign, currency, amount, fee, total (dollars), frequency, method (card or direct-debit)',
  },
  {
    name: 'coral:success',
    when: 'The gateway approved the gift.',
    detail: 'campaign, currency, reference, amount, fee, total, frequency, upgradedFrom ({amount, frequency} or null)',
  },
  {
    name: 'coral:error',
    when: 'The gift did not go through.',
    detail: 'campaign, currency, kind (declined or error), reason, charged (no or unknown), retryable',
  },
  {
    name: 'coral:upsell',
    when: 'The monthly upgrade ask is shown, accepted or declined.',
    detail: 'campaign, currency, action, oneOff, monthly (dollars)',
  },
  {
    name: 'coral:handoff',
    when: 'With handoff on, the form has looked for a signer handed over by a powerform.',
    detail:
      'campaign, currency, status: greeted, or why not: none, expired, corrupt or unavailable (storage blocked). Never the signer’s details.',
  },
];

export const DONATE_FORM_EVENTS: readonly DonateFormEventName[] = DONATE_FORM_EVENT_DOCS.map((e) => e.name);

/** The dataLayer pushes, as the docs list them. */
export const DONATE_FORM_DATALAYER_DOCS: readonly {event: string; when: string; fields: string}[] = [
  {
    event: 'begin_checkout',
    when: 'The supporter starts on their details (or opens the small form, or leaves the wizard’s first step).',
    fields: 'ecommerce: currency, value, items[{item_id: campaign, item_name, item_variant: frequency, price, quantity}]',
  },
  {
    event: 'add_payment_info',
    when: 'A checked gift is sent to the gateway.',
    fields: 'ecommerce as above, plus payment_type (Card or Direct debit)',
  },
  {
    event: 'purchase',
    when: 'The gateway approved the gift.',
    fields: 'ecommerce as above, plus transaction_id; upsell {accepted, from_value} after an upgrade ask',
  },
  {event: 'upsell_shown', when: 'The monthly upgrade ask appears.', fields: 'currency, value, original_value, suggested_value'},
  {
    event: 'upsell_accepted',
    when: 'The supporter switches to monthly.',
    fields: 'currency, value (the monthly gift), original_value, suggested_value',
  },
  {
    event: 'upsell_declined',
    when: 'The supporter keeps the one-off gift.',
    fields: 'currency, value (the one-off gift), original_value, suggested_value',
  },
];

const toDollars = (cents: Cents) => cents / 100;

/** The DOM event for a notice, if it has one. */
export function eventFor(config: DonateFormConfig, notice: Notice, steps: readonly Step[]): DonateFormEvent | null {
  const base: Base = {campaign: config.campaign, currency: config.currency};
  switch (notice.type) {
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
          method: notice.intent.payment.method,
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

/** The dataLayer push for a notice, if analytics records it. */
export function dataLayerFor(config: DonateFormConfig, notice: Notice, amount: Cents | null, frequency: Frequency): DataLayerEntry | null {
  const item = (cents: Cents, freq: Frequency) => ({campaign: config.campaign, frequency: freq, amount: toDollars(cents)});
  switch (notice.type) {
    case 'begin':
      return amount === null
        ? {event: 'begin_checkout'}
        : {event: 'begin_checkout', ecommerce: ecommerce(item(amount, frequency), config.currency)};
    case 'submit':
      return {
        event: 'add_payment_info',
        ecommerce: ecommerce(item(notice.total.total, notice.intent.frequency), config.currency, {
          payment_type: notice.intent.payment.method === 'card' ? 'Card' : 'Direct debit',
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
