/**
 * A supporter's own page on the built endpoint (`node server/dist/main.mjs`, its records in PGlite), with gifts at the
 * Stripe stand-in and mail through a real SMTP server the test runs: the supporter asks for a link, opens it from the
 * email received, sees their gifts, downloads a receipt, changes their monthly amount, stops the gift and forgets
 * themselves; then nothing the endpoint keeps holds their email, and their session opens nothing. The page is
 * checked with axe in light and dark mode, and at a phone's width it never scrolls sideways. Screenshots of each are
 * kept in test-results/screenshots/.
 */
import {createServer} from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import Stripe from 'stripe';
import {PGlite} from '@electric-sql/pglite';
import {GUARD_SECRET, WEBHOOK_SECRET} from '../../server/testing/fixtures';
import {pdfText, startSmtpReceiver, type SmtpReceiver} from '../../server/testing/smtpServer';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../../server/testing/stripeStandIn';
import {startEndpoint, type Endpoint} from './endpoint';
import {test, expect} from './fixtures';

test.describe.configure({mode: 'default'});

const EMAIL = 'mere.tuhoe@example.org';
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';
const CAMPAIGN = {campaign: 'reef-monthly', frequencies: ['one-off', 'monthly'], fields: {phone: 'optional'}};

let endpoint: Endpoint;
let stripe: StripeStandIn;
let relay: SmtpReceiver;
let pageOrigin: string;

const freePort = () =>
  new Promise<number>((found) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => found(port));
    });
  });

