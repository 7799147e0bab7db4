/**
 * The results page on the built endpoint (`node server/dist/main.mjs`, its records in PGlite in a temporary folder):
 * staff sign in with the admin token and see a published form's experiment, with charts and the tables beside
 * them, in light and dark mode, on a phone's width; the session is an HttpOnly cookie, and the token is nowhere else.
 * A manager reads it as it is: every column of every table in view on a laptop, none of the key ones hidden on a
 * phone, no bar drawn for nothing, money in the form's currency, the plan and the progress against it, and the form
 * kept in the address. Screenshots of each width and colour mode are kept in test-results/screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {resultsAnswerSchema, type ResultsAnswer} from '../../src/coral/contract';
import {elementsRendered} from './embed';
import {startEndpoint, type Endpoint} from './endpoint';
import {test, expect, leaksOf, recordRequests} from './fixtures';
import {url} from './routes';

// One endpoint for the file's tests, in turn: each names the forms it reads, but the page opens on the newest.
test.describe.configure({mode: 'default'});

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

/** A visitor's events on a variant of version 1 of `form`, as its page sends them (a beacon: JSON as text/plain). */
async function visit(variant: string, kinds: readonly string[], form = FORM): Promise<void> {
  const visitor = crypto.randomUUID();
  for (const [i, kind] of kinds.entries()) {
    const response = await fetch(`${endpoint.base}/events`, {
      method: 'POST',
      headers: {'content-type': 'text/plain;charset=UTF-8', origin: pageOrigin, 'user-agent': PHONE},
      body: JSON.stringify({form: {id: form, version: 1, variant}, kind, visitor, sinceLoad: 1200 * (i + 1), utm: FROM_NEWSLETTER}),
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

/** A form's results as the endpoint answers them. */
async function resultsOf(form: string): Promise<ResultsAnswer> {
  const answered = await fetch(`${endpoint.base}/results/${form}`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}});
  return resultsAnswerSchema.parse(await answered.json());
}

/** The start of the plan's sentence as the page says it (server/results/plan.ts words the whole, and tests it). */
const planned = (metric: string, plan: NonNullable<ResultsAnswer['versions'][number]['plan']>): RegExp =>
  new RegExp(
    `^Plan: Decided on ${metric}\\. To find a lift of ${plan.liftPercent} % or more with 80 % power it needs ` +
      `${new Intl.NumberFormat('en').format(plan.visitors[0]!.visitors)} visitors on each variant: about ${plan.days / 7} weeks? at `,
  );

/** Shows `form` on the signed-in page, by its choice in the list. */
async function choose(page: Page, form: string, component: string): Promise<void> {
  await page.getByRole('combobox', {name: 'Form'}).selectOption(form);
  await expect(page.getByRole('status')).toContainText(`Showing “${form}” (${component},`);
}

/**
 * The header cells of the report's tables that are not wholly in view: outside the window, or outside a box that
 * clips or scrolls them. Each as "caption › column".
 */
const columnsOutOfView = (page: Page): Promise<string[]> =>
  page.locator('#report').evaluate((report) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const cell of report.querySelectorAll('thead th')) {
      const box = cell.getBoundingClientRect();
      const name = `${cell.closest('table')!.caption!.textContent} › ${cell.textContent}`;
      if (box.left < -0.5 || box.right > width + 0.5) out.push(name);
      for (let box2 = cell.parentElement; box2 !== null && box2 !== report; box2 = box2.parentElement) {
        if (getComputedStyle(box2).overflowX === 'visible') continue;
        const clip = box2.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) out.push(`${name} (clipped by .${box2.className})`);
      }
    }
    return out;
  });

/** On a phone: no key column out of view, and a table that must scroll to show the rest says so. */
async function expectKeyColumnsInView(page: Page): Promise<void> {
  const hidden = await columnsOutOfView(page);
  expect(hidden.filter((column) => / › (Variant|Outcome|Difference|Visitors|Gifts|Signatures|Raised|Day)/.test(column))).toEqual([]);
  for (const caption of new Set(hidden.map((column) => column.split(' › ')[0]!))) {
    await expect(
      page
        .locator('#report .tablebox')
        .filter({has: page.getByRole('table', {name: caption, exact: true})})
        .locator('.hint'),
    ).toBeVisible();
  }
}

