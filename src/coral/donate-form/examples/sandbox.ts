import type {DonateFormConfigInput} from '../schema';

/** The component tests' form: every default, paying into a sandbox that answers in 5 ms. */
export const sandbox = {campaign: 'save-the-reef', gateway: {type: 'sandbox', delayMs: 5}} satisfies DonateFormConfigInput;
