/**
 * A published form's experiment and events in the browser, against the built endpoint: a visitor sees one variant,
 * the same after a reload, and a run of new visitors sees each; the events the page sends carry nothing the supporter
 * typed and are what the endpoint takes; and the site's demos, whose configs are on the page, send none.
 */
import type {Page, Request} from '@playwright/test';
import {eventRequestSchema, resultsAnswerSchema} from '../../src/coral/contract';
import {elementsRendered} from './embed';
import {publishForm, startEndpoint, type Endpoint} from './endpoint';
import {test, expect, openHydrated, fillCard, fillDonor} from './fixtures';
import {url} from './routes';

/** Obviously fake, as every secret in a test must be. */
const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';

/** A desktop Chrome as supporters run it: the endpoint counts no crawler's events, and headless Chromium names itself one. */
test.use({
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const CONTROL = 'Keep our rivers clean';
const CHALLENGER = 'Stand up for our rivers';
/** The petition as staff publish it, with the experiment on its headline, signing through the endpoint. */
const petition = () => ({
  component: 'powerform',
  campaign: 'clean-rivers-2026',
  variant: 'petition',
  sourceCode: 'EM26-RIVERS',
  fields: {firstName: 'required', lastName: 'required', email: 'required', phone: 'required', postcode: 'required'},
  gateway: {type: 'http', endpoint: endpoint.base},
  messages: {heading: CONTROL},
  experiment: {
    id: 'rivers-headline',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {id: 'stand-up', weight: 1, changes: {messages: {heading: CHALLENGER}}},
    ],
  },
});
/** A signer as people write themselves, with each value also as it may travel (encoded, or the digits alone). */
const SIGNER = {firstName: 'Aroha', lastName: 'Ngata', email: 'aroha.ngata@example.org', phone: '0412 345 678', postcode: '2000'};
const TRACES = [...Object.values(SIGNER), 'aroha.ngata%40example.org', '0412345678', '412345678', 'Aroha%20Ngata'];

let endpoint: Endpoint;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  endpoint = await startEndpoint('experiments', {
    CORAL_ALLOWED_ORIGINS: pageOrigin,
    CORAL_ADMIN_ORIGINS: pageOrigin,
    CORAL_ADMIN_TOKEN: ADMIN_TOKEN,
  });
});

test.afterAll(() => endpoint?.stop());

const publish = (id: string, config: unknown) => publishForm(endpoint, ADMIN_TOKEN, id, config);

/** The plain embed page with the petition in its body; a reload is a new page of the same tab. */
async function openPetition(page: Page, id: string): Promise<string> {
  await page.goto(url('/embed/plain.html?utm_source=newsletter&utm_medium=email'));
  await elementsRendered(page);
  await page.evaluate(
    ([form, base]) => (document.body.innerHTML = `<h1>Rivers</h1><coral-powerform form="${form}" endpoint="${base}"></coral-powerform>`),
    [id, endpoint.base],
  );
  const heading = page.locator('coral-powerform').getByRole('heading', {name: new RegExp(`^(${CONTROL}|${CHALLENGER})$`)});
  await expect(heading).toBeVisible();
  return (await heading.textContent()) ?? '';
}

test('a visitor sees one variant, the same after a reload; new visitors see each', async ({page}) => {
  await publish('rivers-headline', petition());
  const first = await openPetition(page, 'rivers-headline');
  expect(await openPetition(page, 'rivers-headline')).toBe(first);
  expect(await page.evaluate(() => sessionStorage.getItem('coral:visitor'))).toMatch(/^[0-9a-f]{32}$/);
  const seen = new Set([first]);
  // Even odds for each new visitor: both headlines within 24 visitors, but for a chance of one in four million.
  for (let visitor = 0; visitor < 24 && seen.size < 2; visitor += 1) {
    await page.evaluate(() => sessionStorage.removeItem('coral:visitor'));
    seen.add(await openPetition(page, 'rivers-headline'));
  }
  expect([...seen].sort()).toEqual([CHALLENGER, CONTROL].sort());
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
});

