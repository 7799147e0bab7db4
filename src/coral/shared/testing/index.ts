/** Test helpers and the suite every component runs: for tests only. */
export {describeComponent, expectNoAxeViolations, type User} from './componentSuite';
export {commonOptions, commonRefusals, describeConfigProperties, giftOptions, giftRefusals} from './configProperties';
export {
  badDollars,
  compact,
  dollars,
  fieldMode,
  hostileKey,
  optional,
  refusedAt,
  type RefusedValue,
  safeUrl,
  text,
  tooLong,
  unsafeUrl,
} from './configs';
export {intent, signup, testCard} from './gateway';
export {gift, signer} from './handoffs';
export {hostileMessages, hostileString, INVISIBLE, MARKUP, PROPERTY_TIMEOUT_MS, SCRIPT_PAYLOADS, XSS_FLAG, XSS_PAYLOADS} from '../hostile';
export {listenLocally, type LocalServer} from './localServer';
export {MemoryStorage} from './memoryStorage';
export {BUNDLE_ENTRIES, modulesLoaded} from './moduleReach';
export {expectSafePrefill, expectWarningsFor} from './prefill';
export {ENDPOINT, published, stubPublishedForms} from './publishedForms';
export {stripeJsStandIn, type StripeJsStandIn} from './stripeJs';
export {turnstileStandIn} from './turnstile';
export {dropSendBeacon, recordBeacons, stubViewport, visitorShown, type Beacon} from './visits';
