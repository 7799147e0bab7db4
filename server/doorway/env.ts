/**
 * The endpoint's settings, read from the environment only: secrets never come
 * from a file in the repository. Each host's entry (node.ts, worker.ts) reads
 * its environment through here, so a missing or wrong variable is named the
 * same way everywhere, in one line.
 */
import type Stripe from 'stripe';
import {
  parseCampaignsFile,
  type Campaigns,
  isOneOf,
  LOG_LEVELS,
  MIN_SECRET_LENGTH,
  MIN_WEBHOOK_SECRET_LENGTH,
  OLD_VERSION_HOURS_RANGE,
  PORT_RANGE,
  RETENTION_DAYS,
  SETTINGS,
  type SettingVars,
} from '../settings';
import {HOUR_MS, type VersionRules} from '../forms';
import {readGuardEnv, type GuardSettings} from '../guard';
import {readRelay, type RelaySettings} from '../mail';
import {parseReceiptRules, type ReceiptRules} from '../receipts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Where the Stripe SDK sends its calls: Stripe itself unless STRIPE_API_URL points at a local stand-in. */
  api: Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;
};

export type EndpointEnv = {
  /** Null when the campaigns list no donate form: the endpoint then takes signatures only. */
  stripe: StripeSettings | null;
  allowedOrigins: string[];
  /** Origins of the admin pages that may publish forms from a browser (CORAL_ADMIN_ORIGINS); empty, none may. */
  adminOrigins: string[];
  campaigns: Campaigns;
  /** How long a published version is still taken after a newer one, and the campaigns CORAL_CAMPAIGNS lists (null: unset). */
  versions: VersionRules;
  basePath: string;
  /** A Postgres server's address; null keeps the records in the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** The bearer token GET /export asks for; null turns export off. */
  exportToken: string | null;
  /** The bearer token the /supporters/ routes ask for; null turns them off. */
  privacyToken: string | null;
  /** The bearer token that publishes and lists forms (PUT /forms/<id>, GET /forms); null turns those routes off. */
  adminToken: string | null;
  /** Days after which a record is de-identified (CORAL_RETENTION_DAYS); null keeps records whatever their age. */
  retentionDays: number | null;
  /** Where every new record is forwarded, signed with the secret; null when forwarding is off. */
  forward: {url: string; secret: string} | null;
  /**
   * The relay receipts and statements leave through, and what they say; null when mail is off (CORAL_SMTP_URL unset).
   * `pageUrl` is the supporter's page (CORAL_PUBLIC_URL, the base path, /me), which receipts link to; null without
   * CORAL_PUBLIC_URL, and the page is off.
   */
  mail: {relay: RelaySettings; rules: ReceiptRules; pageUrl: string | null} | null;
  logLevel: string;
  port: number;
  /** The card-testing guard: rate limits, trusted proxies, the decline breaker and the bot check. */
  guard: GuardSettings;
};

type Tokens = Pick<EndpointEnv, 'exportToken' | 'privacyToken' | 'adminToken'>;

/** The staff routes' tokens, each long enough that no one guesses it; the admin token, which changes what pages show, is its own. */
function readTokens(vars: SettingVars): Tokens | string {
  const tokens = {
    exportToken: vars.CORAL_EXPORT_TOKEN?.trim() || null,
    privacyToken: vars.CORAL_PRIVACY_TOKEN?.trim() || null,
    adminToken: vars.CORAL_ADMIN_TOKEN?.trim() || null,
  };
  for (const [name, token] of [
    ['CORAL_EXPORT_TOKEN', tokens.exportToken],
    ['CORAL_PRIVACY_TOKEN', tokens.privacyToken],
  ] as const) {
    if (token !== null && token.length < MIN_SECRET_LENGTH)
      return `${name} is too short to keep supporters' details safe: use at least ${MIN_SECRET_LENGTH} random characters`;
  }
  const admin = tokens.adminToken;
  if (admin === null) return tokens;
  if (admin.length < MIN_SECRET_LENGTH)
    return `CORAL_ADMIN_TOKEN is too short to keep your forms safe: use at least ${MIN_SECRET_LENGTH} random characters`;
  if (admin === tokens.exportToken || admin === tokens.privacyToken)
    return `CORAL_ADMIN_TOKEN is the same as ${admin === tokens.exportToken ? 'CORAL_EXPORT_TOKEN' : 'CORAL_PRIVACY_TOKEN'}: give each its own random value, so whoever reads the records cannot change the forms`;
  return tokens;
}

export type EnvResult = {ok: true; env: EndpointEnv} | {ok: false; message: string};

