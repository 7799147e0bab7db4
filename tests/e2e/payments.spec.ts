/**
 * Real payments through the `stripe` gateway, offline: the embed on a landing
 * page, Stripe.js and Stripe's API as local stand-ins (./stripe/standIn.ts)
 * and Coral's reference endpoint in between. Card and bank details are typed
 * only into the stand-in's frame of another origin, and no request from the
 * page itself ever carries them.
 */
import type {FrameLocator, Locator, Page} from '@playwright/test';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, fillDonor} from './fixtures';
import {
  ENDPOINT,
  PUBLISHABLE_KEY,
  STRIPE_API,
  STRIPE_CHECKOUT,
  STRIPE_JS,
  standInStripe,
  type CampaignConfig,
  type Stand,
} from './stripe/standIn';

const CAMPAIGN = {
  campaign: 'save-the-reef',
  frequencies: ['one-off', 'monthly', 'daily'],
  dailyDays: 7,
  directDebit: true,
  amounts: {
    'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], defaultAmount: 60},
    monthly: {handles: [{amount: 15}, {amount: 25}, {amount: 40}], defaultAmount: 25},
    daily: {handles: [{amount: 2}, {amount: 5}, {amount: 10}], defaultAmount: 5},
  },
};
const CONFIG = {...CAMPAIGN, gateway: {type: 'stripe', publishableKey: PUBLISHABLE_KEY, endpoint: ENDPOINT}};
const THANKS = {campaign: CAMPAIGN.campaign, gateway: CONFIG.gateway};

/** What a supporter might type that must never leave the page except inside Stripe's frame. */
const SECRETS = [/4242\s?4242\s?4242\s?4242/, /4000\s?0000\s?0000\s?0002/, /4000\s?0027\s?6000\s?3184/, /000123456/];

type Giving = {page: Page; stand: Stand; form: Locator; fields: FrameLocator};

type Watch = {routedOrigins: Set<string>; expectedErrors: RegExp[]};

async function openGivingPage(page: Page, watch: Watch, config: Record<string, unknown> = CONFIG): Promise<Giving> {
  for (const origin of [STRIPE_JS, STRIPE_API, ENDPOINT]) watch.routedOrigins.add(origin);
  // Stripe answers a decline or a failed bank check with a 402 or 400, which the browser notes in the console.
  watch.expectedErrors.push(/the server responded with a status of 40[02]/);
  const address = await servePage(
    page,
    '/stripe/give.html',
    `<h1>Save the reef</h1>${EMBED_SCRIPT}${elementTag('coral-donate-form', 'give', config)}`,
  );
  // The endpoint checks gifts against the campaign's own config, as the page has it.
  const stand = await standInStripe(page, [config as CampaignConfig], new URL(address).origin);
  await page.goto(address);
  await elementsRendered(page);
  const form = page.locator('coral-donate-form').getByRole('form');
  const fields = page.frameLocator('coral-donate-form iframe[title="Secure payment input frame"]');
  await expect(fields.getByLabel('Card number')).toBeVisible();
  return {page, stand, form, fields};
}

async function typeCard({fields}: Giving, number = '4242 4242 4242 4242'): Promise<void> {
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiration date').fill('12 / 34');
  await fields.getByLabel('Security code').fill('123');
}

/** No request the page itself made (to the endpoint or anywhere else) holds a card or account number. */
function expectNoCardData(stand: Stand): void {
  const fromPage = stand.requests.filter((request) => request.frame === 'page');
  expect(fromPage.length).toBeGreaterThan(0);
  for (const request of fromPage) {
    for (const secret of SECRETS) expect(`${request.url} ${request.body}`, request.url).not.toMatch(secret);
  }
}

/** The PaymentIntents the endpoint created at Stripe (a replay under the same key is not a new one). */
const createdIntents = (stand: Stand) =>
  stand.api.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents' && !request.replayed);

