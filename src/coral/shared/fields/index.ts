/** The supporter fields: one row each, their checks and what the checks say, URL prefill, the card and bank checks, the mobile check. */
export {validateAccountName, validateAccountNumber, validateBsb} from './bank';
export {cardBrand, formatCardNumber, formatExpiry, luhn, validateCardNumber, validateCvc, validateExpiry} from './card';
export {suggestEmail, validateEmail} from './email';
export {
  checkField,
  FIELD_MESSAGES,
  FIELD_TABLE,
  type FieldChecks,
  fieldProblems,
  inputOf,
  SUPPORTER_FIELDS,
  type SupporterField,
} from './fields';
export {
  paramReader,
  type ParsedParams,
  parseUrlParams,
  type Prefill,
  PREFILLED_FIELDS,
  type PrefilledField,
  type Utm,
  UTM_PARAMS,
} from './urlParams';
export {type FieldUse, type MobileCheck, useMobileCheck} from './useMobileCheck';

/** The mobile check's code and metadata, which a form fetches when a phone field is first used. */
export const loadMobileChecks = () => import('./phone');
