/**
 * The card-testing guard: limits by address and email, the bot check, the breaker after declines, and the events' limits.
 */
export {
  createGuard,
  emailBucket,
  EVENTS_PER_ADDRESS,
  EVENTS_PER_VARIANT_PER_ADDRESS,
  EVENTS_PER_VARIANT_PER_MINUTE,
  EVENTS_PER_VISITOR,
  type Guard,
  keyedHash,
  type RequestContext,
} from './guard';
export {DEFAULT_GUARD, type GuardSettings, readGuardEnv} from './settings';
