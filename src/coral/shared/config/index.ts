/** Checking a component's config (its explanation, when wrong, is ../configErrors), and the schema pieces every component shares. */
export {type CheckResult, checkConfig, type ConfigError, type ConfigFailure, counted, type ParseResult, pathOf} from './config';
export {
  campaignId,
  type Contact,
  countries,
  fieldMode,
  giftOptions,
  locale,
  messageOverrides,
  safeUrl,
  signupGatewayConfig,
  text,
  theme,
} from './schemaParts';
export {currency, DEFAULT_AMOUNTS, dollarsAmount, rgUpgradeRule} from './gifts';
