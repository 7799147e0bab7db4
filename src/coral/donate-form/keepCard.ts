/** The rules for keeping a gift's card and the monthly gift it may start, which the form, the endpoint and the thank-you page follow. */
import {rgUpgradeSuggestion, type Cents, type Frequency} from '../shared/money';
import {limitsFor} from './rules';
import type {DonateFormConfig} from './schema';

/**
 * Whether a gift may keep its card for the thank-you page's one-tap monthly gift, once its supporter agrees: a
 * one-off gift (always by card: direct debit is for recurring gifts) to a campaign that offers monthly gifts. The form offers the box and sets up Stripe's Payment
 * Element by it, and the endpoint makes the PaymentIntent by it, so the two always agree.
 */
export const keepsCardFor = (config: DonateFormConfig, frequency: Frequency): boolean =>
  frequency === 'one-off' && config.frequencies.includes('monthly');

/**
 * The monthly gift a kept card may start in one tap after a one-off gift of `oneOff` cents, by the config the gift was
 * made under (its version and variant): the donate form's upgrade rule held to the monthly limits, or null when no
 * monthly gift fits. The endpoint answers the gift with it and takes the one tap for it alone, and the thank-you page
 * asks for the amount in that answer, so a page whose own config differs still asks for what the endpoint takes.
 */
export const oneTapMonthly = (config: DonateFormConfig, oneOff: Cents): Cents | null =>
  keepsCardFor(config, 'one-off') ? rgUpgradeSuggestion(oneOff, config.rgUpgrade, limitsFor(config, 'monthly')) : null;
