import type {PowerformConfigInput} from '../schema';

/** The component tests' leads form, with a source code of its own. */
export const sandboxLeads = {
  campaign: 'save-the-reef',
  sourceCode: 'LD-REEF',
  counter: {count: 12430, goal: 20000},
  gateway: {type: 'sandbox', delayMs: 5},
  variant: 'leads',
  fields: {lastName: 'hidden', phone: 'hidden'},
} satisfies PowerformConfigInput;
