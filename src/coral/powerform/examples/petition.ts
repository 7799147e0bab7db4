import type {PowerformConfigInput} from '../schema';

/** /demos/powerform: a petition with every field, one extra question and the counter. */
export const petition = {
  campaign: 'ban-deep-sea-mining',
  sourceCode: 'PETITION-DSM',
  locale: 'en-AU',
  fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
  question: {
    type: 'choice',
    id: 'coastline',
    label: 'Which coastline matters most to you?',
    options: ['Great Barrier Reef', 'Torres Strait', 'Coral Sea islands', 'Somewhere else'],
  },
  counter: {enabled: true, count: 48_317, goal: 75_000},
  urlParams: true,
  analytics: true,
} satisfies PowerformConfigInput;
