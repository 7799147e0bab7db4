/**
 * The sandbox's test fields: their card and bank checks, and the formatting
 * of what is typed in them. One file, loaded only by a form whose payment is
 * typed into those fields (see `loadPaymentChecks` and `usePaymentChecks`).
 */
export {checkDebit} from './bank';
export {cardBrand, checkCard, formatCardNumber, formatExpiry} from './card';