const fail = (message: string): EnvResult => ({ok: false, message: `coral endpoint: ${message}`});

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** One or more path segments: letters, digits, `-`, `_`, `.` and `~`, each after a single slash. */
const BASE_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

type OriginsName = 'CORAL_ALLOWED_ORIGINS' | 'CORAL_ADMIN_ORIGINS';

/** What is wrong with one entry of a list of origins, naming it; null when a browser could send it as its Origin. */
function originProblem(setting: OriginsName, origin: string): string | null {
  const named = `${setting}: "${origin}"`;
  if (origin.includes('*')) return `${named} is a wildcard, which is never an origin: list each origin`;
  const url = URL.canParse(origin) ? new URL(origin) : null;
  if (url !== null && url.protocol !== 'http:' && url.protocol !== 'https:') return `${named} is not an http:// or https:// origin`;
  // An origin is scheme, host and port only; the URL parser adds the path "/" itself, so the text is read for one.
  if (url === null || !/^https?:\/\/[^/?#\s]+$/.test(origin)) {
    return `${named} is not an origin like https://www.example.org (no path, no trailing slash)`;
  }
  // Browsers send an Origin as the URL parser writes it: lower case, without the scheme's default port.
  if (url.origin === origin) return null;
  // A port written out that the parser dropped is the scheme's default.
  return url.port === '' && /:\d+$/.test(origin)
    ? `${named} names the default port, which browsers never send: write ${url.origin}`
    : `${named} is not written as a browser sends it: write ${url.origin}`;
}

/** A comma-separated list of origins, each as a browser sends it, or what is wrong with one. */
function readOrigins(vars: SettingVars, setting: OriginsName): string[] | string {
  const origins = (vars[setting] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    const problem = originProblem(setting, origin);
    if (problem !== null) return problem;
  }
  return origins;
}

/** What is wrong with CORAL_BASE_PATH, or null: a path the handler's routes are under, e.g. /api/coral. */
function basePathProblem(basePath: string): string | null {
  const named = `CORAL_BASE_PATH: "${basePath}"`;
  if (!basePath.startsWith('/')) return `${named} must start with a slash, e.g. /api/coral`;
  if (basePath.endsWith('/')) return `${named} must not end with a slash, e.g. /api/coral`;
  // A "." or ".." segment is resolved away before the handler sees the path, so it would never match.
  if (!BASE_PATH.test(basePath) || basePath.split('/').some((segment) => segment === '.' || segment === '..')) {
    return `${named} is not a path: use letters, digits, -, _, . and ~ between single slashes, e.g. /api/coral`;
  }
  return null;
}

function readStripe(vars: SettingVars): StripeSettings | string {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!vars[name]?.trim()) return `${name} is not set (see server/README.md for what it holds)`;
  }
  const secretKey = vars.STRIPE_SECRET_KEY!.trim();
  if (secretKey.startsWith('pk_'))
    return 'STRIPE_SECRET_KEY holds a publishable key (pk_…): the endpoint needs the secret key (sk_… or rk_…)';
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    return 'STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_test_… or sk_live_…)';
  const webhookSecret = vars.STRIPE_WEBHOOK_SECRET!.trim();
  // The secret itself is never written into the line.
  if (!webhookSecret.startsWith('whsec_')) return 'STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret (whsec_…)';
  if (/\s/.test(webhookSecret)) return 'STRIPE_WEBHOOK_SECRET holds a space: copy the signing secret again, whole';
  if (webhookSecret.length < 'whsec_'.length + MIN_WEBHOOK_SECRET_LENGTH) {
    return `STRIPE_WEBHOOK_SECRET is too short: a webhook signing secret is whsec_ and at least ${MIN_WEBHOOK_SECRET_LENGTH} more characters, as Stripe shows it`;
  }

  let api: StripeSettings['api'] = {};
  const apiUrl = vars.STRIPE_API_URL?.trim();
  if (apiUrl) {
    if (!URL.canParse(apiUrl)) return `STRIPE_API_URL: "${apiUrl}" is not an address like http://127.0.0.1:12111`;
    const url = new URL(apiUrl);
    if (/^(sk|rk)_live_/.test(secretKey)) {
      return `STRIPE_API_URL is set with a live key: it would send the live key to ${url.hostname}; unset it (it is for tests only)`;
    }
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = {host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol};
  }
  return {secretKey, webhookSecret, api};
}