test.describe('taking gifts through Stripe', () => {
  // Tall enough that the whole form is in view: Chromium can send a click made straight after a scroll to the
  // frame of another origin that was under the pointer before it, which no person's click would meet.
  test.use({viewport: {width: 800, height: 1600}});
  let stand: Stand | null = null;
  test.afterEach(async () => {
    await stand?.close();
    stand = null;
  });

  test('a one-off card gift: Stripe’s fields in the light DOM, the gift confirmed, no card data from the page', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    // The Payment Element refuses a shadow root: its frame sits in the element's light DOM, shown through a slot.
    const frameParent = await page.evaluate(() => {
      const frame = document.querySelector('coral-donate-form iframe')!;
      return {inShadow: frame.getRootNode() instanceof ShadowRoot, slot: frame.parentElement!.slot};
    });
    expect(frameParent.inShadow).toBe(false);
    expect(frameParent.slot).toMatch(/^coral-payment-/);
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    await expect(page.locator('coral-donate-form').getByText(/^pi_/)).toBeVisible();
    const [intent] = createdIntents(stand);
    expect(intent?.params).toMatchObject({amount: '6000', currency: 'aud'});
    expect(stand.endpointCalls()).toEqual(['/gifts']);
    expectNoCardData(stand);
  });

  test('a card whose bank asks for a check: failed, then passed, on the same payment', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await fillDonor(giving.form);
    await typeCard(giving, '4000 0027 6000 3184');
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await giving.fields.getByRole('button', {name: 'Fail authentication'}).click();
    await expect(giving.form.getByRole('alert')).toContainText(
      'Your bank could not confirm the payment with you. Try again, or try another card.',
    );
    await expect(giving.form.getByLabel('First name', {exact: true})).toHaveValue('Mere');
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await giving.fields.getByRole('button', {name: 'Complete authentication'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    expect(createdIntents(stand)).toHaveLength(1);
    expectNoCardData(stand);
  });

  test('a declined card keeps what was typed, and another card pays the same gift once', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await fillDonor(giving.form);
    await typeCard(giving, '4000 0000 0000 0002');
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await expect(giving.form.getByRole('alert')).toContainText('Your card was declined. Try another card. Nothing was charged');
    await expect(giving.form.getByLabel('Email', {exact: true})).toHaveValue('mere@example.org');
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    expect(createdIntents(stand)).toHaveLength(1);
    expectNoCardData(stand);
  });

  test('a monthly gift becomes a subscription whose first payment is confirmed in the form', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await giving.form.getByRole('radio', {name: 'Monthly'}).check();
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $25 monthly'}).click();
    await expect(page.locator('coral-donate-form').getByText(/^sub_/)).toBeVisible();
    const subscription = stand.api.requests.find((request) => request.path === '/v1/subscriptions');
    // Every way the form's fields offer a monthly gift, as Stripe.js asks of a deferred intent: the campaign takes debits too.
    expect(subscription?.params).toMatchObject({payment_settings: {payment_method_types: ['card', 'au_becs_debit']}});
    const reference = (await page.locator('coral-donate-form').getByText(/^sub_/).textContent())!.trim();
    const dates = stand.api.chargeDates(reference, 3);
    expect(dates[1]! - dates[0]!).toBeGreaterThanOrEqual(28 * 86_400);
    expectNoCardData(stand);
  });

  test('a daily gift for 7 days ends itself after its seventh payment', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await giving.form.getByRole('radio', {name: 'Daily'}).check();
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $5 a day'}).click();
    const reference = page.locator('coral-donate-form').getByText(/^sub_/);
    await expect(reference).toBeVisible();
    expect(stand.api.chargeDates((await reference.textContent())!.trim())).toHaveLength(7);
  });

  test('a monthly gift by BECS direct debit, with Stripe’s mandate in its fields, thanked while the debit is processing', async ({
    page,
    watch,
  }) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await giving.form.getByRole('radio', {name: 'Monthly'}).check();
    await fillDonor(giving.form);
    await giving.fields.getByRole('tab', {name: 'BECS Direct Debit'}).click();
    await expect(giving.fields.getByText(/Direct Debit Request/)).toBeVisible();
    await giving.fields.getByLabel('BSB').fill('000-000');
    await giving.fields.getByLabel('Account number').fill('000123456');
    await giving.fields.getByLabel('Name on the account').fill('Mere Tane');
    await giving.fields.getByLabel('Email').fill('mere@example.org');
    await giving.form.getByRole('button', {name: 'Give $25 monthly'}).click();
    const thanks = page.locator('coral-donate-form [part="thank-you"]');
    await expect(thanks.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    await expect(thanks.getByText(/^sub_/)).toBeVisible();
    const subscription = stand.api.requests.find((request) => request.path === '/v1/subscriptions');
    expect(subscription?.params).toMatchObject({payment_settings: {payment_method_types: ['card', 'au_becs_debit']}});
    // The bank settles a debit days later: Stripe keeps the first payment processing, and the thanks claim no money arrived.
    const confirmed = stand.requests.find((request) => /\/v1\/payment_intents\/[^/]+\/confirm$/.test(request.url));
    const intent = /payment_intents\/([^/]+)\/confirm$/.exec(confirmed?.url ?? '')?.[1] ?? '';
    expect(stand.paymentIntent(intent)).toMatchObject({status: 'processing'});
    await expect(thanks).toContainText('Your gift is on its way to the campaign.');
    expect(await thanks.textContent()).not.toMatch(/\b(received|paid|succeeded|successful|charged|complete|completed|cleared)\b/i);
    expectNoCardData(stand);
  });

  test('a one-off gift turned monthly at the ask: the fields hold the monthly gift before the give button’s click checks them', async ({
    page,
    watch,
  }) => {
    const giving = await openGivingPage(page, watch, {...CONFIG, rgUpgrade: {enabled: true}});
    stand = giving.stand;
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    // The answer changes the gift the fields were made for. They take the change after the click, so that click checks
    // nothing: a wallet's sheet would show A$60 once.
    await giving.form.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
    const give = giving.form.getByRole('button', {name: 'Give $20 monthly'});
    await expect(give).toBeFocused();
    // The fields hold the monthly gift, and with it the bank debit a monthly gift may use.
    await expect(giving.fields.getByRole('tab', {name: 'BECS Direct Debit'})).toBeVisible();
    expect(stand.endpointCalls()).toEqual([]);
    await give.click();
    await expect(page.locator('coral-donate-form').getByText(/^sub_/)).toBeVisible();
    const subscription = stand.api.requests.find((request) => request.path === '/v1/subscriptions');
    expect(subscription?.params).toMatchObject({items: [{price_data: {unit_amount: '2000', recurring: {interval: 'month'}}}]});
    expect(stand.endpointCalls()).toEqual(['/gifts']);
    expectNoCardData(stand);
  });

  test('a double click sends the gift once', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('button', {name: 'Give $60'}).dblclick();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    expect(stand.endpointCalls()).toEqual(['/gifts']);
    expect(createdIntents(stand)).toHaveLength(1);
  });

  test('a dropped connection charges nothing, and a lost confirmation is checked with Stripe, never charged twice', async ({
    page,
    watch,
  }) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    watch.expectedErrors.push(/ERR_CONNECTION_RESET/);
    await fillDonor(giving.form);
    await typeCard(giving);
    stand.dropNext('/gifts', 'after');
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await expect(giving.form.getByRole('alert')).toContainText('Nothing was charged');
    stand.loseNextConfirmation();
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    // The endpoint was asked twice under one key; Stripe made one PaymentIntent and charged it once.
    expect(stand.endpointCalls()).toEqual(['/gifts', '/gifts']);
    expect(createdIntents(stand)).toHaveLength(1);
    expectNoCardData(stand);
  });

  test('a kept card makes the thank-you page’s monthly ask one tap, with no second form, for the amount the gift’s rules name', async ({
    page,
    watch,
  }) => {
    // This page's own rule would ask a sixth of $60; the campaign the gift was made under asks a third, and the tap
    // starts the gift the endpoint named in its answer.
    const ownRule = {...THANKS, upgrade: {divisor: 6}};
    const thanks = await servePage(page, '/stripe/thanks.html', `${EMBED_SCRIPT}${elementTag('coral-thankyou', 'thanks', ownRule)}`);
    const giving = await openGivingPage(page, watch, {
      ...CONFIG,
      thankYouUrl: thanks,
      gateway: {...CONFIG.gateway, saveCardForUpgrade: true},
    });
    stand = giving.stand;
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('checkbox', {name: /Keep my card/}).check();
    await giving.form.getByRole('button', {name: 'Give $60'}).click();
    await page.waitForURL(/\/stripe\/thanks\.html\?/);
    const thankYou = page.locator('coral-thankyou');
    await thankYou.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
    await expect(thankYou.locator('[part="upgrade-result"]')).toContainText(
      /You now give \$20 every month, on the card you just used\. Reference: sub_/,
    );
    await expect(thankYou.getByLabel('Card number')).toHaveCount(0);
    expect(stand.endpointCalls()).toEqual(['/gifts', '/gifts/upgrade']);
    expectNoCardData(stand);
  });

  test('a one-off gift too large for a monthly ask keeps the card it was ticked to keep, and Stripe confirms it', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch, {...CONFIG, gateway: {...CONFIG.gateway, saveCardForUpgrade: true}});
    stand = giving.stand;
    await giving.form.getByLabel('Other amount', {exact: true}).fill('7000');
    await fillDonor(giving.form);
    await typeCard(giving);
    await giving.form.getByRole('checkbox', {name: /Keep my card/}).check();
    await giving.form.getByRole('button', {name: 'Give $7,000'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    const [intent] = createdIntents(stand);
    expect(intent?.params).toMatchObject({amount: '700000', setup_future_usage: 'off_session'});
    expectNoCardData(stand);
  });

  test('the fields take the form’s colours, light and dark', async ({page, watch}) => {
    const giving = await openGivingPage(page, watch);
    stand = giving.stand;
    const background = () => giving.fields.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(background).toBe('rgb(31, 42, 48)');
  });
});

