import type {DonateFormConfigInput} from '../schema';

/** /demos/donate-form-marlin-features: every feature at once. */
export const marlin = {
  campaign: 'marlin-appeal',
  sourceCode: 'MARLIN-WEB',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {
      handles: [
        {amount: 50, impact: 'Tags a marlin so scientists can track its migration.'},
        {amount: 100, impact: 'Funds a day of observers on a longline fishing boat.'},
        {amount: 250, impact: 'Pays for a week of satellite tracking data.'},
      ],
      defaultAmount: 100,
      impactTemplate: '{amount} funds {count} hours of satellite tracking.',
      impactUnit: 5,
    },
    monthly: {
      handles: [{amount: 20}, {amount: 35}, {amount: 50}],
      defaultAmount: 35,
      impactTemplate: '{amount} a month keeps {count} tags reporting.',
      impactUnit: 10,
    },
  },
  fields: {phone: 'optional'},
  directDebit: true,
  // An example address: the demo shows the link, and no test follows it.
  manageGiftUrl: 'https://www.example.org/manage-my-gift',
  coverFees: {enabled: true, percent: 3},
  rgUpgrade: {enabled: true, divisor: 3, roundTo: 5},
  urlParams: true,
  analytics: true,
} satisfies DonateFormConfigInput;
