import type {Frequency} from './frequency';

/**
 * GA4-style pushes to `window.dataLayer`, for Google Tag Manager or gtag.
 * Callers pass only amounts, currency, campaign and frequency: never a name,
 * email, phone, card or account.
 */

export type DataLayerEntry = {event: string} & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type GiftItem = {campaign: string; frequency: Frequency; amount: number};

/** The `ecommerce` block GA4 expects, for one gift of `amount` dollars. */
export const ecommerce = (item: GiftItem, currency: string, extra: Record<string, unknown> = {}) => ({
  currency,
  value: item.amount,
  ...extra,
  items: [{item_id: item.campaign, item_name: 'Donation', item_variant: item.frequency, price: item.amount, quantity: 1}],
});

export function pushDataLayer(entry: DataLayerEntry): void {
  if (typeof window === 'undefined') return;
  const layer = (window.dataLayer ??= []);
  // GA4 merges ecommerce objects across pushes unless the previous one is cleared first.
  if ('ecommerce' in entry) layer.push({ecommerce: null});
  layer.push(entry);
}