/** Stripe's events, signed as Stripe signs them, delivered to the endpoint's webhook. */
async function deliver(events: object[]): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify({api_version: Stripe.API_VERSION, ...event});
    const response = await fetch(`${endpoint.base}/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET}),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
  }
}

/** A monthly gift of $25, made and paid as the donate form and Stripe would. */
async function giveMonthly(): Promise<string> {
  const response = await fetch(`${endpoint.base}/gifts`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: pageOrigin, 'idempotency-key': `supporter-page-${Date.now()}`},
    body: JSON.stringify({
      campaign: CAMPAIGN.campaign,
      amount: 2500,
      fee: 0,
      currency: 'AUD',
      frequency: 'monthly',
      method: 'card',
      supporter: {firstName: 'Mere', lastName: 'Tūhoe', email: EMAIL, postcode: '4870', consent: true},
      utm: {},
    }),
  });
  const body = (await response.json()) as {reference: string; clientSecret: string};
  expect(response.status, JSON.stringify(body)).toBe(200);
  await deliver(stripe.confirm(body.clientSecret, 'pm_card_visa'));
  return body.reference;
}

/** The newest message to the supporter whose subject starts so, once the endpoint's mailer has sent it. */
async function mailTo(subject: string) {
  await expect
    .poll(() => relay.messages.filter((message) => message.subject?.startsWith(subject)).length, {timeout: 20_000})
    .toBeGreaterThan(0);
  return relay.messages.filter((message) => message.subject?.startsWith(subject)).at(-1)!;
}

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({width: 390, height: 844});
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({width: 1000, height: 900});
}

async function axeClean(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme});
    const results = await new AxeBuilder({page}).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await page.screenshot({path: `test-results/screenshots/supporter-page-${name}-${colorScheme}.png`, fullPage: true});
  }
  await page.emulateMedia({colorScheme: 'light'});
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  [stripe, relay] = await Promise.all([startStripeStandIn({clock: () => Math.floor(Date.now() / 1000)}), startSmtpReceiver()]);
  const port = await freePort();
  endpoint = await startEndpoint('supporter-page', {
    PORT: String(port),
    CORAL_ALLOWED_ORIGINS: pageOrigin,
    CORAL_CAMPAIGNS: JSON.stringify([CAMPAIGN]),
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CORAL_GUARD_SECRET: GUARD_SECRET,
    CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
    CORAL_SMTP_URL: relay.url,
    CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
    CORAL_RECEIPTS: JSON.stringify({
      legalName: 'Reef Action Fund Ltd',
      number: 'ABN 51 824 753 556',
      taxWords: {AU: 'Gifts of $2 or more to the Reef Action Fund are tax deductible in Australia.'},
    }),
    CORAL_PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
});

test.afterAll(async () => {
  await endpoint?.stop();
  await Promise.all([stripe?.close(), relay?.close()]);
});

test('a supporter opens their page from the link they asked for, changes and stops their monthly gift, and forgets themselves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const subscription = await giveMonthly();
  const receipt = await mailTo('Receipt 000001');
  expect(receipt.to && 'text' in receipt.to ? receipt.to.text : '').toBe(EMAIL);

  // Asking for a link.
  await page.goto(`${endpoint.base}/me`);
  await axeClean(page, 'ask');
  await noSidewaysScroll(page);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByRole('button', {name: 'Email me a link'}).click();
  await expect(page.getByRole('heading', {name: 'Check your email'})).toBeVisible();

  // Opened from the email, as the supporter's mail program shows it.
  const message = await mailTo('Your link');
  const link = /http:\/\/127\.0\.0\.1:\d+\/me\/open\?token=[0-9a-f]{64}/.exec(message.text ?? '')?.[0];
  expect(link, message.text).toBeDefined();
  expect(message.html).toContain(link!.replace(/&/g, '&amp;'));
  await page.goto(link!);
  await page.getByRole('button', {name: 'Open my page'}).click();
  await expect(page.getByRole('heading', {name: 'Your gifts and details'})).toBeVisible();
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === '__Host-coral-supporter')).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  });
  await expect(page.getByRole('heading', {name: '$25 AUD a month to reef-monthly'})).toBeVisible();
  await axeClean(page, 'page');
  await noSidewaysScroll(page);

  // A receipt, downloaded and read.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', {name: 'Receipt 000001 (PDF)'}).click()]);
  expect(download.suggestedFilename()).toBe('receipt-000001.pdf');
  const {readFileSync} = await import('node:fs');
  const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
  for (const words of ['Reef Action Fund Ltd', 'ABN 51 824 753 556', 'Mere Tūhoe', '$25 AUD', '000001', 'tax deductible in Australia']) {
    expect(text).toContain(words);
  }

  // The monthly amount changed, at Stripe.
  await page.getByLabel('New amount (AUD)').fill('40');
  await page.getByRole('button', {name: 'Change amount'}).click();
  await expect(page.getByRole('status')).toContainText('amount is changed');
  await expect(page.getByRole('heading', {name: '$40 AUD a month to reef-monthly'})).toBeVisible();
  expect(stripe.subscriptions.get(subscription)?.items).toMatchObject({data: [{price: {unit_amount: 4000}}]});

  // Stopped.
  await page.getByLabel('I want to stop this gift').check();
  await page.getByRole('button', {name: 'Stop this gift'}).click();
  await expect(page.getByRole('status')).toContainText('is stopped');
  expect(stripe.subscriptions.get(subscription)?.status).toBe('canceled');

  // Forgotten, after the confirmation.
  await page.getByRole('link', {name: 'Forget me'}).click();
  await axeClean(page, 'forget');
  await page.getByLabel('Yes, erase my details').check();
  await page.getByRole('button', {name: 'Forget me'}).click();
  await expect(page.getByRole('heading', {name: 'Forgotten'})).toBeVisible();

  // The session opens nothing now, even with its cookie put back.
  await page.context().addCookies(cookies.filter((cookie) => cookie.name === '__Host-coral-supporter'));
  await page.goto(`${endpoint.base}/me`);
  await expect(page.getByRole('button', {name: 'Email me a link'})).toBeVisible();

  // The export holds nothing of the email.
  const exported = await (await fetch(`${endpoint.base}/export?kind=gifts`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}})).text();
  expect(exported).toContain(subscription);
  expect(exported.toLowerCase()).not.toContain(EMAIL);

  // Nor does anything else the endpoint keeps, the mail queue and the outbox among them.
  await endpoint.stop({keepRecords: true});
  const db = new PGlite(endpoint.dataDir);
  try {
    for (const table of [
      'gifts',
      'payments',
      'receipts',
      'mail',
      'outbox',
      'supporter_links',
      'supporter_sessions',
      'statements',
      'stripe_customers',
    ]) {
      const {rows} = await db.query(`select * from ${table}`);
      expect(JSON.stringify(rows).toLowerCase(), table).not.toContain(EMAIL);
    }
    expect((await db.query('select 1 from supporter_sessions')).rows).toEqual([]);
  } finally {
    await db.close();
    endpoint.remove();
  }
});