test('a hosted checkout: no payment fields in the form, the gift paid on the processor’s page, and back to the thank-you page', async ({
  page,
  watch,
}) => {
  for (const origin of [ENDPOINT, STRIPE_CHECKOUT]) watch.routedOrigins.add(origin);
  const thanks = await servePage(
    page,
    '/checkout/thanks.html',
    `${EMBED_SCRIPT}${elementTag('coral-thankyou', 'thanks', {campaign: CAMPAIGN.campaign, urlParams: true})}`,
  );
  const config = {...CAMPAIGN, thankYouUrl: thanks, gateway: {type: 'http', endpoint: ENDPOINT}};
  const address = await servePage(page, '/checkout/give.html', `${EMBED_SCRIPT}${elementTag('coral-donate-form', 'give', config)}`);
  const stand = await standInStripe(page, [config as CampaignConfig], new URL(address).origin);
  try {
    await page.goto(address);
    await elementsRendered(page);
    const form = page.locator('coral-donate-form').getByRole('form');
    await expect(form.getByText('secure page next')).toBeVisible();
    await expect(form.getByLabel(/Card number/)).toHaveCount(0);
    await fillDonor(form);
    await form.getByRole('button', {name: 'Give $60'}).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    await page.getByRole('link', {name: 'Pay now'}).click();
    await page.waitForURL(/\/checkout\/thanks\.html\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('ref')).toMatch(/^cs_/);
    expect(back.searchParams.get('amount')).toBe('60');
    const thankYou = page.locator('coral-thankyou');
    await expect(thankYou.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    await expect(thankYou.getByText(back.searchParams.get('ref')!)).toBeVisible();
    const session = stand.api.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(session?.params).toMatchObject({mode: 'payment', customer_email: 'mere@example.org'});
    expect(stand.endpointCalls()).toEqual(['/checkout']);
  } finally {
    await stand.close();
  }
});

test('a page whose form uses the sandbox loads nothing from Stripe', async ({page}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const address = await servePage(page, '/stripe/sandbox.html', `${EMBED_SCRIPT}${elementTag('coral-donate-form', 'give', CAMPAIGN)}`);
  await page.goto(address);
  await elementsRendered(page);
  expect(requested.filter((url) => new URL(url).hostname.endsWith('stripe.com'))).toEqual([]);
  expect(await page.evaluate(() => 'Stripe' in window)).toBe(false);
});
