/**
 * The fields room without React: the field table, its checks and their words, the Luhn checksum and URL prefill.
 * What the contract and the endpoint read; the forms take all of it, and the hooks besides, from ./index.ts.
 */
export {type Country, COUNTRIES, countryName, countryOf, formCountries, postcodeOf} from './country';
export {validateEmail} from './email';
export {
  asksFor,
  checkField,
  FIELD_MESSAGES,
  FIELD_TABLE,
  type FieldChecks,
  fieldProblems,
  inputOf,
  SUPPORTER_FIELDS,
  type SupporterField,
} from './fields';
export {luhn} from './luhn';
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
