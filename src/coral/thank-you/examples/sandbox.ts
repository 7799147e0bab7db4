import type {ThankYouConfigInput} from '../schema';

/** The component tests' page: every default. */
export const sandbox = {campaign: 'save-the-reef'} satisfies ThankYouConfigInput;
