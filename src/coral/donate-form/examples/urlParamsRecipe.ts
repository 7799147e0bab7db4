import type {DonateFormConfigInput} from '../schema';

/** The URL parameters recipe's live form: prefilled from the page's address. */
export const urlParamsRecipe = {
  campaign: 'reef-rescue',
  frequencies: ['one-off', 'monthly'],
  urlParams: true,
} satisfies DonateFormConfigInput;
