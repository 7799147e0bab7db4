/**
 * Every variable the endpoint reads, with its default and what it allows: the one list that env.ts reads through
 * (a name missing here is a type error there), that start-up checks the environment's CORAL_ names against, and
 * that the docs' settings tables are tested against.
 */

/** The card-testing guard's limits (guard/settings.ts): each field's variable, default and bounds. */
export const LIMITS = {
  giftsPerAddress: {name: 'CORAL_GIFTS_PER_ADDRESS', fallback: 20, min: 0, max: 100_000},
  giftsPerEmail: {name: 'CORAL_GIFTS_PER_EMAIL', fallback: 6, min: 0, max: 100_000},
  windowSeconds: {name: 'CORAL_GIFT_WINDOW_SECONDS', fallback: 3600, min: 60, max: 86_400},
  declinesPerGift: {name: 'CORAL_DECLINES_PER_GIFT', fallback: 4, min: 0, max: 100},
  breakerPercent: {name: 'CORAL_BREAKER_DECLINE_PERCENT', fallback: 50, min: 1, max: 100},
  breakerMinPayments: {name: 'CORAL_BREAKER_MIN_PAYMENTS', fallback: 20, min: 0, max: 100_000},
  breakerWindowSeconds: {name: 'CORAL_BREAKER_WINDOW_SECONDS', fallback: 900, min: 60, max: 86_400},
} as const;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const TURNSTILE_WHEN = ['always', 'breaker'] as const;
export const PORT_RANGE = {min: 0, max: 65_535};
/** CORAL_RETENTION_DAYS: a month at least, so the CRM has every record long before its details go. */
export const RETENTION_DAYS = {min: 30, max: 36_500};
/** CORAL_OLD_VERSION_HOURS: how long a published version is still taken once a newer one is out. */
export const OLD_VERSION_HOURS_RANGE = {min: 1, max: 720};
/** A token or secret anyone could guess is no secret: at least this many characters. */
export const MIN_SECRET_LENGTH = 32;
/**
 * Characters after `whsec_`: Stripe's signing secrets carry 32 (the Dashboard's) or 64 (the CLI's), so a
 * value this short is a placeholder or a paste cut off, which would refuse every event.
 */
export const MIN_WEBHOOK_SECRET_LENGTH = 24;

/** Narrows a value read from the environment to one of a setting's words. */
export const isOneOf = <Word extends string>(value: string, words: readonly Word[]): value is Word =>
  (words as readonly string[]).includes(value);

/** What a setting holds: a whole number in a range, one of a few words, or a shape said in words. */
export type Allowed = {whole: {min: number; max: number}} | {oneOf: readonly string[]} | {says: string};

/** `required`: no start without it; `null`: unset means off (or, for a path, nothing read); otherwise the value used. */
export type Setting = {fallback: string | null | 'required'; allowed: Allowed};

const limitSettings = Object.fromEntries(
  Object.values(LIMITS).map(({name, fallback, min, max}) => [name, {fallback: String(fallback), allowed: {whole: {min, max}}}]),
) as Record<(typeof LIMITS)[keyof typeof LIMITS]['name'], Setting>;

