import type {DonateFormConfigInput} from '../schema';

/** /demos/donate-form-external-dollar-handles and its recipe: amount buttons in the page copy drive the form. */
export const externalHandles = {
  campaign: 'stop-deep-sea-mining',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 30}, {amount: 75}, {amount: 150}], defaultAmount: 75},
    monthly: {handles: [{amount: 15}, {amount: 30}, {amount: 50}], defaultAmount: 30},
  },
  externalHandles: true,
} satisfies DonateFormConfigInput;
