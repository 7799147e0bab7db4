/** Where a gift or a signature goes: the gateway contract, the gateway a config names, the sandbox, the guard's words, the bot check. */
export {type GatewayConfig, gatewayFor} from './choose';
export {
  type ChargeResult,
  type DeclineCode,
  ENTRY_BY_GATEWAY,
  type FieldsLook,
  type FieldsSetup,
  type FieldsStatus,
  type Gateway,
  type GiftIntent,
  type Method,
  type MountedFields,
  newIdempotencyKey,
  type PaymentEntry,
  type PaymentFields,
  type Signup,
  type SignupGateway,
  type SignupResult,
  type TestPayment,
  type OneTap,
  type UpgradeAsk,
} from './gateway';
export {GUARD_MESSAGES, retryWait} from './guard';
export type {HttpRoute} from './http';
export type {StripeRoute} from './stripe/gateway';
export {SANDBOX_CARDS, SANDBOX_SIGNUP_EMAILS} from './sandboxCards';
export type {TurnstileApi, TurnstileParams, TurnstileReport} from './turnstile';

/** The bot check's code, fetched only by a form whose config has a site key. */
export const loadBotCheck = () => import('./turnstile');

/** The sandbox gateway's code, which a form fetches when it first sends: tests load it to hand a form a sandbox of their own. */
export const loadSandbox = () => import('./sandbox');
