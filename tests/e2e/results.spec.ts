/**
 * The results page on the built endpoint (`node server/dist/main.mjs`, its records in PGlite in a temporary folder):
 * staff sign in with the admin token and see a published form's experiment, with charts and the tables beside
 * them, in light and dark mode, on a phone's width; the session is an HttpOnly cookie, and the token is nowhere else.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {startEndpoint, type Endpoint} from './endpoint';
import {test, expect, leaksOf, recordRequests} from './fixtures';

/** Obviously fake, as every secret in a test must be. */
const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const FORM = 'rivers-headline';

let endpoint: Endpoint;
let pageOrigin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  endpoint = await startEndpoint('results', {CORAL_ALLOWED_ORIGINS: pageOrigin, CORAL_ADMIN_TOKEN: ADMIN_TOKEN});
});

test.afterAll(() => endpoint?.stop());

/** Publishes a version as `npm run forms -- publish` would, and answers its number. */
async function publish(id: string, config: unknown): Promise<number> {
  const response = await fetch(`${endpoint.base}/forms/${id}`, {
    method: 'PUT',
    headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
    body: JSON.stringify(config),
  });
  const answer = (await response.json()) as {version: number};
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.version;
}

/** A petition whose headline is the experiment: the control's, and a more urgent one. */
const petition = () => ({
  component: 'powerform',
  campaign: 'clean-rivers-2026',
  variant: 'petition',
  fields: {firstName: 'required', lastName: 'hidden', email: 'required', phone: 'hidden', postcode: 'required'},
  gateway: {type: 'http', endpoint: endpoint.base},
  messages: {heading: 'Keep our rivers clean'},
  experiment: {
    id: 'headline',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {id: 'urgent', weight: 1, changes: {messages: {heading: 'Our rivers are dying: act today'}}},
    ],
  },
});

/** What a phone's browser says it is: the endpoint keeps no event from a program. */
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FROM_NEWSLETTER = {utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'rivers-nov'};

/** A visitor's events on the form's variant, as its page sends them (a beacon: JSON as text/plain). */
async function visit(variant: string, kinds: readonly string[]): Promise<void> {
  const visitor = crypto.randomUUID();
  for (const [i, kind] of kinds.entries()) {
    const response = await fetch(`${endpoint.base}/events`, {
      method: 'POST',
      headers: {'content-type': 'text/plain;charset=UTF-8', origin: pageOrigin, 'user-agent': PHONE},
      body: JSON.stringify({form: {id: FORM, version: 1, variant}, kind, visitor, sinceLoad: 1200 * (i + 1), utm: FROM_NEWSLETTER}),
    });
    expect(response.status, await response.text()).toBe(202);
  }
}

/** A signature on the form's variant, as the powerform sends it. */
async function sign(variant: string, firstName: string, email: string): Promise<void> {
  const response = await fetch(`${endpoint.base}/signatures`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: pageOrigin, 'idempotency-key': `rivers-${crypto.randomUUID()}`},
    body: JSON.stringify({
      campaign: 'clean-rivers-2026',
      variant: 'petition',
      supporter: {firstName, email, postcode: '2000', consent: true},
      utm: FROM_NEWSLETTER,
      form: {id: FORM, version: 1, variant},
    }),
  });
  expect(response.status, await response.text()).toBe(200);
}

const SIGNED = ['view', 'start', 'submit', 'done'] as const;

async function signIn(page: Page, token = ADMIN_TOKEN): Promise<void> {
  await page.goto(`${endpoint.base}/results`);
  await page.getByLabel('Admin token', {exact: true}).fill(token);
  await page.getByRole('button', {name: 'Sign in'}).click();
}

