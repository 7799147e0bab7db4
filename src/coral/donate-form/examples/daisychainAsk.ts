import type {DonateFormConfigInput} from '../schema';

/** /demos/daisychain-page-2: the donation ask a petition hands its signers to. */
export const daisychainAsk = {
  campaign: 'protect-the-pacific',
  sourceCode: 'DAISY-2',
  frequencies: ['one-off', 'monthly'],
  defaultFrequency: 'monthly',
  amounts: {
    'one-off': {handles: [{amount: 20}, {amount: 45}, {amount: 90}], defaultAmount: 45},
    monthly: {handles: [{amount: 10}, {amount: 20}, {amount: 35}], defaultAmount: 20},
  },
  handoff: true,
  thankYouUrl: '/gpap-coral/demos/thankyou',
} satisfies DonateFormConfigInput;