/** CORAL_RETENTION_DAYS: `keep` (or unset) keeps records whatever their age; a number de-identifies them after that many days. */
function readRetention(given: string | undefined): {days: number | null} | string {
  const text = given?.trim() || SETTINGS.CORAL_RETENTION_DAYS.fallback;
  if (text === 'keep') return {days: null};
  const days = Number(text);
  if (!/^\d{1,6}$/.test(text) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)
    return `CORAL_RETENTION_DAYS: "${text}" is not keep or a number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`;
  return {days};
}

/** The relay and CORAL_RECEIPTS (JSON, or a file's path, as CORAL_CAMPAIGNS), or a line naming what is wrong. */
function readMail(vars: SettingVars, basePath: string, readFile?: (path: string) => string): EndpointEnv['mail'] | string {
  const relay = readRelay(vars.CORAL_SMTP_URL, vars.CORAL_MAIL_FROM);
  const source = vars.CORAL_RECEIPTS?.trim() ?? '';
  if (relay === null)
    return source === '' ? null : 'CORAL_RECEIPTS is set but CORAL_SMTP_URL is not: receipts go by mail, so set the relay too';
  if (typeof relay === 'string') return relay;
  if (source === '')
    return 'CORAL_SMTP_URL is set but CORAL_RECEIPTS is not: give the organisation’s legal name and ABN or charity number that receipts state (see server/README.md)';
  let input: unknown;
  try {
    const text = source.startsWith('{') ? source : readFile ? readFile(source) : null;
    if (text === null) return 'CORAL_RECEIPTS must hold the settings as JSON on this host (a file path needs a file system)';
    input = JSON.parse(text);
  } catch (error) {
    return `CORAL_RECEIPTS: ${error instanceof Error ? error.message : String(error)}`;
  }
  const publicUrl = vars.CORAL_PUBLIC_URL?.trim() || null;
  const url = publicUrl !== null && URL.canParse(publicUrl) ? new URL(publicUrl) : null;
  if (publicUrl !== null) {
    const local = url !== null && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
    if (url === null || !(url.protocol === 'https:' || local) || url.pathname !== '/' || url.search || url.hash)
      return `CORAL_PUBLIC_URL: "${publicUrl}" is not an https:// origin like https://coral.example.org`;
  }
  const pageUrl = url === null ? null : `${url.origin}${basePath}/me`;
  const rules = parseReceiptRules(input, pageUrl);
  return typeof rules === 'string' ? rules : {relay, rules, pageUrl};
}

/** Where the records are kept: all `npm run server:migrate` reads, and the endpoint reads them the same way. */
export type RecordsSettings = Pick<EndpointEnv, 'databaseUrl' | 'dataDir'>;

export function readRecordsEnv(vars: SettingVars): RecordsSettings | string {
  const databaseUrl = vars.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    return 'DATABASE_URL does not look like a Postgres address (postgres://user:password@host:5432/database)';
  return {databaseUrl, dataDir: vars.CORAL_DATA_DIR?.trim() || SETTINGS.CORAL_DATA_DIR.fallback};
}

/**
 * Reads the variables. `readFile` reads CORAL_CAMPAIGNS when it names a file
 * (Node); hosts without a file system pass none and give the JSON inline.
 */
