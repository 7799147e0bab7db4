/** Reading a component's config: parse results whose errors name the key, and the schema pieces every component shares. */
export {type ConfigError, counted, describeError, parseConfig, type ParseResult, pathOf} from './config';
export {
  campaignId,
  type Contact,
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
