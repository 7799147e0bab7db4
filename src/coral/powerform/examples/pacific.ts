import type {PowerformConfigInput} from '../schema';

/** /demos/powerform-pacific: a petition signed across the Pacific, each signer's fields following the country they choose. */
export const pacific = {
  campaign: 'pacific-climate-justice',
  sourceCode: 'PETITION-PACIFIC',
  locale: 'en-AU',
  countries: ['AU', 'NZ', 'FJ', 'PG', 'SB'],
  fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
  question: {
    type: 'choice',
    id: 'climate_impact',
    label: 'What is climate change already changing where you live?',
    options: ['Rising seas', 'Stronger cyclones', 'Reefs and fishing', 'Drought and food', 'Something else'],
  },
  counter: {enabled: true, count: 23_904, goal: 50_000},
  gateway: {type: 'sandbox'},
  urlParams: true,
  analytics: true,
  messages: {
    heading: 'Stand with the Pacific',
    intro: 'Add your name to call on the governments of Australia and New Zealand to pay their share for loss and damage in the Pacific.',
  },
} satisfies PowerformConfigInput;
