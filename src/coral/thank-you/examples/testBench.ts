import type {ThankYouConfigInput} from '../schema';

/** /demos/test1: the same config for the React component and the custom element. */
export const testBench = {
  campaign: 'save-the-reef',
  urlParams: true,
  share: {url: 'https://www.greenpeace.org.au/'},
  analytics: true,
} satisfies ThankYouConfigInput;