export const SETTINGS = {
  CORAL_ALLOWED_ORIGINS: {fallback: 'required', allowed: {says: 'origins, comma-separated, no wildcard'}},
  // Required, but where CORAL_ADMIN_TOKEN is set: then the forms may all be published on the endpoint.
  CORAL_CAMPAIGNS: {fallback: null, allowed: {says: 'JSON, or a JSON file’s path'}},
  STRIPE_SECRET_KEY: {fallback: null, allowed: {says: '`sk_…` or `rk_…`'}},
  STRIPE_WEBHOOK_SECRET: {fallback: null, allowed: {says: `\`whsec_\` and ${MIN_WEBHOOK_SECRET_LENGTH} or more characters`}},
  CORAL_PUBLIC_URL: {fallback: null, allowed: {says: 'an `https://` origin'}},
  STRIPE_API_URL: {fallback: null, allowed: {says: 'an `http://` or `https://` address'}},
  DATABASE_URL: {fallback: null, allowed: {says: '`postgres://…` or `postgresql://…`'}},
  CORAL_DATA_DIR: {fallback: '.coral-data', allowed: {says: 'a folder’s path'}},
  CORAL_EXPORT_TOKEN: {fallback: null, allowed: {says: `${MIN_SECRET_LENGTH} or more characters`}},
  CORAL_PRIVACY_TOKEN: {fallback: null, allowed: {says: `${MIN_SECRET_LENGTH} or more characters`}},
  CORAL_ADMIN_TOKEN: {fallback: null, allowed: {says: `${MIN_SECRET_LENGTH} or more characters, not the export or privacy token`}},
  CORAL_OLD_VERSION_HOURS: {fallback: '24', allowed: {whole: OLD_VERSION_HOURS_RANGE}},
  CORAL_ADMIN_ORIGINS: {fallback: null, allowed: {says: 'origins, comma-separated, no wildcard'}},
  CORAL_RETENTION_DAYS: {fallback: 'keep', allowed: {says: `\`keep\`, or days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`}},
  CORAL_FORWARD_URL: {fallback: null, allowed: {says: 'an `https://` address (`http://` for localhost)'}},
  CORAL_FORWARD_SECRET: {fallback: null, allowed: {says: `${MIN_SECRET_LENGTH} or more characters`}},
  CORAL_SMTP_URL: {fallback: null, allowed: {says: '`smtps://user:password@host:465` or `smtp://…:587`'}},
  CORAL_MAIL_FROM: {fallback: null, allowed: {says: 'an address, `Name <receipts@example.org>`'}},
  CORAL_RECEIPTS: {fallback: null, allowed: {says: 'JSON, or a JSON file’s path'}},
  CORAL_LOG_LEVEL: {fallback: 'info', allowed: {oneOf: LOG_LEVELS}},
  PORT: {fallback: '8787', allowed: {whole: PORT_RANGE}},
  CORAL_BASE_PATH: {fallback: null, allowed: {says: 'a path like `/api/coral`, no trailing slash'}},
  CORAL_TRUSTED_PROXIES: {fallback: null, allowed: {says: 'addresses or CIDR ranges, comma-separated'}},
  CORAL_GUARD_SECRET: {fallback: null, allowed: {says: `${MIN_SECRET_LENGTH} or more characters`}},
  CORAL_TURNSTILE_SECRET: {fallback: null, allowed: {says: '20 to 200 letters, digits, `-` or `_`'}},
  CORAL_TURNSTILE_WHEN: {fallback: 'always', allowed: {oneOf: TURNSTILE_WHEN}},
  ...limitSettings,
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** The environment as the endpoint reads it: only the names in SETTINGS can be read from it. */
export type SettingVars = Readonly<Partial<Record<SettingName, string>>>;

/** The docs' Default cell for a setting. */
export function describeDefault({fallback}: Setting): string {
  if (fallback === 'required') return 'required';
  return fallback === null ? 'none' : `\`${fallback}\``;
}

/** The docs' Allowed cell for a setting. */
export function describeAllowed({allowed}: Setting): string {
  if ('whole' in allowed) return `${allowed.whole.min}–${allowed.whole.max}`;
  if ('oneOf' in allowed) return allowed.oneOf.map((word) => `\`${word}\``).join(', ');
  return allowed.says;
}

/** How many one-letter changes (insert, delete, replace) turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * One line per CORAL_ variable in the environment that is no setting, naming the nearest one: a misspelt limit
 * would otherwise leave its default in force without a word.
 */
export function unknownSettings(vars: Readonly<Record<string, string | undefined>>): string[] {
  const known = Object.keys(SETTINGS);
  return Object.keys(vars)
    .filter((name) => name.startsWith('CORAL_') && !known.includes(name))
    .sort()
    .map((name) => {
      const nearest = known.reduce((best, candidate) => (editDistance(name, candidate) < editDistance(name, best) ? candidate : best));
      return `${name} is not a setting Coral knows; did you mean ${nearest}?`;
    });
}
