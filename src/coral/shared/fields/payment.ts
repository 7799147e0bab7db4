/**
 * The sandbox's card and bank checks, and the formatting of what is typed in
 * its test fields: one file, loaded only by a form whose payment is typed
 * into those fields (see `loadPaymentChecks` and `usePaymentChecks`).
 */
export {validateAccountName, validateAccountNumber, validateBsb} from './bank';
export {cardBrand, formatCardNumber, formatExpiry, validateCardNumber, validateCvc, validateExpiry} from './card';
