/**
 * Forms published on the built endpoint (`node server/dist/main.mjs`, its records in PGlite in a temporary folder)
 * and embedded by id: the element renders the published config and signs through the endpoint with its form and
 * version, a new version shows on a fresh page, an endpoint that cannot be reached gives the failed box and a retry
 * that works, and the demos' Customise tab publishes a config after showing what it changes.
 */
import type {Page} from '@playwright/test';
import {elementsRendered} from './embed';
import {publishForm, startEndpoint, type Endpoint} from './endpoint';
import {test, expect, leaksOf, openHydrated, recordRequests} from './fixtures';
import {url} from './routes';

/** Obviously fake, as every secret in a test must be. */
const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';

const HEADING = 'Keep our rivers clean';
/** The petition as staff publish it, signing through the endpoint: its campaign is listed nowhere else. */
const petition = (heading = HEADING) => ({
  component: 'powerform',
  campaign: 'clean-rivers-2026',
  variant: 'petition',
  counter: {count: 40, goal: 500, url: `${endpoint.base}/campaigns/clean-rivers-2026/count`},
  fields: {firstName: 'required', lastName: 'hidden', email: 'required', phone: 'hidden', postcode: 'required'},
  gateway: {type: 'http', endpoint: endpoint.base},
  messages: {heading},
});
const SIGNER = {firstName: 'Aroha', email: 'aroha.ngata@example.org', postcode: '2000'};

let endpoint: Endpoint;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  endpoint = await startEndpoint('published', {
    CORAL_ALLOWED_ORIGINS: pageOrigin,
    CORAL_ADMIN_ORIGINS: pageOrigin,
    CORAL_ADMIN_TOKEN: ADMIN_TOKEN,
    CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
    // No campaigns file: every form it takes is published on it.
  });
});

test.afterAll(() => endpoint?.stop());

const publish = (id: string, config: unknown) => publishForm(endpoint, ADMIN_TOKEN, id, config);

/**
 * The e2e server's plain embed page with its body replaced: the browser's own load of a loopback page, which Chromium
 * lets read from the endpoint's loopback port (a page answered by page.route may not).
 */
async function openWith(page: Page, body: string): Promise<void> {
  await page.goto(url('/embed/plain.html'));
  await elementsRendered(page);
  await page.evaluate((html) => (document.body.innerHTML = html), body);
}

const byId = (id: string, base = endpoint.base) => `<h1>Rivers</h1><coral-powerform form="${id}" endpoint="${base}"></coral-powerform>`;

test('an element by id renders the published form and signs through the endpoint with its form and version', async ({page}) => {
  const version = await publish('rivers', petition());
  const requested = recordRequests(page);
  await openWith(page, byId('rivers'));
  const form = page.locator('coral-powerform');
  await expect(form.getByRole('heading', {name: HEADING})).toBeVisible();
  // Counted from the published starting figure: the signatures of the other tests' forms of this campaign count too.
  await expect(form.getByRole('progressbar')).toHaveAccessibleName(/^4\d of 500 signatures$/);
  const before = Number((await form.getByRole('progressbar').getAttribute('aria-valuenow')) ?? NaN);

  await form.getByLabel('First name', {exact: true}).fill(SIGNER.firstName);
  await form.getByLabel('Email', {exact: true}).fill(SIGNER.email);
  await form.getByLabel('Postcode', {exact: true}).fill(SIGNER.postcode);
  const sent = page.waitForRequest((request) => request.url() === `${endpoint.base}/signatures` && request.method() === 'POST');
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(form.getByRole('heading', {name: `Thank you, ${SIGNER.firstName}!`})).toBeVisible();
  expect((await sent).postDataJSON()).toMatchObject({campaign: 'clean-rivers-2026', form: {id: 'rivers', version}});
  await expect(form.getByRole('progressbar')).toHaveAccessibleName(`${before + 1} of 500 signatures`);

  const exported = await fetch(`${endpoint.base}/export?kind=signatures`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}});
  const csv = await exported.text();
  expect(csv, endpoint.output()).toContain(`${SIGNER.email}`);
  // The form, its version, and no variant (this form has no experiment); then, last, the signer's country, the form's own.
  expect(csv.trim().split('\n').at(-1)).toMatch(new RegExp(`,rivers,${version},,AU$`));
  expect(leaksOf(requested, [SIGNER.firstName, SIGNER.email]).filter((leak) => !leak.startsWith(endpoint.base))).toEqual([]);
});

test('a new version shows on a page opened after it is published', async ({page}) => {
  await publish('rivers-title', petition());
  await openWith(page, byId('rivers-title'));
  await expect(page.locator('coral-powerform').getByRole('heading', {name: HEADING})).toBeVisible();
  await publish('rivers-title', petition('Rivers run clean again'));
  await openWith(page, byId('rivers-title'));
  await expect(page.locator('coral-powerform').getByRole('heading', {name: 'Rivers run clean again'})).toBeVisible();
});

test('an endpoint that cannot be reached shows the failed box, and trying again renders the form', async ({page, watch}) => {
  // The refused connection, as the browser and the element report it.
  watch.expectedErrors.push(/ERR_CONNECTION_REFUSED/, /^Coral: could not read form "rivers-retry"/);
  await publish('rivers-retry', petition());
  let refusing = true;
  await page.route(`${endpoint.base}/forms/rivers-retry*`, (route) => (refusing ? route.abort('connectionrefused') : route.fallback()));
  await openWith(page, byId('rivers-retry'));
  const form = page.locator('coral-powerform');
  const retry = form.getByRole('button', {name: 'Try again'});
  await expect(retry).toBeVisible();
  // It looks like a button on a page with no styles of Coral's: a border and a colour of its own, not bold text.
  const look = await retry.evaluate((button) => {
    const style = getComputedStyle(button);
    return {
      border: style.borderTopStyle,
      width: style.borderTopWidth,
      colour: style.borderTopColor,
      height: button.getBoundingClientRect().height,
    };
  });
  expect(look).toMatchObject({border: 'solid', width: '2px'});
  expect(look.colour).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.height).toBeGreaterThanOrEqual(44);
  await expect(form.getByRole('heading', {name: HEADING})).toHaveCount(0);
  refusing = false;
  await retry.click();
  await expect(form.getByRole('heading', {name: HEADING})).toBeVisible();
});

