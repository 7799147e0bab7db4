import type {PowerformConfigInput} from '../schema';

/** /demos/daisychain-page-1: a petition that hands its signers to a donation ask. */
export const daisychainPetition = {
  campaign: 'protect-the-pacific',
  sourceCode: 'DAISY-1',
  fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
  counter: {enabled: true, count: 12_480, goal: 20_000},
  success: {type: 'daisychain', url: '/gpap-coral/demos/daisychain-page-2'},
} satisfies PowerformConfigInput;
