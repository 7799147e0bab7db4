/**
 * The page fixture every browser test uses: it fails the test on any console
 * error or uncaught exception, and on any request that leaves this machine.
 */
import {test as base, expect, type Locator, type Page} from '@playwright/test';

const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:|about:)/;

type Watch = {
  consoleErrors: string[];
  offsiteRequests: string[];
  /** Paths a test visits on purpose knowing they answer 404. */
  expectedMissing: Set<string>;
  /** Console errors a test provokes on purpose, e.g. a wrong config's report. */
  expectedErrors: RegExp[];
  /** Origins a test answers itself through page.route (the Stripe stand-ins): their requests never leave this machine. */
  routedOrigins: Set<string>;
};

export const test = base.extend<{watch: Watch}>({
  watch: [
    async ({page}, use) => {
      const watch: Watch = {
        consoleErrors: [],
        offsiteRequests: [],
        expectedMissing: new Set(),
        expectedErrors: [],
        routedOrigins: new Set(),
      };
      page.on('console', (message) => {
        const source = message.location().url;
        const expected404 = /status of 404/.test(message.text()) && source !== '' && watch.expectedMissing.has(new URL(source).pathname);
        const provoked = watch.expectedErrors.some((pattern) => pattern.test(message.text()));
        if (message.type() === 'error' && !expected404 && !provoked) {
          watch.consoleErrors.push(`${message.text()} @ ${page.url()}`);
        }
      });
      page.on('pageerror', (error) => watch.consoleErrors.push(`${error.message} @ ${page.url()}`));
      page.on('request', (request) => {
        if (!LOCAL.test(request.url()) && !watch.routedOrigins.has(new URL(request.url()).origin)) {
          watch.offsiteRequests.push(request.url());
        }
      });
      await use(watch);
      expect(watch.consoleErrors, 'console errors').toEqual([]);
      expect(watch.offsiteRequests, 'requests that left localhost').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Opens a path and waits until React has hydrated it. */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
}

/** Fills in the donor's details the browser tests use; the thank-you's monthly form asks for no postcode. */
export async function fillDonor(form: Locator, {postcode = true} = {}): Promise<void> {
  await form.getByLabel('First name', {exact: true}).fill('Mere');
  await form.getByLabel('Last name', {exact: true}).fill('Tane');
  await form.getByLabel('Email', {exact: true}).fill('mere@example.org');
  if (postcode) await form.getByLabel('Postcode', {exact: true}).fill('2000');
}

/** Fills in a card in a donate form: the sandbox's approving card unless another is given. */
export async function fillCard(form: Locator, number = '4242 4242 4242 4242'): Promise<void> {
  await form.getByLabel('Card number', {exact: true}).fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
}

export type Sent = {url: string; referer: string};

/** Keeps the address and referrer of every request the page makes, from its first. */
export function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request) => sent.push({url: request.url(), referer: request.headers()['referer'] ?? ''}));
  return sent;
}

export const dataLayerOf = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => (window as unknown as {dataLayer?: unknown[]}).dataLayer ?? []);

/**
 * Where personal data got out: each text found in a request's address or
 * referrer (as sent or URL-decoded), or in a dataLayer push.
 */
export function leaksOf(
  sent: readonly Sent[],
  inAddresses: readonly string[],
  dataLayer: unknown[] = [],
  inDataLayer = inAddresses,
): string[] {
  const found: string[] = [];
  for (const {url: address, referer} of sent) {
    for (const text of inAddresses) {
      if (decodeURIComponent(address).includes(text) || address.includes(text)) found.push(`URL ${address} holds ${text}`);
      if (referer.includes(text) || decodeURIComponent(referer).includes(text)) found.push(`Referer ${referer} holds ${text}`);
    }
  }
  const pushed = JSON.stringify(dataLayer);
  for (const text of inDataLayer) if (pushed.includes(text)) found.push(`dataLayer holds ${text}`);
  return found;
}
