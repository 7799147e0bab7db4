/**
 * The supporter's page's routes, `/me` and under it. On only where mail is (CORAL_SMTP_URL, CORAL_RECEIPTS), the
 * endpoint knows its own address (CORAL_PUBLIC_URL) and has CORAL_GUARD_SECRET; otherwise each answers 404.
 *
 * Every change is a form's post from this endpoint's own page (`Sec-Fetch-Site`, and the SameSite=Strict cookie a
 * cross-site post never carries); a post from another site's page is refused before anything is read. No email,
 * token or link is ever written to the log.
 */
import type Stripe from 'stripe';
import type {SupporterChanges} from '../../src/coral/contract';
import {checkOtherAmount, limitsFor, stripeMinimum, type DonateFormConfig, type Frequency} from '../../src/coral/contract/library';
import {isUnavailable, type Database} from '../db';
import type {Guard} from '../guard';
import {
  fromOwnPages,
  readCapped,
  rejected,
  respond,
  screenUnkeepable,
  type Address,
  type Logger,
  type SessionCookie,
  UNAVAILABLE,
} from '../http';
import {type ReceiptRules, readReceipt, readStatement, receiptFile, statementFile} from '../receipts';
import {correctSupporter, emailKeyOf, forgetSupporter, heldFor, isEmail} from '../supporters';
import {endEverything, endSession, moveSessions, openSession, queueLink, sessionEmail, setCookie} from './access';
import {changeAmount, portalFor, stopGift} from './gifts';
import {
  askPage,
  forgetPage,
  linkSentPage,
  notePage,
  openPage,
  SUPPORTER_PAGE_POLICY,
  supporterPage,
  type DetailsView,
  type PageLook,
} from './pages';
import {detailsOf, giftsOf, supporterView, takesPayments} from './view';

/** Links asked for per client address, and per email, in the guard's window (an hour by default). */
export const LINKS_PER_ADDRESS = 10;
export const LINKS_PER_EMAIL = 3;

/** A form's fields here are a few short values: far under this. */
const MAX_FORM_BYTES = 8 * 1024;

export type SupporterPageDeps = {
  db: Database | null;
  stripe: Stripe | null;
  /** CORAL_GUARD_SECRET: signs the links' tokens and keys the limits' buckets. */
  secret: string | null;
  /** The receipts' settings and where the page is (CORAL_PUBLIC_URL and the base path); null: the page is off. */
  mail: {rules: ReceiptRules; pageUrl: string} | null;
  basePath: string;
  cookie: SessionCookie;
  now: () => number;
  log: Logger;
  guard: Pick<Guard, 'countAddress' | 'countNamed'>;
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  /** Whether records are forwarded to a CRM: an erasure or a correction is then sent on too. */
  outbox: boolean;
  /** Work that goes on after the answer (a link's message queued), so the answer's time says nothing of the records. */
  later: (work: () => Promise<void>) => void;
};

type On = SupporterPageDeps & {db: Database; secret: string; mail: NonNullable<SupporterPageDeps['mail']>};

const isOn = (deps: SupporterPageDeps): deps is On => deps.db !== null && deps.secret !== null && deps.mail !== null;

const NOT_FOUND = () => respond(rejected('not found', 404));

/** A page as each of these is sent: never cached, framed, sniffed or referred on. */
function html(status: number, body: string, own: Record<string, string> | Headers = {}): Response {
  const headers = new Headers(own);
  for (const [name, value] of Object.entries({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': SUPPORTER_PAGE_POLICY,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  }))
    headers.set(name, value);
  return new Response(body, {status, headers});
}

const see = (location: string, ...cookies: string[]): Response => {
  const headers = new Headers({location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer'});
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, {status: 303, headers});
};

const look = (deps: On): PageLook => ({basePath: deps.basePath, organisation: deps.mail.rules.issuer.legalName});
const seconds = (deps: On) => Math.floor(deps.now() / 1000);

/** The form's fields; null for a body that is no form; the 413 for one larger than any of this page's. */
async function formOf(request: Request): Promise<URLSearchParams | null | Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) return null;
  const read = await readCapped(request, MAX_FORM_BYTES);
  if (!read.ok) return read.answer.status === 413 ? respond(read.answer) : null;
  return new URLSearchParams(new TextDecoder().decode(read.bytes));
}

/** Runs a step, answering 503 while the database cannot be reached. */
async function withRecords(deps: On, step: () => Promise<Response>): Promise<Response> {
  try {
    return await step();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    deps.log.error({error: (error as Error).name}, 'the database did not answer');
    return respond(UNAVAILABLE);
  }
}

const wrongMethod = (allow: string) => respond({...rejected(`use ${allow}`, 405), headers: {allow}});

const crossSite = (deps: On) =>
  html(403, notePage(look(deps), 'Refused', 'This came from another site’s page, so it was refused and nothing was changed.'));

/**
 * A request of the signed-in supporter, from this endpoint's own page: `act` with their email, or the answer that
 * refuses it (another site's post, no session).
 */
async function signedIn(
  deps: SupporterPageDeps,
  request: Request,
  method: 'GET' | 'POST',
  act: (deps: On, email: string) => Promise<Response>,
) {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== method && !(method === 'GET' && request.method === 'HEAD')) return wrongMethod(method);
  if (method === 'POST' && !fromOwnPages(request)) return crossSite(deps);
  return withRecords(deps, async () => {
    const email = await sessionEmail(deps.db, deps.cookie, request, seconds(deps));
    if (email === null) {
      const words = method === 'GET' ? 'Your session has ended.' : 'Your session has ended, so nothing was changed.';
      return html(401, askPage(look(deps), `${words} Ask for a new link to carry on.`));
    }
    return act(deps, email);
  });
}

/** GET /me: the supporter's page in a session, the form that asks for a link without one. */
export async function answerMePage(deps: SupporterPageDeps, request: Request): Promise<Response> {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== 'GET' && request.method !== 'HEAD') return wrongMethod('GET');
  return withRecords(deps, async () => {
    const email = await sessionEmail(deps.db, deps.cookie, request, seconds(deps));
    if (email === null) return html(200, askPage(look(deps)));
    return html(200, supporterPage(look(deps), await supporterView(deps.db, deps.mail.rules, deps.basePath, email)));
  });
}

