/** What the docs say of the donate form's events and dataLayer pushes: read by the docs build, never shipped with the component. */
import {DONATE_FORM_EVENTS, type DonateFormEventName} from './events';

const WHEN_AND_DETAIL: Record<DonateFormEventName, {when: string; detail: string}> = {
  'coral:amount-change': {
    when: 'A frequency or amount is chosen: by the supporter, an external handle, setAmount(), a URL parameter or the upgrade ask.',
    detail: 'campaign, currency, amount (dollars, or null while an other amount is not valid), frequency, source',
  },
  'coral:step': {
    when: 'The wizard opens a step.',
    detail: 'campaign, currency, step (amount, details or payment), index (from 1), steps',
  },
  'coral:submit': {
    when: 'A checked gift is sent to the gateway.',
    detail: 'campaign, currency, amount, fee, total (dollars), frequency, method (card or direct-debit)',
  },
  'coral:success': {
    when: 'The gateway approved the gift.',
    detail: 'campaign, currency, reference, amount, fee, total, frequency, upgradedFrom ({amount, frequency} or null)',
  },
  'coral:error': {
    when: 'The gift did not go through.',
    detail: 'campaign, currency, kind (declined, guarded or error), reason, charged (no or unknown), retryable',
  },
  'coral:upsell': {
    when: 'The monthly upgrade ask is shown, accepted or declined.',
    detail: 'campaign, currency, action, oneOff, monthly (dollars)',
  },
  'coral:handoff': {
    when: 'With handoff on, the form has looked for a signer handed over by a powerform.',
    detail:
      'campaign, currency, status: greeted, or why not: none, expired, corrupt or unavailable (storage blocked). Never the signer’s details.',
  },
};

/** Every event, in the order the docs list them, with when it fires and what its detail holds. */
export const DONATE_FORM_EVENT_DOCS: readonly {name: DonateFormEventName; when: string; detail: string}[] = DONATE_FORM_EVENTS.map(
  (name) => ({name, ...WHEN_AND_DETAIL[name]}),
);

/** The dataLayer pushes, as the docs list them. */
export const DONATE_FORM_DATALAYER_DOCS: readonly {event: string; when: string; fields: string}[] = [
  {
    event: 'begin_checkout',
    when: 'The supporter starts on their details (or opens the small form, or leaves the wizard’s first step).',
    fields:
      'ecommerce: currency, value, items[{item_id: campaign, item_name, item_variant: frequency, price, quantity}]. In every push value is what the gift comes to: for a daily gift all its days, with any cover fee.',
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
