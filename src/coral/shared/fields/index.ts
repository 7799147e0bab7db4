/**
 * The supporter fields: one row each, their checks and what the checks say,
 * URL prefill, the Luhn checksum, and what loads on demand: the mobile check,
 * the email's "did you mean …?", and the sandbox's card and bank checks.
 */
export * from './core';
export {type PaymentChecks, type PaymentChecksLoad, usePaymentChecks} from './usePaymentChecks';
export {useEmailSuggester} from './useEmailSuggester';
export {type FieldUse, type MobileCheck, useMobileCheck} from './useMobileCheck';

/** The mobile check's code and metadata, which a form fetches when a phone field is first used. */
export const loadMobileChecks = () => import('./phone');

/** The "did you mean …?" suggestion for an email's domain, which a form fetches once an email is typed. */
export const loadEmailSuggestion = () => import('./emailSuggestion');

/** The sandbox's card and bank checks, which only a form with the sandbox's test fields fetches, as it first renders. */
export const loadPaymentChecks = () => import('./payment');
