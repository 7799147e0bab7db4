/** The one rule for keeping a gift's card, which the form and the endpoint both follow. */
import type {Frequency} from '../shared/money';
import type {DonateFormConfig} from './schema';

/**
 * Whether a gift may keep its card for the thank-you page's one-tap monthly gift, once its supporter agrees: a
 * one-off gift (always by card: direct debit is for recurring gifts) to a campaign that offers monthly gifts. The form offers the box and sets up Stripe's Payment
 * Element by it, and the endpoint makes the PaymentIntent by it, so the two always agree.
 */
export const keepsCardFor = (config: DonateFormConfig, frequency: Frequency): boolean =>
  frequency === 'one-off' && config.frequencies.includes('monthly');
