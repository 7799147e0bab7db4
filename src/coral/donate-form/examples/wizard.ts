import type {DonateFormConfigInput} from '../schema';

/** /demos/donate-form-wizard: three short steps, monthly first. */
export const wizard = {
  campaign: 'save-the-reef',
  layout: 'wizard',
  frequencies: ['monthly', 'one-off'],
  fields: {phone: 'optional', address: 'optional'},
  urlParams: true,
} satisfies DonateFormConfigInput;
