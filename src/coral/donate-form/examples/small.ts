import type {DonateFormConfigInput} from '../schema';

/** /demos/basic-small: the handles and one button, the rest opening when pressed. */
export const small = {
  campaign: 'pacific-climate',
  size: 'small',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 25}, {amount: 50}, {amount: 100}], defaultAmount: 50},
    monthly: {handles: [{amount: 10}, {amount: 20}, {amount: 35}], defaultAmount: 20},
  },
} satisfies DonateFormConfigInput;
