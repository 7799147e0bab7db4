/**
 * The thank-you component's public events: the `coral:` DOM events a host page
 * can listen to, and the GA4-style dataLayer pushes. Amounts are in dollars,
 * like the config. Neither ever carries the supporter's name.
 */
import type {DataLayerEntry, Cents, Frequency} from '../shared/money';
import type {Notice} from './state';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import type {ThankYouConfig} from './schema';

type Base = {campaign: string; currency: string};

export type {ShareMethod, ShareOutcome};

export interface ThankYouEventDetails {
  /** The component has looked for the gift: where it found it, and what it was. */
  'coral:thank-you': Base & {source: 'handoff' | 'url' | 'none'; amount: number | null; frequency: Frequency | null};
  /** A share action was used. */
  'coral:share': Base & {method: ShareMethod; outcome: ShareOutcome};
  /** The monthly ask was shown, accepted or declined. */
  'coral:upsell': Base & {action: 'shown' | 'accepted' | 'declined'; oneOff: number; monthly: number};
}

export type ThankYouEventName = keyof ThankYouEventDetails;
export type ThankYouEvent = {[N in ThankYouEventName]: {name: N; detail: ThankYouEventDetails[N]}}[ThankYouEventName];

/** Every event the component sends, in the order the docs list them. */
export const THANK_YOU_EVENTS = ['coral:thank-you', 'coral:share', 'coral:upsell'] as const satisfies readonly ThankYouEventName[];

const toDollars = (cents: Cents) => cents / 100;

export function eventFor(config: ThankYouConfig, notice: Notice): ThankYouEvent {
  const base: Base = {campaign: config.campaign, currency: config.currency};
  switch (notice.type) {
    case 'view': {
      const {receipt} = notice;
      return {
        name: 'coral:thank-you',
        detail: {
          campaign: config.campaign,
          currency: receipt?.currency ?? config.currency,
          source: receipt?.source ?? 'none',
          amount: receipt && receipt.amount !== null ? toDollars(receipt.amount) : null,
          frequency: receipt?.frequency ?? null,
        },
      };
    }
    case 'share':
      return {name: 'coral:share', detail: {...base, method: notice.method, outcome: notice.outcome}};
    case 'upsell':
      return {
        name: 'coral:upsell',
        detail: {...base, action: notice.action, oneOff: toDollars(notice.offer.oneOff), monthly: toDollars(notice.offer.monthly)},
      };
  }
}

export function dataLayerFor(config: ThankYouConfig, notice: Notice): DataLayerEntry | null {
  switch (notice.type) {
    case 'view':
      return null;
    case 'share':
      return ['opened', 'shared', 'copied'].includes(notice.outcome)
        ? {event: 'share', method: notice.method, content_type: 'campaign', item_id: config.campaign}
        : null;
    case 'upsell': {
      const {offer, action} = notice;
      return {
        event: `upsell_${action}`,
        currency: config.currency,
        value: toDollars(action === 'declined' ? offer.oneOff : offer.monthly),
        original_value: toDollars(offer.oneOff),
        suggested_value: toDollars(offer.monthly),
        upsell_location: 'thank_you',
      };
    }
  }
}