const noViolations = async (page: Page) => {
  const results = await new AxeBuilder({page}).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

test('staff sign in with the admin token and see the experiment’s figures, charts and verdict, in light and dark mode', async ({
  page,
  watch,
}) => {
  // The wrong token's page is a 401, which the browser reports.
  watch.expectedErrors.push(/status of 401 \(Unauthorized\)/);
  expect(await publish(FORM, petition())).toBe(1);
  // The control: four visitors, two start, one signs. The urgent headline: four visitors, three sign.
  await visit('control', ['view', 'start', 'submit', 'done']);
  await visit('control', ['view', 'start']);
  await visit('control', ['view']);
  await visit('control', ['view']);
  for (let i = 0; i < 3; i += 1) await visit('urgent', SIGNED);
  await visit('urgent', ['view']);
  await sign('control', 'Aroha', 'aroha.ngata@example.org');
  await sign('urgent', 'Sione', 'sione.fifita@example.org');
  await sign('urgent', 'Mere', 'mere.tane@example.org');
  await sign('urgent', 'Losa', 'losa.tuilagi@example.org');
  const answered = await fetch(`${endpoint.base}/results/${FORM}`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}});
  const {versions} = (await answered.json()) as {versions: {verdict: string | null}[]};
  const verdict = versions[0]?.verdict;
  expect(verdict).toEqual(expect.any(String));

  const requested = recordRequests(page);
  await signIn(page, 'not-the-token');
  await expect(page.getByRole('alert')).toHaveText('That is not the admin token. Check it and try again.');
  await signIn(page);
  await expect(page).toHaveURL(`${endpoint.base}/results`);
  await expect(page.getByRole('combobox', {name: 'Form'})).toHaveValue(FORM);
  await expect(page.getByRole('status')).toHaveText(`Showing “${FORM}” (powerform, campaign clean-rivers-2026).`);

  // The session: HttpOnly, Secure, SameSite=Strict, for 8 hours; the token in no cookie, address or storage. Beside it
  // the browser's device cookie, kept as strictly, which keeps the sign-in's limit from locking this browser out.
  const cookies = await page.context().cookies();
  expect(cookies.map(({name}) => name).sort()).toEqual(['__Host-coral-results', '__Host-coral-results-device']);
  const cookie = cookies.find(({name}) => name === '__Host-coral-results');
  expect(cookies.find(({name}) => name === '__Host-coral-results-device')).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  });
  expect(cookie).toMatchObject({name: '__Host-coral-results', path: '/', httpOnly: true, secure: true, sameSite: 'Strict'});
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(8 * 3600 * 1000 - 120_000);
  expect(cookie!.value).not.toContain(ADMIN_TOKEN);
  expect(page.url()).not.toContain(ADMIN_TOKEN);
  expect(leaksOf(requested, [ADMIN_TOKEN, cookie!.value])).toEqual([]);
  const kept = await page.evaluate(() => JSON.stringify({...localStorage, ...sessionStorage, cookie: document.cookie}));
  expect(kept).not.toContain(ADMIN_TOKEN);
  expect(kept).not.toContain(cookie!.value);

  const report = page.locator('#report');
  const table = (name: string) => report.getByRole('table', {name});
  await expect(table('Version 1: visitors to signatures, by variant').getByRole('row')).toHaveText([
    'VariantVisitorsStartsSubmitsSignatures',
    'control4211',
    'urgent4333',
  ]);
  const today = new Date().toISOString().slice(0, 10);
  await expect(table('Signatures by day').getByRole('row')).toHaveText(['Day (UTC)VisitorsSignatures', `${today}84`]);
  await expect(table('Where visitors came from').getByRole('row').nth(1)).toContainText('newsletteremailrivers-nov84');
  const experiment = table('Version 1, experiment “headline”: signatures per visitor against the control');
  await expect(experiment.getByRole('row').nth(1)).toHaveText(/^control425\.0%Control–\d+\.\d%$/);
  await expect(experiment.getByRole('row').nth(2)).toHaveText(/^urgent475\.0%50\.0% \(-?\d+\.\d% to \d+\.\d%\)\d+\.\d%\d+\.\d%$/);
  await expect(report.getByText(verdict!, {exact: true})).toBeVisible();
  // Each chart an SVG image, named, with its table beside it.
  const charts = report.locator('.pair .chart svg[role="img"]');
  await expect(charts).toHaveCount(4);
  expect(await report.locator('.pair table').count()).toBe(4);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme});
    expect(await noViolations(page), colorScheme).toEqual([]);
  }
  // On a phone's width the charts are drawn again to fit it, not shrunk with their words.
  const chartWidths = () => charts.evaluateAll((svgs) => svgs.map((svg) => Number(svg.getAttribute('width'))));
  const wide = await chartWidths();
  await page.setViewportSize({width: 390, height: 844});
  await expect.poll(async () => Math.max(...(await chartWidths()))).toBeLessThan(390);
  expect(Math.max(...wide)).toBeGreaterThan(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  await page.getByRole('button', {name: 'Sign out'}).click();
  await expect(page.getByLabel('Admin token', {exact: true})).toBeVisible();
  // The session is gone; the device cookie stays, as it opens nothing, and keeps this browser from being locked out.
  expect((await page.context().cookies()).map(({name}) => name)).toEqual(['__Host-coral-results-device']);
});