test('the events carry no personal data, and the endpoint takes each of them', async ({page}) => {
  const version = await publish('rivers-events', petition());
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  // Chromium gives a beacon's body to a route, not to the request as the network sent it: the route lets each pass on as sent.
  await page.route(`${endpoint.base}/events`, (route) => route.continue());
  const sent = (kind: string) =>
    page.waitForRequest(
      (request) => request.url() === `${endpoint.base}/events` && request.postData()?.includes(`"kind":"${kind}"`) === true,
    );
  // The signer reads before typing, as a person does: the form is seen before it is started.
  const viewed = sent('view');
  const heading = await openPetition(page, 'rivers-events');
  await viewed;
  const variant = heading === CONTROL ? 'control' : 'stand-up';
  const form = page.locator('coral-powerform');
  await form.getByLabel('First name', {exact: true}).fill(SIGNER.firstName);
  await form.getByLabel('Last name', {exact: true}).fill(SIGNER.lastName);
  await form.getByLabel('Email', {exact: true}).fill(SIGNER.email);
  await form.getByLabel('Mobile', {exact: true}).fill(SIGNER.phone);
  await form.getByLabel('Postcode', {exact: true}).fill(SIGNER.postcode);
  const done = sent('done');
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(form.getByRole('heading', {name: `Thank you, ${SIGNER.firstName}!`})).toBeVisible();
  await done;

  const signed = requests.filter((request) => request.url() === `${endpoint.base}/signatures` && request.method() === 'POST');
  expect(signed).toHaveLength(1);
  expect(signed[0]!.postDataJSON()).toMatchObject({form: {id: 'rivers-events', version, variant}, supporter: {email: SIGNER.email}});
  const events = requests.filter((request) => request.url() === `${endpoint.base}/events`);
  const bodies = events.map((request) => eventRequestSchema.parse(JSON.parse(request.postData() ?? 'null')));
  expect(bodies.map((body) => body.kind)).toEqual(['view', 'start', 'submit', 'done']);
  for (const body of bodies) {
    expect(body).toMatchObject({form: {id: 'rivers-events', version, variant}, source: 'EM26-RIVERS'});
    expect(body.utm).toEqual({utm_source: 'newsletter', utm_medium: 'email'});
  }
  // Each answered, so each is kept before the results are read.
  for (const request of events) {
    expect(request.headers()['content-type']).toBe('text/plain');
    expect((await request.response())?.status(), `${request.postData()}\n${endpoint.output()}`).toBeLessThan(300);
  }
  // Kept, not dropped as a crawler's: the results count this visitor once in the variant they saw.
  const results = await fetch(`${endpoint.base}/results/rivers-events`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}});
  const {versions} = resultsAnswerSchema.parse(await results.json());
  expect(versions.find((each) => each.version === version)?.variants.find((each) => each.variant === variant)).toMatchObject({
    visitors: 1,
    starts: 1,
    submits: 1,
    signatures: 1,
  });
  // Nothing the signer typed goes to the endpoint, in an address or a body, but in the signature itself.
  const others = requests.filter((request) => request.url().startsWith(endpoint.base) && !signed.includes(request));
  expect(others.length).toBeGreaterThan(bodies.length);
  for (const request of others) {
    const sent = `${decodeURIComponent(request.url())} ${request.postData() ?? ''} ${JSON.stringify(request.headers())}`;
    expect(
      TRACES.filter((trace) => sent.includes(trace)),
      request.url(),
    ).toEqual([]);
  }
});

test('the site’s demos, whose configs are on the page, send no events', async ({page}) => {
  const events: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('/events') && events.push(request.url()));
  await openHydrated(page, url('/demos/donate-form-medium'));
  const donate = page.locator('form#donate');
  await fillDonor(donate);
  await fillCard(donate);
  await donate.getByRole('button', {name: 'Give $60'}).click();
  await expect(donate.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  await openHydrated(page, url('/demos/powerform'));
  await page.getByLabel('First name', {exact: true}).fill(SIGNER.firstName);
  await openHydrated(page, url('/demos/thankyou'));
  await expect(page.getByRole('heading', {name: /^Thank you/}).first()).toBeVisible();
  // What a form read by its id sends goes at once, in the same task as the focus or the scroll: by a reload it is sent.
  await page.reload();
  expect(events).toEqual([]);
});
