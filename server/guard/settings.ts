/**
 * The card-testing guard's settings, read from the environment with the rest
 * (env.ts), each with a default a small organisation never needs to change.
 */
import {isOneOf, LIMITS, MIN_SECRET_LENGTH, SETTINGS, TURNSTILE_WHEN, type SettingVars} from '../settings';
import {parseProxyList, type AddressRange} from '../http';

export type BotCheckSettings = {
  /** Turnstile's secret key for the form's widget. */
  secret: string;
  /** `always`: every gift needs a passed check; `breaker`: only while the decline breaker is open. */
  when: 'always' | 'breaker';
};

export type GuardSettings = {
  /** Gift requests (/gifts, /checkout, /gifts/upgrade together) one client address may send per window; 0: no limit. */
  giftsPerAddress: number;
  /** Gift requests (/gifts and /checkout) one supporter email may send per window; 0: no limit. */
  giftsPerEmail: number;
  /** The rate limits' window, in seconds. */
  windowSeconds: number;
  /** Declined confirmations of a gift's first payment after which it is stopped (a PaymentIntent cancelled, a first invoice voided); 0: never. */
  declinesPerGift: number;
  /** The breaker opens when at least this share (percent) of the recent payments were declined… */
  breakerPercent: number;
  /** …and at least this many payments were tried in its window; 0 turns the breaker off. */
  breakerMinPayments: number;
  /** The breaker's window, in seconds. */
  breakerWindowSeconds: number;
  /** Proxies whose X-Forwarded-For is believed; empty: the peer's own address is the client's. */
  trustedProxies: readonly AddressRange[];
  /** Cloudflare Turnstile; null turns the bot check off. */
  botCheck: BotCheckSettings | null;
  /**
   * The key the counts' hashes of addresses and emails are made under (HMAC-SHA-256), so no one without it can
   * find whose they are by hashing likely ones. Needed wherever gifts are taken; null only where none are.
   */
  secret: string | null;
};

type LimitName = keyof typeof LIMITS;

export const DEFAULT_GUARD: GuardSettings = {
  ...(Object.fromEntries(Object.entries(LIMITS).map(([field, limit]) => [field, limit.fallback])) as Record<LimitName, number>),
  trustedProxies: [],
  botCheck: null,
  secret: null,
};

/** How to make a secret for CORAL_GUARD_SECRET, said in the line that asks for one. */
const MAKE_ONE = 'make one with `openssl rand -hex 32`';

/** What is wrong with CORAL_GUARD_SECRET, in one line that never holds the value; null when it will do. */
function guardSecretProblem(secret: string | null): string | null {
  if (secret === null)
    return `CORAL_GUARD_SECRET is not set: the card-testing guard keys its hashes of addresses and emails with it; ${MAKE_ONE}`;
  if (secret.length < MIN_SECRET_LENGTH)
    return `CORAL_GUARD_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters; ${MAKE_ONE}`;
  return null;
}

/** Turnstile's secrets are a few dozen characters with no space; anything else is a paste gone wrong. */
const TURNSTILE_SECRET = /^[\w-]{20,200}$/;

/**
 * The guard's settings from the environment, or a one-line message naming the variable that is wrong. `takesGifts`:
 * the gift routes are on, so the guard runs and its secret is required.
 */
export function readGuardEnv(vars: SettingVars, takesGifts: boolean): GuardSettings | string {
  const limits = {} as Record<LimitName, number>;
  for (const [field, {name, fallback, min, max}] of Object.entries(LIMITS) as Array<[LimitName, (typeof LIMITS)[LimitName]]>) {
    const text = vars[name]?.trim() || String(fallback);
    const value = Number(text);
    if (!/^\d{1,7}$/.test(text) || value < min || value > max) return `${name}: "${text}" is not a whole number from ${min} to ${max}`;
    limits[field] = value;
  }
  const proxies = parseProxyList(vars.CORAL_TRUSTED_PROXIES ?? '');
  if (typeof proxies === 'string') return `CORAL_TRUSTED_PROXIES: ${proxies}`;

  const secret = vars.CORAL_TURNSTILE_SECRET?.trim() || null;
  const when = vars.CORAL_TURNSTILE_WHEN?.trim() || SETTINGS.CORAL_TURNSTILE_WHEN.fallback;
  if (!isOneOf(when, TURNSTILE_WHEN)) return `CORAL_TURNSTILE_WHEN: "${when}" is not always or breaker`;
  if (secret === null && vars.CORAL_TURNSTILE_WHEN?.trim()) return 'CORAL_TURNSTILE_WHEN is set but CORAL_TURNSTILE_SECRET is not';
  // The secret itself is never written into the line.
  if (secret !== null && !TURNSTILE_SECRET.test(secret))
    return 'CORAL_TURNSTILE_SECRET does not look like a Turnstile secret key: copy it again, whole, from the Cloudflare dashboard';
  const guardSecret = vars.CORAL_GUARD_SECRET?.trim() || null;
  const secretProblem = takesGifts || guardSecret !== null ? guardSecretProblem(guardSecret) : null;
  if (secretProblem !== null) return secretProblem;
  return {...limits, trustedProxies: proxies, botCheck: secret === null ? null : {secret, when}, secret: guardSecret};
}
