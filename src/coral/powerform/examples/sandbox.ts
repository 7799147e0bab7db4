import type {PowerformConfigInput} from '../schema';

/** The component tests' petition: a source code, a counter, and a sandbox that answers in 5 ms. */
export const sandbox = {
  campaign: 'save-the-reef',
  sourceCode: 'PF-REEF',
  counter: {count: 12430, goal: 20000},
  gateway: {type: 'sandbox', delayMs: 5},
} satisfies PowerformConfigInput;
