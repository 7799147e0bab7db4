import type {ThankYouConfigInput} from '../schema';

/** The thank-you page's and the React set-up's live example: the gift read from the page's address. */
export const urlParams = {campaign: 'save-the-reef', urlParams: true} satisfies ThankYouConfigInput;
