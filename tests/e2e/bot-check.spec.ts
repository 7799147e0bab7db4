/**
 * The donate form's bot check in the embed, offline: a stand-in for
 * Cloudflare Turnstile's script (the documented `window.turnstile` API,
 * refusing a container in a shadow root as Turnstile's frame does) and a
 * stand-in gift endpoint that asks the supporter to wait.
 */
import type {Page, Request} from '@playwright/test';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, fillDonor} from './fixtures';

const TURNSTILE = 'https://challenges.cloudflare.com';
const ENDPOINT = 'https://give.example.org';
const SITE_KEY = '1x00000000000000000000AA';
const CAMPAIGN = {campaign: 'save-the-reef', gateway: {type: 'http', endpoint: ENDPOINT}};

/** Turnstile's client API as the page sees it: a widget per render, a token soon after, a fresh one after reset. */
const STAND_IN_SCRIPT = `(() => {
  const widgets = new Map();
  let count = 0;
  const solve = (id) => setTimeout(() => {
    const widget = widgets.get(id);
    if (!widget) return;
    count += 1;
    widget.params.callback('stand-in-token-' + count);
  }, 0);
  window.turnstileCalls = {render: 0, reset: 0, remove: 0};
  window.turnstile = {
    render(container, params) {
      if (!params || !params.sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey".');
      if (!(container instanceof HTMLElement) || !container.isConnected) throw new Error('[Cloudflare Turnstile] Unable to find a container.');
      if (container.getRootNode() !== document) throw new Error('[Cloudflare Turnstile] The container is not in the document.');
      window.turnstileCalls.render += 1;
      const id = 'cf-chl-widget-' + (widgets.size + 1);
      const box = document.createElement('div');
      box.id = id;
      box.textContent = 'Success!';
      container.append(box);
      widgets.set(id, {params, box});
      solve(id);
      return id;
    },
    reset(id) {
      if (!widgets.has(id)) throw new Error('[Cloudflare Turnstile] Nothing to reset found for provided container.');
      window.turnstileCalls.reset += 1;
      solve(id);
    },
    remove(id) {
      window.turnstileCalls.remove += 1;
      widgets.get(id)?.box.remove();
      widgets.delete(id);
    },
  };
})();`;

type Watch = {routedOrigins: Set<string>; expectedErrors: RegExp[]};

/** Serves the stand-ins and a page with one embedded donate form; returns the requests each got. */
async function openPage(page: Page, watch: Watch, config: Record<string, unknown>) {
  for (const origin of [TURNSTILE, ENDPOINT]) watch.routedOrigins.add(origin);
  // The endpoint's 429 is noted in the console by the browser itself.
  watch.expectedErrors.push(/the server responded with a status of 429/);
  const scripts: string[] = [];
  const gifts: Request[] = [];
  await page.route(`${TURNSTILE}/**`, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({contentType: 'text/javascript', body: STAND_IN_SCRIPT});
  });
  await page.route(`${ENDPOINT}/**`, (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, idempotency-key',
          'access-control-allow-methods': 'POST',
        },
      });
    }
    gifts.push(request);
    return route.fulfill({
      status: 429,
      headers: {'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after', 'retry-after': '100'},
      contentType: 'application/json',
      body: JSON.stringify({status: 'rejected', reason: 'rate-limited', retryAfter: 100}),
    });
  });
  const address = await servePage(page, '/bot-check/give.html', `${EMBED_SCRIPT}${elementTag('coral-donate-form', 'give', config)}`);
  await page.goto(address);
  await elementsRendered(page);
  return {scripts, gifts, form: page.locator('coral-donate-form').getByRole('form')};
}

test('without a site key, nothing is asked of Cloudflare', async ({page, watch}) => {
  const {scripts, form} = await openPage(page, watch, CAMPAIGN);
  await expect(form.getByRole('button', {name: 'Give $60'})).toBeVisible();
  expect(scripts).toEqual([]);
  expect(await page.locator('coral-donate-form [data-coral-room]').count()).toBe(0);
});

test('with a site key, the widget sits in the light DOM, its token reaches the endpoint, and a 429 keeps what was typed', async ({
  page,
  watch,
}) => {
  const {scripts, gifts, form} = await openPage(page, watch, {...CAMPAIGN, botCheck: {siteKey: SITE_KEY}});
  await expect(page.getByText('Success!')).toBeVisible();
  expect(scripts).toEqual([`${TURNSTILE}/turnstile/v0/api.js?render=explicit`]);
  // The widget's box is a light-DOM child of the element, shown through a slot in the form.
  const placed = await page.evaluate(() => {
    const box = document.querySelector('#cf-chl-widget-1');
    return {
      inDocument: box?.getRootNode() === document,
      room: box?.parentElement?.parentElement?.localName,
      slot: box?.parentElement?.assignedSlot?.closest('[part="bot-check"]') !== null,
    };
  });
  expect(placed).toEqual({inDocument: true, room: 'coral-donate-form', slot: true});

  await fillDonor(form);
  await form.getByRole('button', {name: 'Give $60'}).click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Nothing was charged, and your details are still here. Please try again in about 2 minutes.');
  expect(gifts).toHaveLength(1);
  expect(gifts[0]!.postDataJSON()).toMatchObject({botCheck: 'stand-in-token-1', supporter: {firstName: 'Mere'}});
  for (const [label, value] of [
    ['First name', 'Mere'],
    ['Last name', 'Tane'],
    ['Email', 'mere@example.org'],
    ['Postcode', '2000'],
  ]) {
    await expect(form.getByLabel(label!, {exact: true})).toHaveValue(value!);
  }
  // A token is good once: the widget was asked for a fresh one, and nothing was sent again by itself.
  expect(await page.evaluate(() => (window as unknown as {turnstileCalls: {reset: number}}).turnstileCalls.reset)).toBe(1);
  expect(gifts).toHaveLength(1);
});
