import type {DonateFormConfigInput} from '../schema';

/** /demos/donate-form-weekly and the weekly recipe: weekly first, labelled handles, direct debit. */
export const weekly = {
  campaign: 'plastic-free-pacific',
  frequencies: ['weekly', 'monthly', 'one-off'],
  defaultFrequency: 'weekly',
  amounts: {
    weekly: {
      handles: [
        {amount: 4, label: '$4 a week'},
        {amount: 8, label: '$8 a week'},
        {amount: 15, label: '$15 a week'},
      ],
      defaultAmount: 8,
      min: 2,
      max: 500,
    },
  },
  directDebit: true,
} satisfies DonateFormConfigInput;
