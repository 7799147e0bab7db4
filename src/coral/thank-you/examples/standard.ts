import type {ThankYouConfigInput} from '../schema';

/** /demos/thankyou: thanks, receipt, sharing and the monthly ask, with analytics. */
export const standard = {
  campaign: 'save-the-reef',
  urlParams: true,
  share: {url: 'https://www.greenpeace.org.au/'},
  upgrade: {sourceCode: 'TY-UPGRADE'},
  // After a weekly or monthly gift the receipt links here (an example address: nothing follows it).
  manageGiftUrl: 'https://www.example.org/manage-my-gift',
  analytics: true,
} satisfies ThankYouConfigInput;
