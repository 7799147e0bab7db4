/**
 * The endpoint's defence against card testing: stolen card numbers tried one
 * after another through the donate form, each as a small gift. Before a gift
 * route creates anything at Stripe, `admit` counts the request per client
 * address and per email, each under its keyed hash (429 once either is over its limit) and, when the bot
 * check is needed, verifies the Turnstile token (403 without a pass). After
 * each webhook event, `afterEvent` stops a gift whose first payment has been
 * declined too often: a one-off gift's PaymentIntent is cancelled, a regular
 * gift's first invoice voided. A breaker watches the
 * share of recent payments declined: while it is open, every gift needs the
 * bot check, and one warn line says when it opens and one when it closes.
 */
import type Stripe from 'stripe';
import type {EventRequest} from '../../src/coral/contract';
import {type Reply, logLine, rejected, hmacHex, hmacKey, type Logger, addressBucket, clientAddress, type Address} from '../http';
import type {GiftStore} from '../records';
import {breakerOpens, rateWindow} from './arithmetic';
import {DEFAULT_GUARD, type BotCheckSettings, type GuardSettings} from './settings';
import {verifyBotCheck} from './turnstile';

export type GuardOptions = {
  settings?: GuardSettings;
  store: GiftStore;
  stripe: Stripe | null;
  /** Seconds since the epoch. */
  seconds: () => number;
  /** Tests only: a local stand-in for Turnstile's siteverify, and the fetch that reaches it. */
  siteverify?: {url?: string; fetch?: typeof fetch};
};

/** What the host knows of a request beyond the request itself: the address of whoever opened the connection. */
export type RequestContext = {clientAddress?: string | null};

/**
 * A gift request as the guard sees it: where it came from, whose email, and the bot check's token. An upgrade
 * (`upgrade: true`) is proved by the first gift's client secret, so it is counted but asks for no bot check.
 */
export type GuardedRequest = {address: Address | null; email: string | null; botCheck: string | null; upgrade?: boolean};

/**
 * The events a published form's pages send, limited so that no one client skews a form's figures or an experiment's
 * split, and a real form's visitors never meet a limit. A visitor sends five events at most per form and version
 * (seen, started, sent, and what came of it), and a reload sends them again; the visitor id is the page's own, so a
 * client that makes a new one for each event is held by its address. An office's or a school's visitors share an
 * address, and a mobile network's share one too, so the address's limits are its share of a form, not a few visitors'.
 */

/** The most events one visitor id sends in a rate window: a dozen forms' worth, reloads and all. */
export const EVENTS_PER_VISITOR = 60;

/** The most events one address sends in a rate window, to every form together: a school's visitors all sending theirs. */
export const EVENTS_PER_ADDRESS = 2_000;

/**
 * The most events of one kind for one variant of one form version that one address sends in a rate window: the most
 * one client moves that variant's visitors (or starts, or sends) by in a window, which leaves the split of an
 * experiment's first thousand visitors sound. A class of students shown the variant sends a fraction of it.
 */
export const EVENTS_PER_VARIANT_PER_ADDRESS = 100;

/**
 * The most events for one variant of one form version in a minute, from every client together: a form with
 * thousands of visitors an hour sends a few hundred at its busiest minute. A client's own share is counted first and
 * only what it lets through is counted here, so no one client with an address spends this for the others.
 */
export const EVENTS_PER_VARIANT_PER_MINUTE = 3_000;

const BOT_CHECK_REFUSED = {status: 403, body: {status: 'rejected', reason: 'bot-check'}} satisfies Reply;

/**
 * The name a count is kept under: the HMAC-SHA-256 of an address or an email under CORAL_GUARD_SECRET. A plain
 * hash of an email or an IPv4 address is undone by hashing likely ones; without the key, no one can. Another key
 * names every count afresh, so changing it starts the counts again.
 */
export function keyedHash(secret: string | null): (text: string) => Promise<string> {
  let key: Promise<CryptoKey> | null = null;
  return async (text) => {
    if (secret === null) throw new Error('the card-testing guard has no secret to key its hashes with: set CORAL_GUARD_SECRET');
    key ??= hmacKey(secret, 'sign');
    return hmacHex(await key, text);
  };
}

/** The bucket an email's gift requests are counted under, by `keyedHash`. */
export const emailBucket = async (hash: (text: string) => Promise<string>, email: string): Promise<string> =>
  `email:${await hash(email.trim().toLowerCase())}`;

