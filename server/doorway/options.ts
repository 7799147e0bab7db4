/** What a host gives createCoralHandler (handler.ts), and what it gets back. */
import type Stripe from 'stripe';
import type {DonateFormConfig, PowerformConfig} from '../../src/coral/contract/library';
import type {Database} from '../db';
import type {VersionRules} from '../forms';
import {type RequestContext, type GuardSettings} from '../guard';
import type {Logger} from '../http';
import type {GiftStore} from '../records';
import type {ReceiptRules} from '../receipts';

export type CoralHandlerOptions = {
  /** A Stripe client made with the secret key from the environment; null when this endpoint takes signatures only. */
  stripe: Stripe | null;
  /** The webhook endpoint's signing secret (whsec_…), from the environment. */
  webhookSecret: string | null;
  /** Origins of the pages whose forms may post here, e.g. https://www.example.org. Any other origin is refused. */
  allowedOrigins: readonly string[];
  /** Origins of the organisation's admin pages (CORAL_ADMIN_ORIGINS), which may publish forms with the admin token. */
  adminOrigins?: readonly string[];
  /** The donate form campaigns this endpoint takes gifts for, by id. */
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  /** The powerform campaigns this endpoint takes signatures for, by id. */
  powerforms?: ReadonlyMap<string, PowerformConfig>;
  /**
   * What a published version is held to: how long an older one is still taken once a newer one is out
   * (CORAL_OLD_VERSION_HOURS, a day unless set), and the campaigns CORAL_CAMPAIGNS lists (null: any campaign).
   */
  versions?: VersionRules;
  store: GiftStore;
  /** The database behind the store, for export; without one, export is off. */
  db?: Database;
  /** The bearer token GET /export asks for; null or absent turns export off. */
  exportToken?: string | null;
  /** The bearer token the /supporters/ routes ask for (supporters/supportersRoute.ts); null or absent turns them off. */
  privacyToken?: string | null;
  /** The bearer token the forms' admin routes ask for (forms/formsRoute.ts); null or absent turns them off. */
  adminToken?: string | null;
  /** The results page's script (`GET /results/app.js`), as built (`npm run server:build`); null while there is none. */
  resultsScript?: () => Promise<string | null>;
  /** Whether the store queues records for a CRM: an erasure or a correction is then sent on too. */
  forwarding?: boolean;
  /**
   * The receipts' settings and the supporter's page's address (CORAL_PUBLIC_URL, the base path, /me), when mail is on
   * and the endpoint knows its address: the page is served then, and not otherwise.
   */
  supporterPage?: {rules: ReceiptRules; pageUrl: string} | null;
  /** Milliseconds since the epoch; a test sets the clock. */
  now?: () => number;
  /** Where the routes live, when a host mounts the handler under a path, e.g. "/api/coral". */
  basePath?: string;
  /** The operator's log; each request's entries carry its request id. */
  logger?: Logger;
  /** How long a gift route may take before it answers that the outcome is not yet known; a test shortens it. */
  answerWithinMs?: number;
  /** The card-testing guard's limits, proxies, bot check and secret (server/guard/settings.ts); its secret is required with `stripe`. */
  guard?: GuardSettings;
  /** Tests only: where the bot check's siteverify is asked, instead of Cloudflare. */
  siteverify?: {url?: string; fetch?: typeof fetch};
};

/** The handler, and a promise of the moment every gift still being made after its answer has been kept. */
export type CoralHandler = ((request: Request, context?: RequestContext) => Promise<Response>) & {settled: () => Promise<void>};

/**
 * One Stripe call: 4 s for an answer, tried once more after a network failure, so one call ends within about 9 s,
 * inside GIFT_ANSWER_MS, which the handler keeps anyway, and well inside the form's wait.
 */
export const STRIPE_CALL_LIMITS = {timeout: 4_000, maxNetworkRetries: 1};
