import type {PowerformConfigInput} from '../schema';

/** The Pacific petition recipe's live form: five countries, a mobile and a postcode where the country has one. */
export const pacificRecipe = {
  campaign: 'pacific-climate-justice',
  sourceCode: 'PACIFIC-RECIPE',
  countries: ['AU', 'NZ', 'FJ', 'PG', 'SB'],
  fields: {phone: 'optional', postcode: 'required'},
  counter: {enabled: false},
} satisfies PowerformConfigInput;
