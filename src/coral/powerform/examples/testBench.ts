import type {PowerformConfigInput} from '../schema';

/** /demos/test1: the same config for the React component and the custom element. */
export const testBench = {
  campaign: 'ban-deep-sea-mining',
  counter: {count: 48_317, goal: 75_000},
  question: {type: 'text', id: 'why', label: 'Why does the deep sea matter to you?'},
  analytics: true,
} satisfies PowerformConfigInput;
