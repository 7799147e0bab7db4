/**
 * What only the docs read: the shared options' descriptions, the option tree
 * and reference rows built from a schema, and the URL parameters' table. No
 * bundle a supporter loads imports this door.
 */
export {
  ANALYTICS,
  BOT_CHECK_SITE_KEY,
  CONTACT,
  COUNTRIES,
  CURRENCY,
  giftGatewayOptions,
  LOCALE,
  MANAGE_GIFT_URL,
  messageOptions,
  type OptionsOf,
  SHARE,
  signupGatewayOptions,
  THEME,
  upgradeRuleOptions,
} from './options';
export {componentDocs, referenceRows} from './reference';
export {type OptionNode, optionTree, portableTree} from './schemaTree';
export {URL_PARAMETERS} from './urlParamDocs';
