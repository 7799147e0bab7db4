/**
 * The powerform's counter against the built reference endpoint, as an operator runs it (`node server/dist/main.mjs`,
 * its records in PGlite in a temporary folder): the counter shows the endpoint's live count, moves at once with a
 * signature, and counts a signer who signs twice once.
 */
import type {Locator, Page} from '@playwright/test';
import {elementTag, elementsRendered} from './embed';
import {startEndpoint, type Endpoint} from './endpoint';
import {test, expect, leaksOf, recordRequests} from './fixtures';
import {url} from './routes';

/** One petition, as both the endpoint and the page have it; the fields are the ones the signer fills in. */
const CAMPAIGN = {
  campaign: 'clean-rivers',
  variant: 'petition',
  counter: {count: 10, goal: 100},
  fields: {firstName: 'required', lastName: 'hidden', email: 'required', phone: 'hidden', postcode: 'required'},
};
const SIGNER = {firstName: 'Aroha', email: 'aroha.ngata@example.org', postcode: '2000'};

/** The running endpoint, and the e2e server's origin, where the campaign page is served: the one origin it takes signatures from. */
let endpoint: Endpoint;
let pageOrigin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  // Only what the endpoint is given here reaches it: no Stripe keys, since it takes signatures only.
  endpoint = await startEndpoint('records', {
    CORAL_ALLOWED_ORIGINS: pageOrigin,
    CORAL_CAMPAIGNS: JSON.stringify({powerforms: [CAMPAIGN]}),
  });
});

test.afterAll(() => endpoint?.stop());

const countUrl = () => `${endpoint.base}/campaigns/${CAMPAIGN.campaign}/count`;

/** The count the endpoint answers, read as any page on another site would. */
const liveCount = async () => ((await (await fetch(countUrl())).json()) as {count: number}).count;

/** The counter as the signer reads it. */
const expectCounter = (petition: Locator, count: number) =>
  expect(petition.getByRole('progressbar')).toHaveAccessibleName(`${count} of ${CAMPAIGN.counter.goal} signatures`);

/** The request ids of the count reads the endpoint has logged. */
const countReadIds = () =>
  endpoint
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as {msg?: string; route?: string; requestId?: string})
    // The log names the route's own path, never the campaign sent in it.
    .filter((line) => line.msg === 'request' && line.route === '/campaigns/{campaign}/count')
    .map((line) => line.requestId);

/**
 * Opens the campaign page, or loads it again (`reload`), and waits for the count to reach it. The page is the e2e
 * server's plain embed page with its body replaced by the campaign's, so it is the browser's own load of a loopback
 * page: Chromium lets only such a page read from another loopback port, and a page answered by page.route is not one.
 */
async function openPetition(page: Page, body: string, {reload = false} = {}): Promise<{petition: Locator; readId: string}> {
  await (reload ? page.reload() : page.goto(url('/embed/plain.html')));
  await elementsRendered(page);
  const answered = page.waitForResponse((response) => response.url().startsWith(endpoint.base) && response.url().endsWith('/count'));
  await page.evaluate((html) => (document.body.innerHTML = html), body);
  await elementsRendered(page);
  const readId = (await answered).headers()['x-request-id'] ?? '';
  return {petition: page.locator('coral-powerform'), readId};
}

/**
 * Loads the page again at once and checks the endpoint was asked: a browser keeps no copy of the count (only a
 * shared cache may), so a signer who reloads never sees the count from before their signature. A copy would carry
 * the request id of the answer it was kept from; a fresh answer carries a new id, which the endpoint has logged.
 */
async function reloadFromEndpoint(page: Page, body: string, before: string): Promise<Locator> {
  const {petition, readId} = await openPetition(page, body, {reload: true});
  expect(readId, 'the reload read the count from the endpoint').not.toBe(before);
  await expect.poll(countReadIds, {message: 'the endpoint logged the reload’s read'}).toContain(readId);
  return petition;
}

async function sign(page: Page, petition: Locator): Promise<unknown> {
  await petition.getByLabel('First name', {exact: true}).fill(SIGNER.firstName);
  await petition.getByLabel('Email', {exact: true}).fill(SIGNER.email);
  await petition.getByLabel('Postcode', {exact: true}).fill(SIGNER.postcode);
  const answered = page.waitForResponse(
    (response) => response.url() === `${endpoint.base}/signatures` && response.request().method() === 'POST',
  );
  await petition.getByRole('button', {name: 'Sign now'}).click();
  await expect(petition.getByRole('heading', {name: `Thank you, ${SIGNER.firstName}!`})).toBeVisible();
  return (await answered).json();
}

test('the counter shows the endpoint’s live count, moves at once with a signature, and counts a repeat signer once', async ({page}) => {
  // Someone signed before this page opened, so the live count (10 configured + 1 kept) is not the configured 10.
  const earlier = await fetch(`${endpoint.base}/signatures`, {
    method: 'POST',
    headers: {origin: pageOrigin, 'content-type': 'application/json', 'idempotency-key': 'records-spec-earlier-signer'},
    body: JSON.stringify({
      campaign: CAMPAIGN.campaign,
      variant: 'petition',
      supporter: {firstName: 'Wiremu', email: 'wiremu@example.org', postcode: '0800', consent: true},
      utm: {},
    }),
  });
  expect(await earlier.json(), endpoint.output()).toMatchObject({status: 'accepted'});
  expect(await liveCount()).toBe(11);

  const config = {
    ...CAMPAIGN,
    gateway: {type: 'http', endpoint: endpoint.base},
    counter: {...CAMPAIGN.counter, url: countUrl()},
  };
  const body = `<h1>Clean rivers</h1>${elementTag('coral-powerform', 'petition', config)}`;
  const requested = recordRequests(page);

  const {petition: opened, readId: openedRead} = await openPetition(page, body);
  await expectCounter(opened, 11);

  const first = (await sign(page, opened)) as {status: string; reference: string};
  expect(first.status).toBe('accepted');
  await expectCounter(opened, 12);
  expect(await liveCount()).toBe(12);
  const reloaded = await reloadFromEndpoint(page, body, openedRead);
  await expectCounter(reloaded, 12);

  // The same signer on a newly opened page: a new idempotency key, the same email. The answer reads as a first
  // signature's, with a reference of its own, so no one learns whether an email signed; the endpoint counts it once.
  const {petition: again, readId: againRead} = await openPetition(page, body);
  await expectCounter(again, 12);
  const repeat = (await sign(page, again)) as {status: string; reference: string};
  expect(repeat).toEqual({status: 'accepted', reference: expect.stringMatching(/^sig_[0-9a-f]{32}$/)});
  expect(repeat.reference).not.toBe(first.reference);
  await expectCounter(again, 13);
  expect(await liveCount()).toBe(12);
  await expectCounter(await reloadFromEndpoint(page, body, againRead), 12);

  expect(requested.filter((sent) => sent.url === `${endpoint.base}/signatures`).length).toBeGreaterThanOrEqual(2);
  expect(leaksOf(requested, [SIGNER.firstName, SIGNER.email])).toEqual([]);
});
