/**
 * The supporter's page through the handler, on every database, with the Stripe stand-in and a real SMTP server: a
 * link asked for, received, spent once for a session; the page; and what may not happen: a different answer for an
 * address held and one not, a link used twice or late, a change posted from another site, more links than the
 * limits, an email or a token in the log.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ParsedMail} from 'mailparser';
import {createMailer, makeTransport} from '../mail';
import {mailComposer} from '../node';
import {createPgStore} from '../records';
import {issueFor, parseReceiptRules, type ReceiptRules} from '../receipts';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, GUARD_SECRET, makeHandler, NOW_MS, post} from '../testing/fixtures';
import {pdfText, startSmtpReceiver, type SmtpReceiver} from '../testing/smtpServer';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {LINKS_PER_EMAIL} from '.';

const NOW = NOW_MS / 1000;
const FROM = 'Reef Action Fund <receipts@reefaction.org.au>';
const PAGE = 'https://coral.example.org/me';
const SAME_SITE = {'sec-fetch-site': 'same-origin'};

const rules = (() => {
  const parsed = parseReceiptRules({legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'}, PAGE);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
})();

describe.each(DATABASES)('the supporter’s page on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let relay: SmtpReceiver;
  let clock: number;
  let made: ReturnType<typeof makeHandler>;

  const endpoint = (receiptRules: ReceiptRules = rules) =>
    makeHandler(stripe, {
      store: createPgStore(test.db, {afterPayment: (tx, reference) => issueFor(tx, reference, receiptRules, NOW)}),
      db: test.db,
      supporterPage: {rules: receiptRules, pageUrl: PAGE},
      now: () => clock,
    });
  const send = async () => {
    const mailer = createMailer({
      db: test.db,
      transport: await makeTransport({url: relay.url, from: FROM}),
      from: FROM,
      compose: mailComposer(test.db, {relay: {url: relay.url, from: FROM}, rules, pageUrl: PAGE}, GUARD_SECRET, () => clock),
      now: () => clock,
      log: {info: () => {}, warn: () => {}},
    });
    for (let round = 0; round < 5; round++) if ((await mailer.runOnce()).sent === 0) break;
  };
  const request = (path: string, init: RequestInit = {}, context?: {clientAddress?: string}) =>
    made.handler(new Request(`https://coral.example.org${path}`, init), context);
  const form = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = SAME_SITE,
    context?: {clientAddress?: string},
  ) =>
    request(
      path,
      {
        method: 'POST',
        headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
        body: new URLSearchParams(fields).toString(),
      },
      context,
    );
  const give = async (email: string, frequency = 'one-off', amount = 6000) => {
    const {status, body} = await post(
      made.handler,
      '/gifts',
      giftBody({amount, frequency, supporter: {firstName: 'Mere', lastName: 'Tūhoe', email, consent: true}}),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_visa')) await deliver(made.handler, event);
    return String(body.reference);
  };
  /** The link in the newest message to `email`. */
  const linkFor = (email: string): string => {
    const message = relay.messages.filter((each: ParsedMail) => each.to && 'text' in each.to && each.to.text === email).at(-1);
    const found = /https:\/\/coral\.example\.org\/me\/open\?token=[0-9a-f]{64}/.exec(message?.text ?? '');
    if (!found) throw new Error(`no link was sent to ${email}`);
    return found[0];
  };
  const askAndOpen = async (email: string) => {
    expect((await form('/me/link', {email})).status).toBe(200);
    await made.handler.settled();
    await send();
    const link = new URL(linkFor(email));
    const opened = await request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    const token = link.searchParams.get('token')!;
    expect(await opened.text()).toContain(`value="${token}"`);
    const signed = await form('/me/open', {token});
    expect(signed.status).toBe(303);
    const cookie = signed.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-coral-supporter=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    return {token, cookie: cookie.split(';')[0]!};
  };

  beforeEach(async () => {
    [test, stripe, relay] = await Promise.all([create(), startStripeStandIn(), startSmtpReceiver()]);
    clock = NOW_MS;
    made = endpoint();
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close(), relay.close()]);
  });

  it('sends a link that opens the page once, showing the supporter’s gifts and receipts, and a receipt’s PDF', async () => {
    await give('mere@example.org');
    await send();
    const {token, cookie} = await askAndOpen('mere@example.org');
    const page = await request('/me', {headers: {cookie}});
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src/);
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('$60 AUD to save-the-reef');
    expect(html).toContain('/me/documents/receipt-000001.pdf');
    const pdf = await request('/me/documents/receipt-000001.pdf', {headers: {cookie}});
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('Mere Tūhoe');
    // The same link again opens nothing.
    expect((await form('/me/open', {token})).status).toBe(400);
  });

  it('answers an address held and one not alike, and sends a link only to the one held', async () => {
    await give('mere@example.org');
    const held = await form('/me/link', {email: 'Mere@Example.org'});
    const unknown = await form('/me/link', {email: 'nobody@example.org'});
    expect(held.status).toBe(unknown.status);
    const headers = (response: Response) => [...response.headers].filter(([name]) => name !== 'x-request-id');
    expect(headers(held)).toEqual(headers(unknown));
    expect(await held.text()).toBe(await unknown.text());
    await made.handler.settled();
    await send();
    const links = relay.messages.filter((message) => message.subject?.startsWith('Your link'));
    expect(links.map((message) => (message.to && 'text' in message.to ? message.to.text : ''))).toEqual(['mere@example.org']);
  });

  it('refuses a link after 30 minutes, and one used twice', async () => {
    await give('mere@example.org');
    expect((await form('/me/link', {email: 'mere@example.org'})).status).toBe(200);
    await made.handler.settled();
    await send();
    const late = new URL(linkFor('mere@example.org')).searchParams.get('token')!;
    clock += 30 * 60 * 1000 + 1000;
    const refused = await form('/me/open', {token: late});
    expect(refused.status).toBe(400);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const {token} = await askAndOpen('mere@example.org');
    expect((await form('/me/open', {token})).status).toBe(400);
  });

  it('refuses every change posted from another site’s page, changing nothing', async () => {
    const reference = await give('mere@example.org', 'monthly', 2500);
    const {cookie} = await askAndOpen('mere@example.org');
    const crossSite = {'sec-fetch-site': 'cross-site', cookie};
    for (const [path, fields] of [
      ['/me/details', {firstName: 'Changed', lastName: 'Tūhoe', email: 'mere@example.org'}],
      [`/me/gifts/${reference}`, {action: 'cancel', confirm: 'yes'}],
      [`/me/gifts/${reference}`, {action: 'amount', amount: '5'}],
      ['/me/forget', {confirm: 'yes'}],
      ['/me/sign-out', {}],
      ['/me/link', {email: 'mere@example.org'}],
      ['/me/open', {token: '0'.repeat(64)}],
    ] as const) {
      const answer = await form(path, fields, crossSite);
      expect(answer.status, path).toBe(403);
    }
    expect(await test.db.query('select first_name from gifts')).toEqual([{first_name: 'Mere'}]);
    expect(await test.db.query('select 1 from gift_changes')).toEqual([]);
    expect((await request('/me', {headers: {cookie}})).status).toBe(200);
  });

  it('limits links per email and per address, the same for an address held or not', async () => {
    await give('mere@example.org');
    for (const email of ['mere@example.org', 'nobody@example.org']) {
      for (let ask = 0; ask < LINKS_PER_EMAIL; ask++)
        expect((await form('/me/link', {email}, SAME_SITE, {clientAddress: `203.0.113.${ask}`})).status).toBe(200);
      const over = await form('/me/link', {email}, SAME_SITE, {clientAddress: '203.0.113.99'});
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const address = {clientAddress: '198.51.100.7'};
    const answers = [];
    for (let ask = 0; ask < 12; ask++)
      answers.push((await form('/me/link', {email: `person${ask}@example.org`}, SAME_SITE, address)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toEqual([429, 429]);
  });

  it('writes no email, token or link into the log', async () => {
    await give('mere@example.org');
    const {token, cookie} = await askAndOpen('mere@example.org');
    await request('/me', {headers: {cookie}});
    await form('/me/link', {email: 'nobody@example.org'});
    const logged = JSON.stringify(made.logger.lines);
    for (const secret of ['mere@example.org', 'nobody@example.org', token, cookie.split('=')[1]!, 'token='])
      expect(logged).not.toContain(secret);
  });

  it('changes a monthly gift’s amount at Stripe from its next payment, sends the card to Stripe’s portal, and stops it', async () => {
    const reference = await give('mere@example.org', 'monthly', 2500);
    const {cookie} = await askAndOpen('mere@example.org');
    const headers = {...SAME_SITE, cookie};
    // Below the form's minimum for a monthly gift: refused in words, nothing changed at Stripe.
    const tooSmall = await form(`/me/gifts/${reference}`, {action: 'amount', amount: '0.50'}, headers);
    expect(tooSmall.status).toBe(422);
    expect(await tooSmall.text()).toMatch(/The amount was not changed/);
    const changed = await form(`/me/gifts/${reference}`, {action: 'amount', amount: '40'}, headers);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('$40 AUD a month');
    const subscription = await stripe.client().subscriptions.retrieve(reference);
    expect(subscription.items.data[0]!.price.unit_amount).toBe(4000);
    // The next payment is the new amount, and its receipt says so.
    for (const event of stripe.renew(reference)) await deliver(made.handler, event);
    expect(await test.db.query("select amount from payments where outcome = 'paid' order by recorded_at, key")).toEqual([
      {amount: 2500},
      {amount: 4000},
    ]);
    // The card is changed on Stripe's own page, which comes back here.
    const card = await form(`/me/gifts/${reference}`, {action: 'card'}, headers);
    expect(card.status).toBe(303);
    expect(card.headers.get('location')).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [portal] = [...stripe.billingPortalSessions.values()];
    expect(portal).toMatchObject({customer: subscription.customer, return_url: PAGE});
    // Stopped only when they tick the box.
    expect((await form(`/me/gifts/${reference}`, {action: 'cancel'}, headers)).status).toBe(400);
    const stopped = await form(`/me/gifts/${reference}`, {action: 'cancel', confirm: 'yes'}, headers);
    expect(stopped.status).toBe(200);
    expect((await stripe.client().subscriptions.retrieve(reference)).status).toBe('canceled');
    const page = await (await request('/me', {headers: {cookie}})).text();
    expect(page).toContain('Stopped');
    expect(page).not.toContain('Change amount');
    // Nor can another supporter's session change it.
    await give('vai@example.org');
    const other = await askAndOpen('vai@example.org');
    expect((await form(`/me/gifts/${reference}`, {action: 'amount', amount: '10'}, {...SAME_SITE, cookie: other.cookie})).status).toBe(404);
  });

  it('corrects the supporter’s details, keeping what they typed when a field is wrong', async () => {
    await give('mere@example.org');
    const {cookie} = await askAndOpen('mere@example.org');
    const headers = {...SAME_SITE, cookie};
    const details = {
      firstName: 'Mere',
      lastName: 'Tūhoe-Smith',
      email: 'mere@example.org',
      phone: 'not a phone',
      postcode: '',
      address: '',
    };
    const wrong = await form('/me/details', details, headers);
    expect(wrong.status).toBe(422);
    const text = await wrong.text();
    expect(text).toContain('value="not a phone"');
    expect(text).toContain('value="Tūhoe-Smith"');
    expect(await test.db.query('select last_name from gifts')).toEqual([{last_name: 'Tūhoe'}]);
    const saved = await form('/me/details', {...details, phone: '0412 345 678', email: 'mere.t@example.org'}, headers);
    expect(saved.status).toBe(200);
    expect(await test.db.query('select last_name, email, phone from gifts')).toEqual([
      {last_name: 'Tūhoe-Smith', email: 'mere.t@example.org', phone: '+61412345678'},
    ]);
    // The session follows the new address.
    expect(await (await request('/me', {headers: {cookie}})).text()).toContain('Signed in as mere.t@example.org');
  });

  it('forgets the supporter from their page: their records and mail lose the email, and the link and session stop working', async () => {
    await give('mere@example.org');
    const {cookie} = await askAndOpen('mere@example.org');
    // Another link asked for and not yet sent when they forget themselves.
    await form('/me/link', {email: 'mere@example.org'});
    await made.handler.settled();
    const forgotten = await form('/me/forget', {confirm: 'yes'}, {...SAME_SITE, cookie});
    expect(forgotten.status).toBe(200);
    expect(forgotten.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const everything = JSON.stringify([
      await test.db.query('select * from gifts'),
      await test.db.query('select * from receipts'),
      await test.db.query('select * from mail'),
      await test.db.query('select * from supporter_links'),
      await test.db.query('select * from supporter_sessions'),
      await test.db.query('select payload from outbox'),
    ]);
    expect(everything).not.toContain('mere@example.org');
    const closed = await request('/me', {headers: {cookie}});
    expect(await closed.text()).toContain('Email me a link');
    expect((await request('/me/records.json', {headers: {cookie}})).status).toBe(401);
    await send();
    expect(relay.messages.filter((message) => message.subject?.startsWith('Your link'))).toHaveLength(1);
  });
});
