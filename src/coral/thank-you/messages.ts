import {GUARD_MESSAGES} from '../shared/gateways';
import {MANAGE_GIFT_MESSAGES} from '../shared/manageGift';
import {SHARE_MESSAGES} from '../shared/share';

/** Every sentence a supporter reads on the thank-you component. Override any of them with `messages` in the config. */
export const THANK_YOU_MESSAGES = {
  heading: 'Thank you, {name}!',
  headingNoName: 'Thank you!',
  body: 'Your gift is on its way to the campaign.',
  bodyNoGift: 'Your support keeps the campaign going. Thank you for standing with us.',
  receiptHeading: 'Your gift',
  receiptAmount: 'Amount',
  receiptFrequency: 'Frequency',
  receiptReference: 'Reference',
  receiptDate: 'Date',
  'frequency.one-off': 'One-off',
  'frequency.weekly': 'Weekly',
  'frequency.monthly': 'Monthly',
  'frequency.daily': 'Daily',
  ...MANAGE_GIFT_MESSAGES,
  ...SHARE_MESSAGES,
  upgradeAsk: 'Could you give {amount} every month?',
  upgradeBody: 'Regular gifts let us plan campaigns for the long haul.',
  upgradeAccept: 'Yes, give {amount} monthly',
  upgradeDecline: 'No thanks',
  upgradeDeclined: 'No problem. Thank you again for your gift.',
  upgradeFormHeading: 'Your monthly gift',
  upgradeCharging: 'Starting your monthly gift…',
  upgradeDone: 'You now give {amount} every month, on the card you just used. Reference: {reference}.',
  upgradeRefused: 'We could not use the card you kept, and nothing was charged. You can give monthly with the form below.',
  upgradeBotCheck: 'We need to check that this gift comes from a person. Nothing was charged. You can give monthly with the form below.',
  upgradeLimited:
    'We have paused gifts from your connection for now, to protect your card. Nothing was charged. Please try again in {wait}.',
  ...GUARD_MESSAGES,
  upgradeBusy: 'Your other tap is still being processed. Try again in a moment: you will not be charged twice.',
  upgradeRetry: 'Try again',
  upgradeUnconfirmed:
    "We could not confirm your monthly gift. Please don't try again yet: check your email for a receipt in the next few minutes.",
} as const;

export type ThankYouMessageKey = keyof typeof THANK_YOU_MESSAGES;
export type ThankYouMessages = Record<ThankYouMessageKey, string>;