export function readEndpointEnv(vars: SettingVars, readFile?: (path: string) => string): EnvResult {
  // An endpoint whose forms are all published on it (CORAL_ADMIN_TOKEN) needs no campaigns file.
  const required = vars.CORAL_ADMIN_TOKEN?.trim()
    ? (['CORAL_ALLOWED_ORIGINS'] as const)
    : (['CORAL_ALLOWED_ORIGINS', 'CORAL_CAMPAIGNS'] as const);
  for (const name of required) {
    if (!vars[name]?.trim()) return fail(`${name} is not set (see server/README.md for what it holds)`);
  }
  const allowedOrigins = readOrigins(vars, 'CORAL_ALLOWED_ORIGINS');
  if (typeof allowedOrigins === 'string') return fail(allowedOrigins);
  if (allowedOrigins.length === 0)
    return fail('CORAL_ALLOWED_ORIGINS lists no origin: name the pages’ origins, e.g. https://www.example.org');

  const basePath = vars.CORAL_BASE_PATH?.trim() ?? '';
  const badBasePath = basePath === '' ? null : basePathProblem(basePath);
  if (badBasePath !== null) return fail(badBasePath);

  const source = vars.CORAL_CAMPAIGNS?.trim() ?? '';
  let campaigns: Campaigns = {donateForms: new Map(), powerforms: new Map()};
  if (source !== '') {
    try {
      const inline = source.startsWith('[') || source.startsWith('{');
      const text = inline ? source : readFile ? readFile(source) : null;
      if (text === null) return fail('CORAL_CAMPAIGNS must hold the campaigns as JSON on this host (a file path needs a file system)');
      campaigns = parseCampaignsFile(JSON.parse(text));
    } catch (error) {
      return fail(`CORAL_CAMPAIGNS: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (campaigns.donateForms.size === 0 && campaigns.powerforms.size === 0) return fail('CORAL_CAMPAIGNS lists no campaigns');
  }

  // Stripe's keys are needed once there is a gift to take; an endpoint for petitions alone runs without them.
  const needsStripe = campaigns.donateForms.size > 0 || Boolean(vars.STRIPE_SECRET_KEY?.trim());
  const stripe = needsStripe ? readStripe(vars) : null;
  if (typeof stripe === 'string') return fail(stripe);

  const records = readRecordsEnv(vars);
  if (typeof records === 'string') return fail(records);

  const tokens = readTokens(vars);
  if (typeof tokens === 'string') return fail(tokens);
  const adminOrigins = readOrigins(vars, 'CORAL_ADMIN_ORIGINS');
  if (typeof adminOrigins === 'string') return fail(adminOrigins);
  if (adminOrigins.length > 0 && tokens.adminToken === null)
    return fail(
      'CORAL_ADMIN_ORIGINS is set but CORAL_ADMIN_TOKEN is not: set the token too, or nothing can be published from those origins',
    );

  const hoursText = vars.CORAL_OLD_VERSION_HOURS?.trim() || SETTINGS.CORAL_OLD_VERSION_HOURS.fallback;
  const hours = Number(hoursText);
  if (!/^\d{1,4}$/.test(hoursText) || hours < OLD_VERSION_HOURS_RANGE.min || hours > OLD_VERSION_HOURS_RANGE.max)
    return fail(
      `CORAL_OLD_VERSION_HOURS: "${hoursText}" is not a number of hours from ${OLD_VERSION_HOURS_RANGE.min} to ${OLD_VERSION_HOURS_RANGE.max}`,
    );
  const listed = source === '' ? null : new Set([...campaigns.donateForms.keys(), ...campaigns.powerforms.keys()]);
  const versions: VersionRules = {oldVersionMs: hours * HOUR_MS, listed};

  const retention = readRetention(vars.CORAL_RETENTION_DAYS);
  if (typeof retention === 'string') return fail(retention);

  const forwardUrl = vars.CORAL_FORWARD_URL?.trim() || null;
  const forwardSecret = vars.CORAL_FORWARD_SECRET?.trim() || null;
  let forward: EndpointEnv['forward'] = null;
  if (forwardUrl !== null || forwardSecret !== null) {
    if (forwardUrl === null)
      return fail('CORAL_FORWARD_SECRET is set but CORAL_FORWARD_URL is not: set both to forward records, or neither');
    if (forwardSecret === null) return fail('CORAL_FORWARD_URL is set but CORAL_FORWARD_SECRET is not: records are only ever sent signed');
    if (!URL.canParse(forwardUrl)) return fail(`CORAL_FORWARD_URL: "${forwardUrl}" is not an address like https://crm.example.org/coral`);
    const url = new URL(forwardUrl);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)))
      return fail('CORAL_FORWARD_URL: expected an https:// address (http:// only for localhost): records hold supporters’ details');
    if (forwardSecret.length < MIN_SECRET_LENGTH) return fail(`CORAL_FORWARD_SECRET: use at least ${MIN_SECRET_LENGTH} random characters`);
    forward = {url: url.href, secret: forwardSecret};
  }

  const mail = readMail(vars, basePath, readFile);
  if (typeof mail === 'string') return fail(mail);

  const logLevel = vars.CORAL_LOG_LEVEL?.trim() || SETTINGS.CORAL_LOG_LEVEL.fallback;
  if (!isOneOf(logLevel, LOG_LEVELS)) return fail(`CORAL_LOG_LEVEL: "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);

  const portText = vars.PORT?.trim() || SETTINGS.PORT.fallback;
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < PORT_RANGE.min || port > PORT_RANGE.max)
    return fail(`PORT: "${portText}" is not a port number (${PORT_RANGE.min} to ${PORT_RANGE.max})`);

  const guard = readGuardEnv(vars, stripe !== null);
  if (typeof guard === 'string') return fail(guard);

  return {
    ok: true,
    env: {
      stripe,
      allowedOrigins,
      adminOrigins,
      campaigns,
      versions,
      basePath,
      ...records,
      ...tokens,
      retentionDays: retention.days,
      forward,
      mail,
      logLevel,
      port,
      guard,
    },
  };
}
