import type {PowerformConfigInput} from '../schema';

/** The powerform page's live form. */
export const docs = {
  campaign: 'ban-deep-sea-mining',
  sourceCode: 'DOCS',
  counter: {count: 48317, goal: 75000},
} satisfies PowerformConfigInput;
