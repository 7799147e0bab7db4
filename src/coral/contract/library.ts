/**
 * The endpoint's one door into the library: the config parsing, amount rules,
 * field checks and wording it checks a request against, a check's result, and
 * the consent a record names. None of it imports React.
 */
export {accept, type Check, refuse} from '../shared/basics';
export {donateFormConsentLabel, powerformConsentLabel} from './consent';
export {
  checkOtherAmount,
  giftTotal,
  keepsCardFor,
  limitsFor,
  oneTapMonthly,
  type DonateFormConfig,
  type GiftTotal,
} from '../donate-form/core';
export {parseDonateFormConfig} from '../donate-form/parse';
export {type PowerformConfig} from '../powerform/core';
export {parsePowerformConfig} from '../powerform/parse';
export {parseThankYouConfig} from '../thank-you/parse';
export {type ThankYouConfig} from '../thank-you/core';
export {type ConfigError, type ParseResult} from '../shared/config';
export {describeError, parseConfig} from '../shared/configErrors';
export {FREQUENCIES, RECURRING, formatMoney, rgUpgradeSuggestion, type AmountLimits, type Frequency} from '../shared/money';
export {fromStripeAmount, smallestUnit, stripeMinimum, stripeMinimums, toStripeAmount, ZERO_DECIMAL_CURRENCIES} from '../shared/money';
export {
  asksFor,
  checkField,
  type Country,
  COUNTRIES,
  countryName,
  FIELD_MESSAGES,
  FIELD_TABLE,
  fieldProblems,
  formCountries,
  luhn,
  SUPPORTER_FIELDS,
  UTM_PARAMS,
  type SupporterField,
  type Utm,
} from '../shared/fields/core';
export {addMobiles, countryOfMobile, EVERY_COUNTRY, mobileCountries, normaliseMobile, type Mobiles} from '../shared/fields/library';