test('a form the endpoint does not have says so to the supporter, with the element’s own link, and names neither endpoint nor id', async ({
  page,
  watch,
}) => {
  watch.expectedErrors.push(/404/, /^Coral: form "no-such-rivers" is not on /);
  const tag = `<coral-powerform form="no-such-rivers" endpoint="${endpoint.base}" fallback-url="https://www.example.org/sign"><a href="https://www.example.org/sign">Sign on our website</a></coral-powerform>`;
  await openWith(page, tag);
  const form = page.locator('coral-powerform');
  const box = form.getByRole('alert');
  await expect(box).toContainText('This powerform is not available.');
  await expect(box).not.toContainText(endpoint.base);
  await expect(box).not.toContainText('no-such-rivers');
  await expect(form.getByRole('link', {name: 'Continue on our website'})).toHaveAttribute('href', 'https://www.example.org/sign');
});

test('while the form is read, the element keeps the room the page gives it, so nothing below it moves', async ({page}) => {
  await publish('rivers-room', petition());
  const below = '<p id="below">What the page says after the form.</p>';
  // The form's height once drawn, as a page measures its own form's to give the element that room.
  await openWith(page, `${byId('rivers-room')}${below}`);
  const form = page.locator('coral-powerform');
  await expect(form.getByRole('heading', {name: HEADING})).toBeVisible();
  await expect(form.getByRole('progressbar')).toBeVisible();
  const height = await form.evaluate((element) => element.getBoundingClientRect().height);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${endpoint.base}/forms/rivers-room*`, async (route) => {
    await held;
    await route.fallback();
  });
  const tag = `<coral-powerform form="rivers-room" endpoint="${endpoint.base}" style="--coral-loading-height: ${height}px"></coral-powerform>`;
  await openWith(page, `<h1>Rivers</h1>${tag}${below}`);
  const top = () => page.locator('#below').evaluate((element) => element.getBoundingClientRect().top);
  await expect(form).toHaveJSProperty('isConnected', true);
  await expect.poll(top).toBeGreaterThan(height);
  const whileLoading = await top();
  await expect(form.getByRole('heading', {name: HEADING})).toHaveCount(0);
  release();
  await expect(form.getByRole('heading', {name: HEADING})).toBeVisible();
  await expect(form.getByRole('progressbar')).toBeVisible();
  expect(Math.abs((await top()) - whileLoading)).toBeLessThan(1);
});

test('the Customise tab shows what a change does to the published form, publishes it, and gives the snippet by id', async ({
  page,
  watch,
}) => {
  // The endpoint has no such form yet: its 404 is how the tab learns the form is new.
  watch.expectedMissing.add('/forms/medium-2026');
  await openHydrated(page, url('/demos/donate-form-medium'));
  await page.getByRole('tab', {name: 'Customise'}).click();
  const editor = page.getByRole('tabpanel');
  const panel = editor.locator('details').filter({has: page.locator('summary', {hasText: /^Publish to your endpoint$/})});
  await panel.locator('summary').click();
  await panel.getByLabel('Endpoint address', {exact: true}).fill(endpoint.base);
  await panel.getByLabel('Admin token', {exact: true}).fill(ADMIN_TOKEN);
  await panel.getByLabel('Form id', {exact: true}).fill('medium-2026');
  await panel.getByLabel('Your name (optional)', {exact: true}).fill('Aroha Ngāti-Māori');
  await panel.getByRole('button', {name: 'Show what will change'}).click();
  const status = panel.getByRole('status');
  await expect(status).toHaveText('“medium-2026” is new on this endpoint.');
  await panel.getByRole('button', {name: 'Publish version 1'}).click();
  await expect(status).toContainText('Published as version 1.');

  // A change in the editor: the panel shows it against the version just published, in the editor's own names.
  await editor.getByRole('group', {name: 'Layout', exact: true}).getByRole('radio', {name: 'wizard'}).check();
  await expect(panel.getByRole('listitem')).toHaveText(['Layout: single → wizard']);
  await panel.getByRole('button', {name: 'Publish version 2'}).click();
  await expect(status).toContainText('Published as version 2.');
  const snippet = await status.locator('code').textContent();
  expect(snippet).toContain(`<coral-donate-form form="medium-2026" endpoint="${endpoint.base}">`);

  const published = (await (await fetch(`${endpoint.base}/forms/medium-2026`)).json()) as {version: number; config: {layout?: string}};
  expect(published).toMatchObject({version: 2, config: {layout: 'wizard'}});
  const listed = await fetch(`${endpoint.base}/forms`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}});
  const {forms} = (await listed.json()) as {forms: {form: string; versions: {publishedBy: string}[]}[]};
  expect(forms.find((form) => form.form === 'medium-2026')?.versions.map((version) => version.publishedBy)).toEqual([
    'Aroha Ngāti-Māori',
    'Aroha Ngāti-Māori',
  ]);
  // The token stays in the open tab: not in its address, nor in anything the site keeps.
  expect(page.url()).not.toContain(ADMIN_TOKEN);
  const kept = await page.evaluate(() => JSON.stringify({...localStorage, ...sessionStorage}));
  expect(kept).not.toContain(ADMIN_TOKEN);
});
