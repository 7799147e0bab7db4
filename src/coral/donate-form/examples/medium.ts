import type {DonateFormConfigInput} from '../schema';

/** /demos/donate-form-medium: the standard embedded form, with URL parameters on. */
export const medium = {
  campaign: 'save-the-reef',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], defaultAmount: 60},
    monthly: {handles: [{amount: 15}, {amount: 25}, {amount: 40}], defaultAmount: 25},
  },
  fields: {phone: 'optional'},
  urlParams: true,
} satisfies DonateFormConfigInput;