/** Every chart's words at their size: each SVG shown at the width it was drawn, its text 12 px or more. */
const shrunkCharts = (page: Page): Promise<string[]> =>
  page.locator('#report').evaluate((report) =>
    [...report.querySelectorAll('svg[role="img"]')].flatMap((svg) => {
      const shown = svg.getBoundingClientRect().width;
      const drawn = Number(svg.getAttribute('width'));
      const size = Number.parseFloat(getComputedStyle(svg.querySelector('text')!).fontSize);
      return Math.abs(shown - drawn) > 1 || size < 12
        ? [`${svg.getAttribute('aria-label')}: ${drawn} px shown at ${shown}, ${size} px text`]
        : [];
    }),
  );

/** Axe in both colour modes, and a whole-page screenshot of each kept as test-results/screenshots/results.<name>.<mode>.<width>.png. */
async function readEachWay(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme});
    expect(await noViolations(page), `${colorScheme} at ${width} px`).toEqual([]);
    await page.screenshot({path: `test-results/screenshots/results.${name}.${colorScheme}.${width}.png`, fullPage: true});
  }
  await page.emulateMedia({colorScheme: 'light'});
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
  const {versions} = await resultsOf(FORM);
  const {verdict, plan} = versions[0]!;
  expect(verdict).toEqual(expect.any(String));

  const requested = recordRequests(page);
  await signIn(page, 'not-the-token');
  await expect(page.getByRole('alert')).toHaveText('That is not the admin token. Check it and try again.');
  await signIn(page);
  // The newest form, named in the address.
  await expect(page).toHaveURL(`${endpoint.base}/results?form=${FORM}`);
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
  // A source by its code, or the lack of one, and each of its utm values by name.
  await expect(table('Where visitors came from').getByRole('row').nth(1)).toHaveText(
    'No source codeutm_source: newsletterutm_medium: emailutm_campaign: rivers-nov84',
  );
  const experiment = table('Version 1, experiment “headline”: signatures per visitor against the control');
  await expect(experiment.getByRole('columnheader')).toHaveText([
    'Variant',
    'Outcome',
    'Difference from the control (always-valid 95% interval)',
    'Signatures per visitor',
  ]);
  // The control is the row's role, not a difference; the other is not decided this early, whatever its interval.
  await expect(experiment.getByRole('row').nth(1)).toHaveText('controlthe control——25.0%');
  await expect(experiment.getByRole('row').nth(2)).toHaveText(
    /^urgentNot decided yet\+50\.0 points \(\+200\.0%\)-?\d+\.\d to \d+\.\d points75\.0%$/,
  );
  await expect(report.getByText(verdict!, {exact: true})).toBeVisible();
  // Its plan, and how far it has come against it.
  const whole = new Intl.NumberFormat('en-AU');
  const needed = (variant: string) => whole.format(plan!.visitors.find((each) => each.variant === variant)!.visitors);
  await expect(report.locator('.plan')).toHaveText(planned('signatures per visitor', plan!));
  await expect(report.locator('.progress')).toHaveText(
    `Progress: Day 1 of about ${whole.format(plan!.days)} days planned. Visitors so far, of those needed: control 4 of ${needed('control')}; urgent 4 of ${needed('urgent')}.`,
  );
  // Each chart an SVG image, named; each table beside its chart, but the comparison's, above its chart.
  const charts = report.locator('.chart svg[role="img"]');
  await expect(charts).toHaveCount(4);
  expect(await report.locator('.pair table').count()).toBe(3);
  // And one with no chart: the petition's signatures by country.
  expect(await report.locator('table').count()).toBe(5);
  await expect(report.getByRole('table', {name: 'Signatures by country'})).toBeVisible();
  expect(await columnsOutOfView(page)).toEqual([]);
  expect(await shrunkCharts(page)).toEqual([]);
  await readEachWay(page, 'petition');

  // On a phone's width the charts are drawn again to fit it, not shrunk with their words.
  const chartWidths = () => charts.evaluateAll((svgs) => svgs.map((svg) => Number(svg.getAttribute('width'))));
  const wide = await chartWidths();
  await page.setViewportSize({width: 390, height: 844});
  await expect.poll(async () => Math.max(...(await chartWidths()))).toBeLessThan(390);
  expect(Math.max(...wide)).toBeGreaterThan(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await shrunkCharts(page)).toEqual([]);
  await expectKeyColumnsInView(page);
  await readEachWay(page, 'petition');

  await page.getByRole('button', {name: 'Sign out'}).click();
  await expect(page.getByLabel('Admin token', {exact: true})).toBeVisible();
  // The session is gone; the device cookie stays, as it opens nothing, and keeps this browser from being locked out.
  expect((await page.context().cookies()).map(({name}) => name)).toEqual(['__Host-coral-results-device']);
});