const addressText = (address: Address): string => {
  if (address.family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  return Array.from({length: 8}, (_, i) => ((address.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
};

/**
 * The Coral gift whose first payment a failure event is about, by the Stripe object its failures are recorded under:
 * a one-off gift's PaymentIntent, or the first invoice of a regular gift, which the browser confirms. A hosted
 * checkout's payments are Stripe's page's to retry (Stripe lets only its session be expired), and a later invoice
 * is Stripe's own retries, with no client secret in any page.
 */
export function declinedGift(event: Stripe.Event): {kind: 'paymentIntent' | 'invoice'; id: string} | null {
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    if (!intent.metadata?.coral_campaign || intent.metadata.coral_via === 'checkout') return null;
    return {kind: 'paymentIntent', id: intent.id};
  }
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const metadata = invoice.parent?.subscription_details?.metadata;
    if (!metadata?.coral_campaign || metadata.coral_via === 'checkout' || invoice.billing_reason !== 'subscription_create') return null;
    return invoice.id ? {kind: 'invoice', id: invoice.id} : null;
  }
  return null;
}

export function createGuard(options: GuardOptions) {
  const settings = options.settings ?? DEFAULT_GUARD;
  const {store, stripe, seconds} = options;
  const hash = keyedHash(settings.secret);

  /** The client's address for a request: see address.ts. */
  function addressOf(request: Request, context: RequestContext = {}): Address | null {
    return clientAddress(context.clientAddress, request.headers.get('x-forwarded-for'), settings.trustedProxies);
  }

  /** Counts a request under each of its buckets, in the window now falls in; answers the 429 when any is over its limit. */
  async function countIn(buckets: ReadonlyArray<[string, number]>): Promise<Reply | null> {
    const window = rateWindow(seconds(), settings.windowSeconds);
    let over = false;
    // Every bucket is counted, even once one is over, so a flood spends the email's budget and the address's alike.
    for (const [bucket, limit] of buckets) {
      // Windows long over go, and a minute before this one's start stays: the events' ceiling counts by the minute,
      // and a window of a length that is no whole number of minutes may start inside one.
      if ((await store.countRequest(bucket, window.start, window.start - 60)) > limit) over = true;
    }
    if (!over) return null;
    return {status: 429, body: {...rejected('rate-limited', 429).body, retryAfter: window.retryAfter}};
  }

  /** Counts a gift request under its address's and its email's buckets. */
  async function count(request: GuardedRequest): Promise<Reply | null> {
    const buckets: Array<[string, number]> = [];
    if (request.address !== null && settings.giftsPerAddress > 0) {
      buckets.push([`address:${await hash(addressBucket(request.address))}`, settings.giftsPerAddress]);
    }
    if (request.email !== null && settings.giftsPerEmail > 0) {
      buckets.push([await emailBucket(hash, request.email), settings.giftsPerEmail]);
    }
    return countIn(buckets);
  }

  // Events are counted with or without CORAL_GUARD_SECRET (an endpoint of petitions needs none): without it, under a
  // key of this instance's own, so the counts still name no address; they start again when the instance does.
  const eventHash = keyedHash(settings.secret ?? crypto.randomUUID());

  /**
   * A published form's event, counted per visitor id and, where the host gives one, per address and per address for
   * its form's variant and kind, in the guard's window; then for its variant from every client, per minute. Counted
   * in that order and no further once one is over, so what a client sends past its own limits spends nothing of
   * the variant's ceiling, which every client shares. Without an address only the visitor's and the ceiling hold.
   */
  async function limitEvents(event: EventRequest, address: Address | null): Promise<Reply | null> {
    const {id, version, variant = ''} = event.form;
    const now = seconds();
    const window = rateWindow(now, settings.windowSeconds);
    const minute = rateWindow(now, 60);
    const buckets: Array<[string, number, {start: number; retryAfter: number}]> = [];
    if (address !== null) {
      const client = addressBucket(address);
      buckets.push([`events:${await eventHash(client)}`, EVENTS_PER_ADDRESS, window]);
      const share = `${client}\n${id}\n${version}\n${variant}\n${event.kind}`;
      buckets.push([`events-variant:${await eventHash(share)}`, EVENTS_PER_VARIANT_PER_ADDRESS, window]);
    }
    buckets.push([`events-visitor:${await eventHash(event.visitor)}`, EVENTS_PER_VISITOR, window]);
    buckets.push([`events-form:${id}:${version}:${variant}`, EVENTS_PER_VARIANT_PER_MINUTE, minute]);
    // Each count clears the windows long over; the guard's window and the minute both run on from the earlier start.
    const forgetBefore = Math.min(window.start, minute.start);
    for (const [bucket, limit, counted] of buckets) {
      if ((await store.countRequest(bucket, counted.start, forgetBefore)) > limit) {
        return {status: 429, body: {...rejected('rate-limited', 429).body, retryAfter: counted.retryAfter}};
      }
    }
    return null;
  }

  /** Whether the breaker is open now, saying so in one line (from one instance) when that changes. */
  async function breakerOpen(log: Logger): Promise<boolean> {
    if (settings.breakerMinPayments === 0) return false;
    const now = seconds();
    const {paid, failed} = await store.outcomesSince(now - settings.breakerWindowSeconds);
    const open = breakerOpens({paid, failed}, settings.breakerPercent, settings.breakerMinPayments);
    if (await store.setBreaker(open, now)) {
      const details = {breaker: open ? 'open' : 'closed', paid, failed, windowSeconds: settings.breakerWindowSeconds};
      if (!open) log.warn(details, 'card-testing breaker closed: declines are back below the threshold');
      else if (settings.botCheck)
        log.warn(details, 'card-testing breaker open: many recent payments were declined; every gift now needs the bot check');
      else
        log.warn(
          details,
          'card-testing breaker open: many recent payments were declined; set CORAL_TURNSTILE_SECRET to require a bot check',
        );
    }
    return open;
  }

  /** Verifies the request's token: null when it passed. */
  async function botCheck(request: GuardedRequest, check: BotCheckSettings, log: Logger): Promise<Reply | null> {
    if (request.botCheck === null) return BOT_CHECK_REFUSED;
    const remoteIp = request.address === null ? null : addressText(request.address);
    const result = await verifyBotCheck(request.botCheck, remoteIp, {secret: check.secret, ...options.siteverify});
    switch (result.outcome) {
      case 'passed':
        return null;
      case 'refused':
        log.info({codes: result.codes}, 'bot check refused');
        return BOT_CHECK_REFUSED;
      case 'misconfigured':
        log.error({codes: result.codes}, 'Turnstile refuses CORAL_TURNSTILE_SECRET: copy the widget’s secret key again');
        return {status: 500, body: {status: 'error', outcome: 'not-sent', retryable: false, detail: 'the bot check is not set up'}};
      case 'unavailable':
        log.error({detail: result.detail}, 'the bot check could not be verified');
        return {status: 503, body: {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the bot check could not be verified'}};
    }
  }

  return {
    addressOf,
    limitEvents,

    /**
     * Counts another kind of request (`kind`: a sign-in) per client address, in the gift limits' window, its bucket an
     * HMAC under `secret` (that route's own, as the guard's may be unset): the 429 once over `limit`. Requests whose
     * address is unknown share one bucket.
     */
    async countAddress(kind: string, address: Address | null, limit: number, secret: string): Promise<Reply | null> {
      const name = address === null ? 'unknown' : await keyedHash(secret)(addressBucket(address));
      return countIn([[`${kind}:${name}`, limit]]);
    },

    /** As `countAddress`, for requests counted by a name of their own (a browser's device id) rather than an address. */
    async countNamed(kind: string, name: string, limit: number, secret: string): Promise<Reply | null> {
      return countIn([[`${kind}:${await keyedHash(secret)(name)}`, limit]]);
    },

    /** Before a gift route creates anything: null to go on, or the answer that refuses the request. */
    async admit(request: GuardedRequest, log: Logger): Promise<Reply | null> {
      const limited = await count(request);
      if (limited) {
        log.info({limit: 'rate'}, 'gift request over its rate limit');
        return limited;
      }
      // Read on every gift, whatever else is set, so its lines reach the operator's alerts.
      const open = await breakerOpen(log);
      const check = settings.botCheck;
      if (check === null || request.upgrade || (check.when === 'breaker' && !open)) return null;
      return botCheck(request, check, log);
    },

    /**
     * After a webhook event is recorded: a gift whose first payment was declined `declinesPerGift` times is stopped,
     * so its client secret takes no more cards: a one-off gift's PaymentIntent is cancelled, a regular gift's first
     * invoice voided (Stripe lets no one cancel an invoice's PaymentIntent; voiding cancels it). Runs on every
     * delivery of the event, so a call that failed is tried again when Stripe sends the event again.
     */
    async afterEvent(event: Stripe.Event, log: Logger): Promise<void> {
      if (!stripe || settings.declinesPerGift === 0) return;
      const declined = declinedGift(event);
      if (!declined) return;
      const declines = await store.failuresOf(declined.id);
      if (declines < settings.declinesPerGift) return;
      const details = {[declined.kind]: declined.id, declines};
      try {
        if (declined.kind === 'paymentIntent') {
          // Cancellable while it waits for a payment method (as after a decline), a confirmation or an action.
          await stripe.paymentIntents.cancel(
            declined.id,
            {cancellation_reason: 'abandoned'},
            {idempotencyKey: `coral:cancel:${declined.id}`},
          );
        } else {
          await stripe.invoices.voidInvoice(declined.id, {}, {idempotencyKey: `coral:void:${declined.id}`});
        }
        log.warn(details, 'a gift was cancelled after repeated declines');
      } catch (error) {
        // Stripe refused, so it would refuse again: already cancelled or void, or paid in the meantime. Anything else
        // (no answer, a rate limit) is tried again with the event.
        if ((error as {type?: unknown}).type !== 'StripeInvalidRequestError') throw error;
        log.info({...details, error: logLine(error)}, 'a declined gift had already ended');
      }
    },
  };
}

export type Guard = ReturnType<typeof createGuard>;
