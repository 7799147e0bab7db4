import type {DonateFormConfigInput} from '../schema';

/** /demos/test1: the same config for the React component and the custom element. */
export const testBench = {
  campaign: 'save-the-reef',
  frequencies: ['one-off', 'monthly'],
  rgUpgrade: {enabled: true},
  coverFees: {enabled: true},
  urlParams: true,
  analytics: true,
} satisfies DonateFormConfigInput;