/** A donate form's experiment on its ask, on the sandbox gateway (the default), in Australian dollars (the default). */
const appeal = (experiment: boolean) => ({
  component: 'donate-form',
  campaign: 'save-the-reef',
  frequencies: ['one-off', 'monthly'],
  ...(experiment
    ? {
        experiment: {
          id: 'higher-asks',
          variants: [
            {id: 'control', weight: 1, changes: {}},
            {id: 'higher', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
          ],
        },
      }
    : {}),
});

test('a manager reads a donate form whose newest version has no visitor yet, on a laptop and a phone, and the page keeps the form in its address', async ({
  page,
}) => {
  const APPEAL = 'reef-appeal';
  await publish('reef-petition', {...petition(), experiment: undefined});
  expect(await publish(APPEAL, appeal(true))).toBe(1);
  // Visitors who look and start, but none who gives: every figure of money is nothing, in dollars.
  for (const variant of ['control', 'higher']) {
    await visit(variant, ['view', 'start'], APPEAL);
    await visit(variant, ['view'], APPEAL);
  }
  expect(await publish(APPEAL, appeal(false))).toBe(2);
  const {versions} = await resultsOf(APPEAL);
  expect(versions.map((each) => [each.version, each.sandbox, each.days])).toEqual([
    [1, true, 0],
    [2, true, null],
  ]);
  const {plan} = versions[0]!;

  await signIn(page);
  // The page opens on the form published last, and names it in the address.
  const formChoice = page.getByRole('combobox', {name: 'Form'});
  await expect(formChoice).toHaveValue(APPEAL);
  await expect(page).toHaveURL(`${endpoint.base}/results?form=${APPEAL}`);
  const report = page.locator('#report');
  const table = (name: string) => report.getByRole('table', {name, exact: true});
  await expect(page.getByRole('status')).toHaveText(`Showing “${APPEAL}” (donate-form, campaign save-the-reef).`);

  // The newest version first: no visitor, so no bar, and a sentence instead.
  const versionOf = (heading: string) => report.getByRole('heading', {name: heading, exact: true, level: 3}).locator('xpath=..');
  const newest = versionOf('Version 2');
  await expect(newest.getByText('No visitor has seen this version yet: its funnel is drawn here once one has.')).toBeVisible();
  expect(await newest.locator('svg').count()).toBe(0);
  await expect(table('Version 2: visitors to gifts, by variant').getByRole('row').nth(1)).toHaveText('All visitors0000');
  // Nothing raised yet: no bar of $0 either, and the money in the form's currency.
  await expect(report.getByText('Nothing raised yet: each day’s gifts are drawn here once a payment is paid.')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect(table('Gifts and amount raised by day').getByRole('row').nth(1)).toHaveText(`${today}40$0.00`);
  // Each version on the sandbox gateway says so.
  await expect(report.getByText(/^This version is on the sandbox gateway: no gift made on it is paid/)).toHaveCount(2);

  // The experiment: its verdict, plan and progress at the top, the metric named as compared, beside it uncapped.
  const tested = versionOf('Version 1: experiment “higher-asks”');
  await expect(tested.locator('.verdict')).toHaveText(versions[0]!.verdict!);
  await expect(tested.locator('.plan')).toHaveText(planned('revenue per visitor', plan!));
  const whole = new Intl.NumberFormat('en-AU');
  const needed = whole.format(plan!.visitors[0]!.visitors);
  await expect(tested.locator('.progress')).toHaveText(
    `Progress: Day 1 of about ${whole.format(plan!.days)} days planned. Visitors so far, of those needed: control 2 of ${needed}; higher 2 of ${needed}.`,
  );
  const experiment = table('Version 1, experiment “higher-asks”: revenue per visitor against the control');
  await expect(experiment.getByRole('columnheader')).toHaveText([
    'Variant',
    'Outcome',
    'Difference from the control (always-valid 95% interval)',
    'Revenue per visitor, as compared',
    'Revenue per visitor, uncapped',
  ]);
  // No gift on either: nothing to compare, and nothing drawn for it.
  await expect(experiment.getByRole('row').nth(1)).toHaveText('controlthe control——$0.00$0.00');
  await expect(experiment.getByRole('row').nth(2)).toHaveText('higherNot compared yet—$0.00$0.00');
  await expect(tested.getByText('The comparison with the control is drawn here once the variants have visitors who gave.')).toBeVisible();
  // A funnel with visitors draws its bars.
  await expect(tested.locator('.pair svg[role="img"]')).toHaveCount(1);

  // On a laptop, every column of every table in view, and every chart at the size it was drawn.
  expect(await columnsOutOfView(page)).toEqual([]);
  expect(await shrunkCharts(page)).toEqual([]);
  await readEachWay(page, 'appeal');
  // On a phone: nothing wider than the screen; a table that must scroll says so, and its key columns stay in view.
  await page.setViewportSize({width: 390, height: 844});
  await expect.poll(() => shrunkCharts(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectKeyColumnsInView(page);
  await readEachWay(page, 'appeal');
  await page.setViewportSize({width: 1280, height: 720});

  // The choice is kept in the address: across a reload, and back and forward.
  await choose(page, 'reef-petition', 'powerform');
  await expect(page).toHaveURL(`${endpoint.base}/results?form=reef-petition`);
  await page.reload();
  await expect(formChoice).toHaveValue('reef-petition');
  await expect(page.getByRole('status')).toContainText('Showing “reef-petition”');
  await page.goBack();
  await expect(page).toHaveURL(`${endpoint.base}/results?form=${APPEAL}`);
  await expect(formChoice).toHaveValue(APPEAL);
  await expect(page.getByRole('status')).toContainText(`Showing “${APPEAL}”`);
  await page.goForward();
  await expect(formChoice).toHaveValue('reef-petition');
  await expect(page.getByRole('status')).toContainText('Showing “reef-petition”');
  // An address naming no form here says so, and opens the newest.
  await page.goto(`${endpoint.base}/results?form=no-such-form`);
  await expect(page.getByRole('status')).toHaveText(
    `No form “no-such-form” is published here. Showing “${APPEAL}” (donate-form, campaign save-the-reef).`,
  );
  await expect(page).toHaveURL(`${endpoint.base}/results?form=${APPEAL}`);
});

test.describe('a newsletter reader', () => {
  // A desktop Chrome as supporters run it: the endpoint counts no crawler's events, and headless Chromium names itself one.
  test.use({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });

  test('who comes from the newsletter to a powerform that reads no URL parameter and signs is credited to the newsletter, visit and signature', async ({
    page,
  }) => {
    const NEWS = 'rivers-newsletter';
    await publish(NEWS, {...petition(), urlParams: false, experiment: undefined});
    await page.goto(url('/embed/plain.html?utm_source=newsletter'));
    await elementsRendered(page);
    await page.evaluate(
      ([form, base]) => (document.body.innerHTML = `<main><coral-powerform form="${form}" endpoint="${base}"></coral-powerform></main>`),
      [NEWS, endpoint.base],
    );
    const form = page.locator('coral-powerform');
    await expect(form.getByRole('heading', {name: 'Keep our rivers clean'})).toBeVisible();
    await form.getByLabel('First name', {exact: true}).fill('Tama');
    await form.getByLabel('Email', {exact: true}).fill('tama.rangi@example.org');
    await form.getByLabel('Postcode', {exact: true}).fill('2000');
    await form.getByRole('button', {name: 'Sign now'}).click();
    await expect(form.getByRole('heading', {name: 'Thank you, Tama!'})).toBeVisible();

    await expect.poll(async () => (await resultsOf(NEWS)).versions[0]!.variants[0]!.signatures).toBe(1);
    await signIn(page);
    await choose(page, NEWS, 'powerform');
    await expect(page.locator('#report').getByRole('table', {name: 'Where visitors came from'}).getByRole('row')).toHaveText([
      'SourceVisitorsSignatures',
      'No source codeutm_source: newsletter11',
    ]);
  });
});
