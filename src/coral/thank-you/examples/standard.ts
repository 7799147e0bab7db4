import type {ThankYouConfigInput} from '../schema';

/** /demos/thankyou: thanks, receipt, sharing and the monthly ask, with analytics. */
export const standard = {
  campaign: 'save-the-reef',
  urlParams: true,
  share: {url: 'https://www.greenpeace.org.au/'},
  upgrade: {sourceCode: 'TY-UPGRADE'},
  analytics: true,
} satisfies ThankYouConfigInput;