/**
 * POST /me/link: a link asked for. The answer is the same page, at once, whether or not anything is held for the
 * address: the records are read, and the link made and queued, after it.
 */
export async function answerMeLink(deps: SupporterPageDeps, request: Request, address: Address | null): Promise<Response> {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== 'POST') return wrongMethod('POST');
  if (!fromOwnPages(request)) return crossSite(deps);
  const fields = await formOf(request);
  if (fields instanceof Response) return fields;
  const typed = fields?.get('email')?.trim() ?? '';
  if (!isEmail(typed) || screenUnkeepable(typed) !== null)
    return html(
      400,
      askPage(look(deps), 'Enter an email address like ada@example.org.', screenUnkeepable(typed) === null ? typed.slice(0, 254) : ''),
    );
  const email = typed.toLowerCase();
  return withRecords(deps, async () => {
    const limited =
      (await deps.guard.countAddress('supporter-link', address, LINKS_PER_ADDRESS, deps.secret)) ??
      (await deps.guard.countNamed('supporter-link-email', email, LINKS_PER_EMAIL, deps.secret));
    if (limited !== null) {
      const minutes = Math.ceil(Number(limited.body.retryAfter) / 60);
      deps.log.warn({limit: 'supporter-link'}, 'supporter links over their rate limit');
      return html(
        429,
        askPage(look(deps), `Too many links were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, typed),
        {'retry-after': String(limited.body.retryAfter)},
      );
    }
    const at = seconds(deps);
    deps.later(() => queueLink(deps.db, deps.secret, email, at));
    return html(200, linkSentPage(look(deps)));
  });
}

/** GET /me/open?token=…: the button that spends the link, so a mail program checking links never does. */
export async function answerMeOpen(deps: SupporterPageDeps, request: Request): Promise<Response> {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== 'GET' && request.method !== 'HEAD') return wrongMethod('GET');
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!/^[0-9a-f]{64}$/.test(token)) return html(400, askPage(look(deps), 'That link is not whole. Ask for a new one.'));
  return html(200, openPage(look(deps), token));
}

/** POST /me/open: the link spent for a session, then on to the page. */
export async function answerMeSignIn(deps: SupporterPageDeps, request: Request): Promise<Response> {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== 'POST') return wrongMethod('POST');
  if (!fromOwnPages(request)) return crossSite(deps);
  const fields = await formOf(request);
  if (fields instanceof Response) return fields;
  const token = fields?.get('token') ?? '';
  return withRecords(deps, async () => {
    const cookie = await openSession(deps.db, deps.cookie, token, seconds(deps));
    if (cookie === null) {
      deps.log.info({}, 'a supporter link was refused: used, run out or never made');
      return html(400, askPage(look(deps), 'That link has been used or has run out: each works once, for 30 minutes. Ask for a new one.'));
    }
    deps.log.info({}, 'supporter session opened');
    return see(`${deps.basePath}/me`, cookie);
  });
}

/** POST /me/sign-out. */
export async function answerMeSignOut(deps: SupporterPageDeps, request: Request): Promise<Response> {
  if (!isOn(deps)) return NOT_FOUND();
  if (request.method !== 'POST') return wrongMethod('POST');
  if (!fromOwnPages(request)) return crossSite(deps);
  return withRecords(deps, async () => {
    await endSession(deps.db, deps.cookie, request);
    return see(`${deps.basePath}/me`, setCookie(deps.cookie, '', 0));
  });
}

const DOCUMENT = /^(receipt|cancellation)-(\d{6,9})\.pdf$|^statement-(\d{4})\.pdf$/;

/** GET /me/documents/<name>: one of the supporter's receipts or statements, as its PDF. */
export function answerMeDocument(deps: SupporterPageDeps, request: Request, name: string): Promise<Response> {
  return signedIn(deps, request, 'GET', async (on, email) => {
    const found = DOCUMENT.exec(name);
    const missing = () => html(404, notePage(look(on), 'Not found', 'There is no such receipt or statement of yours.', true));
    if (!found) return missing();
    const {rules} = on.mail;
    let pdf: Uint8Array | null = null;
    if (found[3] !== undefined) {
      const [row] = await on.db.query<{id: number}>('select id from statements where email = $1 and year = $2', [email, Number(found[3])]);
      const statement = row ? await readStatement(on.db, row.id, rules) : null;
      pdf = statement && (await statementFile(rules.issuer, statement));
    } else {
      const [mine] = await on.db.query(
        `select 1 from receipts where number = $1 and kind = $2
           and gift in (select reference from gifts where lower(email) = $3 and deidentified_at is null)`,
        [Number(found[2]), found[1] === 'cancellation' ? 'cancellation' : 'receipt', email],
      );
      const receipt = mine ? await readReceipt(on.db, Number(found[2]), rules) : null;
      const own = receipt !== null;
      pdf = own ? await receiptFile(rules.issuer, receipt) : null;
    }
    if (pdf === null) return missing();
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

/** GET /me/records.json: everything held for the supporter, as `npm run records` prints it. */
export function answerMeRecords(deps: SupporterPageDeps, request: Request): Promise<Response> {
  return signedIn(deps, request, 'GET', async (on, email) => {
    const held = await heldFor(on.db, email, await emailKeyOf(on.secret, email));
    return new Response(JSON.stringify(held, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="your-records.json"',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

const DETAILS: (keyof DetailsView)[] = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'];

/** POST /me/details: the details corrected as `npm run correct` corrects them, at Stripe's Customer too. */
export function answerMeDetails(deps: SupporterPageDeps, request: Request): Promise<Response> {
  return signedIn(deps, request, 'POST', async (on, email) => {
    const fields = await formOf(request);
    if (fields instanceof Response) return fields;
    const page = async (status: number, said: Parameters<typeof supporterView>[4], as = email) =>
      html(status, supporterPage(look(on), await supporterView(on.db, on.mail.rules, on.basePath, as, said)));
    if (fields === null) return page(400, {problem: 'That was not the details form. Nothing was changed.'});
    const held = await detailsOf(on.db, email);
    const typed = Object.fromEntries(DETAILS.map((name) => [name, (fields.get(name) ?? '').trim()])) as DetailsView;
    // A NUL or a lone surrogate no record could keep, named as the other routes name it.
    const unkeepable = screenUnkeepable(typed);
    if (unkeepable !== null) return page(422, {problem: `${String(unkeepable.body.reason)}. Nothing was saved.`, typed});
    if (!isEmail(typed.email)) return page(422, {problem: 'Enter your email address, like ada@example.org. Nothing was saved.', typed});
    const changes = Object.fromEntries(
      DETAILS.flatMap((name) => (typed[name] === held[name] ? [] : [[name, typed[name] === '' ? null : typed[name]]])),
    );
    if (Object.keys(changes).length === 0) return page(200, {notice: 'Nothing had changed, so nothing was saved.'});
    const rights = {db: on.db, stripe: on.stripe, guardSecret: on.secret, outbox: on.outbox, now: on.now};
    const corrected = await correctSupporter(rights, email, changes as SupporterChanges, {by: 'page'});
    if (!corrected.ok) return page(422, {problem: `${corrected.reason} Nothing was saved.`, typed});
    const now = typed.email.toLowerCase();
    if (now !== email) await moveSessions(on.db, email, now);
    on.log.info({fields: Object.keys(changes)}, 'supporter corrected their details');
    return page(200, {notice: 'Your details are saved.'}, now);
  });
}

/** POST /me/gifts/<reference>: a regular gift's amount changed, its card changed at Stripe, or the gift stopped. */
export function answerMeGift(deps: SupporterPageDeps, request: Request, reference: string): Promise<Response> {
  return signedIn(deps, request, 'POST', async (on, email) => {
    const fields = await formOf(request);
    if (fields instanceof Response) return fields;
    const page = async (status: number, said: Parameters<typeof supporterView>[4]) =>
      html(status, supporterPage(look(on), await supporterView(on.db, on.mail.rules, on.basePath, email, said)));
    const gift = (await giftsOf(on.db, email)).find((each) => each.reference === reference);
    if (!gift || !takesPayments(gift)) return page(404, {problem: 'That is not one of your regular gifts still taking payments.'});
    if (!on.stripe) return page(503, {problem: 'Regular gifts cannot be changed here just now. Nothing was changed.'});
    const subscription = gift.payment_reference ?? gift.reference;
    const action = fields?.get('action');
    const stripe = on.stripe;
    // Should Stripe not answer, the page says so and nothing is kept: the same change can be made again.
    const atStripe = async (change: () => Promise<Response>): Promise<Response> => {
      try {
        return await change();
      } catch (error) {
        if (!(error instanceof Error && error.name.startsWith('Stripe'))) throw error;
        on.log.warn({error: error.name}, 'Stripe refused or did not answer a supporter’s change');
        return page(502, {problem: 'Stripe did not take that change just now, so nothing was changed. Try again in a minute.'});
      }
    };
    if (action === 'card') return atStripe(async () => see(await portalFor(stripe, subscription, on.mail.pageUrl)));
    if (action === 'cancel') {
      if (fields?.get('confirm') !== 'yes') return page(400, {problem: 'Tick “I want to stop this gift” to stop it.'});
      const stopped = await atStripe(async () => {
        await stopGift(stripe, on.db, gift.reference, subscription, seconds(on));
        return page(200, {notice: `Your ${gift.frequency} gift to ${gift.campaign} is stopped: no more payments will be taken.`});
      });
      if (stopped.status !== 200) return stopped;
      on.log.info({}, 'supporter stopped a regular gift');
      return stopped;
    }
    if (action === 'amount') {
      const config = on.campaigns.get(gift.campaign);
      const minimum = stripeMinimum(gift.currency) ?? 100;
      const limits = config ? limitsFor(config, gift.frequency as Frequency) : {min: minimum, max: 1_000_000_00};
      const amount = checkOtherAmount(
        fields?.get('amount') ?? '',
        {min: Math.max(limits.min, minimum), max: limits.max},
        undefined,
        undefined,
        gift.currency,
      );
      if (!amount.ok) {
        const {problem} = amount;
        const reason =
          problem.kind === 'unreadable'
            ? problem.reason
            : `Enter an amount ${problem.kind === 'below-min' ? 'of at least' : 'of at most'} ${problem.limit / 100} ${gift.currency}.`;
        return page(422, {problem: `${reason} The amount was not changed.`});
      }
      return atStripe(async () => {
        await changeAmount(stripe, on.db, gift.reference, subscription, amount.value, gift.currency, seconds(on));
        on.log.info({}, 'supporter changed a regular gift’s amount');
        return page(200, {notice: 'Your regular gift’s amount is changed, from its next payment.'});
      });
    }
    return page(400, {problem: 'That change is not one this page makes. Nothing was changed.'});
  });
}

/** GET /me/forget: what forgetting does, and its confirmation. */
export function answerMeForgetPage(deps: SupporterPageDeps, request: Request): Promise<Response> {
  return signedIn(deps, request, 'GET', async (on, email) => {
    const regular = (await giftsOf(on.db, email)).filter(takesPayments).length;
    return html(200, forgetPage(look(on), regular));
  });
}

/** POST /me/forget: the supporter forgotten as `npm run forget` forgets them; every link and session of theirs ended. */
export function answerMeForget(deps: SupporterPageDeps, request: Request): Promise<Response> {
  return signedIn(deps, request, 'POST', async (on, email) => {
    const fields = await formOf(request);
    if (fields instanceof Response) return fields;
    if (fields?.get('confirm') !== 'yes') {
      const regular = (await giftsOf(on.db, email)).filter(takesPayments).length;
      return html(400, forgetPage(look(on), regular));
    }
    const report = await forgetSupporter({db: on.db, stripe: on.stripe, guardSecret: on.secret, outbox: on.outbox, now: on.now}, email, {
      cancelSubscriptions: fields.get('cancelRegular') === 'yes',
      by: 'page',
    });
    await endEverything(on.db, email);
    on.log.info(
      {gifts: report.gifts.erased.length, signatures: report.signatures.length, kept: report.gifts.kept.length},
      'supporter erased from their page',
    );
    const kept = report.gifts.kept.length;
    const words =
      kept === 0
        ? 'Your details are erased from our records. This page is closed; thank you for all you gave.'
        : `Your details are erased, except on ${kept === 1 ? 'a regular gift' : `${kept} regular gifts`} still taking payments, which need them. Stop ${kept === 1 ? 'it' : 'them'} and ask us to forget you again to erase those too.`;
    return html(200, notePage(look(on), 'Forgotten', words), {'set-cookie': setCookie(on.cookie, '', 0)});
  });
}
