/**
 * The endpoint's one door into the library: the config parsing, amount rules,
 * field checks and wording it checks a request against, and the consent a
 * record names. None of it imports React.
 */
export {donateFormConsentLabel, powerformConsentLabel} from './consent';
export {giftTotal, limitsFor, parseDonateFormConfig, type DonateFormConfig, type GiftTotal} from '../donate-form/core';
export {parsePowerformConfig, type PowerformConfig} from '../powerform/core';
export {describeError, parseConfig, type ConfigError, type ParseResult} from '../shared/config';
export {FREQUENCIES, RECURRING, formatMoney, rgUpgradeSuggestion, type AmountLimits, type Frequency} from '../shared/money';
export {checkField, FIELD_MESSAGES, luhn, UTM_PARAMS, type SupporterField, type Utm} from '../shared/fields';
