/** What the docs say of the thank you's events and dataLayer pushes: read by the docs build, never shipped with the component. */
import {THANK_YOU_EVENTS, type ThankYouEventName} from './events';

const WHEN_AND_DETAIL: Record<ThankYouEventName, {when: string; detail: string}> = {
  'coral:thank-you': {
    when: 'Once, after the component has looked for the gift in the hand-off and (with urlParams on) the URL.',
    detail: 'campaign, currency, source (handoff, url or none), amount (dollars or null), frequency (or null). Never the first name.',
  },
  'coral:share': {
    when: 'A share action is used.',
    detail:
      'campaign, currency, method (native, email, whatsapp, facebook, x or copy), outcome (opened, shared, cancelled, copied or failed)',
  },
  'coral:upsell': {
    when: 'The monthly ask is shown, accepted or declined.',
    detail: 'campaign, currency, action, oneOff, monthly (dollars)',
  },
};

/** Every event, in the order the docs list them, with when it fires and what its detail holds. */
export const THANK_YOU_EVENT_DOCS: readonly {name: ThankYouEventName; when: string; detail: string}[] = THANK_YOU_EVENTS.map((name) => ({
  name,
  ...WHEN_AND_DETAIL[name],
}));

export const THANK_YOU_DATALAYER_DOCS: readonly {event: string; when: string; fields: string}[] = [
  {
    event: 'share',
    when: 'A share link is followed, the share sheet reports a share, or the link is copied.',
    fields: 'method, content_type ("campaign"), item_id (the campaign)',
  },
  {
    event: 'upsell_shown',
    when: 'The monthly ask appears.',
    fields: 'currency, value, original_value, suggested_value, upsell_location ("thank_you")',
  },
  {event: 'upsell_accepted', when: 'The supporter opens the monthly form.', fields: 'as upsell_shown, value being the monthly gift'},
  {event: 'upsell_declined', when: 'The supporter says no thanks.', fields: 'as upsell_shown, value being the one-off gift'},
  {
    event: 'begin_checkout, add_payment_info, purchase',
    when: 'From the monthly form, as the donate form pushes them. The thank-you itself never pushes a purchase: the donate form did.',
    fields: 'see the donate form',
  },
];
