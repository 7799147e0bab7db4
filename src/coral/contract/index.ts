/**
 * The contract between a page and Coral's endpoint (`server/`): each route's
 * request and answers, defined once as schemas, with their types inferred.
 * The browser's gateways take their types from here (`import type`, so no
 * schema reaches a bundle) and the endpoint parses with the schemas, so a
 * field renamed here breaks both type checks. The routes' methods and paths
 * are written once too (./paths.ts, which the gateways import at run time),
 * paired with their schemas in ./routes.ts.
 *
 * What the endpoint reads of the library besides (the config parsing, amount
 * rules, field checks and wording it checks a request against) is the
 * contract's other door, ./library.ts, so the formats never depend on a
 * component.
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
  UPGRADE_IN_FLIGHT,
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
export {
  declinedAnswer,
  errorAnswer,
  GIFT_ANSWER_MS,
  GUARD_REASONS,
  publishedForm,
  rejectedAnswer,
  type GuardReason,
  type PublishedForm,
  type PublishedSend,
} from './parts';
export {
  correctRequestSchema,
  forgetRequestSchema,
  recordsRequestSchema,
  type CorrectRequest,
  type ForgetRequest,
  type RecordsRequest,
  type SupporterChanges,
} from './supporters';
export {
  FORM_COMPONENTS,
  FORM_ID,
  FORM_ID_RULE,
  FORM_PARAM,
  encodePublishedBy,
  formAnswerSchema,
  formListSchema,
  PUBLISHED_BY_MAX,
  publishAnswerSchema,
  publishRequestSchema,
  type FormAnswer,
  type FormComponent,
  type FormList,
  type PublishAnswer,
  type PublishRequest,
} from './forms';
export {
  assignVariant,
  COMPONENT_METRICS,
  componentConfig,
  DECISIONS,
  EVENT_KINDS,
  EVENTS_PATH,
  eventForm,
  eventRequestSchema,
  experimentSchema,
  planSchema,
  publishedKeyProblems,
  RESULT_METRICS,
  resultsAnswerSchema,
  VARIANT_KEYS,
  VARIANTS_MAX,
  variantConfig,
  visitorStoreSchema,
  VISITOR_ID,
  withChanges,
  type Decision,
  type EventForm,
  type EventKind,
  type EventRequest,
  type Experiment,
  type ExperimentPlan,
  type ResultMetric,
  type ResultsAnswer,
  type VariantResult,
  type VersionResult,
  type VisitorStore,
} from './experiments';
export {isMachineValue, MACHINE_VALUE, machineUtm} from './machineValue';
export {VARIANT_ID, VARIANT_ID_RULE} from './parts';
export {CAMPAIGN_PARAM, ROUTES, PAGE_PATHS, type PostedRouteName, type RouteName, type RoutePath} from './paths';
export {ROUTE_TABLE} from './routes';
