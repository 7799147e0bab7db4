import type {PowerformConfigInput} from '../schema';

/** The daisychain recipe's live petition, without a counter. */
export const daisychainRecipe = {
  campaign: 'protect-the-pacific',
  sourceCode: 'DAISY-RECIPE',
  counter: {enabled: false},
  success: {type: 'daisychain', url: '/gpap-coral/demos/daisychain-page-2'},
} satisfies PowerformConfigInput;
