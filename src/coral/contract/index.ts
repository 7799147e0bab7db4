/**
 * The contract between a page and Coral's endpoint (`server/`): each route's
 * request and answers, defined once as schemas, with their types inferred.
 * The browser's gateways take their types from here (`import type`, so no
 * schema reaches a bundle) and the endpoint parses with the schemas, so a
 * field renamed here breaks both type checks.
 *
 * It is also the endpoint's one door into the library: the config parsing,
 * amount rules, field checks and wording it checks a request against. None of
 * it imports React.
 */
export {
  approvedUpgradeAnswer,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  GIFT_KINDS,
  giftAnswerSchema,
  giftRequestSchema,
  METHODS,
  pendingGiftAnswer,
  redirectAnswer,
  upgradeAnswerSchema,
  upgradeRequestSchema,
  type CheckoutAnswer,
  type CheckoutRequest,
  type GiftAnswer,
  type GiftKind,
  type GiftRequest,
  type Method,
  type UpgradeAnswer,
  type UpgradeRequest,
} from './gifts';
export {
  acceptedAnswer,
  ANSWER_MAX,
  campaignCountSchema,
  SIGNATURE_VARIANTS,
  signatureAnswerSchema,
  signatureRequestSchema,
  type CampaignCount,
  type SignatureAnswer,
  type SignatureRequest,
  type SignatureVariant,
} from './signatures';
export {declinedAnswer, errorAnswer, GIFT_ANSWER_MS, GUARD_REASONS, rejectedAnswer, type GuardReason} from './parts';
export {donateFormConsentLabel, powerformConsentLabel} from './consent';

// The library, as the endpoint checks a request against a campaign's own config.
export {giftTotal, limitsFor, type GiftTotal} from '../donate-form/core';
export {parseDonateFormConfig, type DonateFormConfig} from '../donate-form/core';
export {parsePowerformConfig, type PowerformConfig} from '../powerform/core';
export {describeError, parseConfig, type ConfigError, type ParseResult} from '../shared/config';
export {checkField, FIELD_MESSAGES, type SupporterField} from '../shared/fields';
export {FREQUENCIES, RECURRING, type Frequency} from '../shared/money';
export {formatMoney} from '../shared/money';
export {rgUpgradeSuggestion, type AmountLimits} from '../shared/money';
export {luhn} from '../shared/fields';
export {UTM_PARAMS, type Utm} from '../shared/fields';
