/**
 * The Stripe.js stand-in keeps Stripe.js's rules for a deferred intent, so a
 * form that breaks one fails here as it would on a supporter's browser. Each
 * test drives the stand-in from a bare page, with no Coral code on it.
 */
import type {Page} from '@playwright/test';
import {servePage} from './embed';
import {test, expect} from './fixtures';
import {PUBLISHABLE_KEY, STRIPE_API, STRIPE_JS, standInStripe, type Stand} from './stripe/standIn';

const CAMPAIGN = {
  campaign: 'save-the-reef',
  gateway: {type: 'stripe', publishableKey: PUBLISHABLE_KEY, endpoint: 'https://pay.example.org'},
};
/** The Elements' options that match the intent `intentFor` makes. */
const MATCHING = {
  mode: 'payment',
  amount: 6000,
  currency: 'aud',
  allowedPaymentMethodTypes: ['card'],
  setupFutureUsage: null,
  captureMethod: 'automatic',
};

/**
 * The page's own script: `mount` makes the Elements and their Payment Element, and each button asks for
 * `submit()` at a different moment of its click, noting what came of it in `window.outcomes`.
 */
const PAGE_SCRIPT = `
<script src="${STRIPE_JS}/v3/"></script>
<div id="room"></div>
<button id="at-once">Submit at once</button>
<button id="after-timer">Submit after a timer</button>
<button id="after-fetch">Submit after a fetch</button>
<script>
  window.outcomes = [];
  window.noted = (promise) =>
    promise.then(
      (result) => outcomes.push(result.error ? 'error: ' + result.error.type : 'submitted'),
      (error) => outcomes.push(error.name + ': ' + error.message),
    );
  window.mount = (options, applePay) =>
    new Promise((resolve) => {
      window.stripe = Stripe('${PUBLISHABLE_KEY}');
      window.elements = stripe.elements(options);
      const element = elements.create('payment', {wallets: {applePay, googlePay: applePay}});
      element.on('ready', () => resolve());
      element.mount('#room');
    });
  document.getElementById('at-once').onclick = () => noted(elements.submit());
  document.getElementById('after-timer').onclick = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    noted(elements.submit());
  };
  document.getElementById('after-fetch').onclick = async () => {
    await fetch(location.href);
    noted(elements.submit());
  };
</script>`;

async function openBarePage(page: Page, watch: {routedOrigins: Set<string>}): Promise<Stand> {
  for (const origin of [STRIPE_JS, STRIPE_API]) watch.routedOrigins.add(origin);
  const address = await servePage(page, '/stripe/bare.html', PAGE_SCRIPT);
  const stand = await standInStripe(page, [CAMPAIGN], new URL(address).origin);
  await page.goto(address);
  return stand;
}

const mount = (page: Page, options: Record<string, unknown>, applePay: 'auto' | 'never') =>
  page.evaluate(([o, a]) => (window as unknown as {mount: (o: unknown, a: string) => Promise<void>}).mount(o, a), [
    options,
    applePay,
  ] as const);

const outcomes = (page: Page) => page.evaluate(() => (window as unknown as {outcomes: string[]}).outcomes);

async function typeCard(page: Page): Promise<void> {
  const fields = page.frameLocator('#room iframe');
  await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fields.getByLabel('Expiration date').fill('12 / 34');
  await fields.getByLabel('Security code').fill('123');
}

/** A PaymentIntent the endpoint could have made: A$60 (or `amount` cents), by card, kept for nothing, captured at once. */
function intentFor(stand: Stand, amount = 6000): {id: string; secret: string} {
  const made = stand.api.createPaymentIntent({amount: String(amount), currency: 'aud', allowed_payment_method_types: ['card']});
  const body = made.body as {id: string; client_secret: string};
  return {id: body.id, secret: body.client_secret};
}

/** Calls stripe.confirmPayment on the page, outside any click: its answer, or the IntegrationError it threw. */
const confirm = (page: Page, clientSecret: string) =>
  page.evaluate(async (secret) => {
    const w = window as unknown as {stripe: {confirmPayment: (o: unknown) => Promise<unknown>}; elements: unknown};
    try {
      return await w.stripe.confirmPayment({elements: w.elements, clientSecret: secret, redirect: 'if_required'});
    } catch (error) {
      return {thrown: `${(error as Error).name}: ${(error as Error).message}`};
    }
  }, clientSecret);

const submitNow = (page: Page) =>
  page.evaluate(() => (window as unknown as {elements: {submit: () => Promise<{error?: unknown}>}}).elements.submit());

test.describe('the Stripe.js stand-in keeps Stripe.js’s rules', () => {
  let stand: Stand | null = null;
  test.afterEach(async () => {
    await stand?.close();
    stand = null;
  });

  test('where Apple Pay may be offered, submit() runs only as the first thing a click does', async ({page, watch}) => {
    stand = await openBarePage(page, watch);
    await mount(page, MATCHING, 'auto');
    await page.getByRole('button', {name: 'Submit at once'}).click();
    await page.getByRole('button', {name: 'Submit after a timer'}).click();
    await page.getByRole('button', {name: 'Submit after a fetch'}).click();
    await expect.poll(() => outcomes(page)).toHaveLength(3);
    const refused =
      /^IntegrationError: Failed to show the Apple Pay payment sheet\. .*call `elements\.submit\(\)` at the top of your submission handler/;
    const [atOnce, afterTimer, afterFetch] = await outcomes(page);
    // At once, the fields check what was typed (nothing yet) and say so; later, Stripe.js refuses.
    expect(atOnce).toBe('error: validation_error');
    expect(afterTimer).toMatch(refused);
    expect(afterFetch).toMatch(refused);
    await expect(submitNow(page)).rejects.toThrow(/Failed to show the Apple Pay payment sheet/);
  });

  test('without Apple Pay, submit() may come later', async ({page, watch}) => {
    stand = await openBarePage(page, watch);
    await mount(page, MATCHING, 'never');
    await typeCard(page);
    await page.getByRole('button', {name: 'Submit after a timer'}).click();
    await expect.poll(() => outcomes(page)).toEqual(['submitted']);
  });

  test('confirmPayment before a successful elements.submit() throws, and confirms nothing', async ({page, watch}) => {
    stand = await openBarePage(page, watch);
    const intent = intentFor(stand);
    await mount(page, MATCHING, 'never');
    const submitFirst =
      /^IntegrationError: elements\.submit\(\) must be called before stripe\.confirmPayment\(\)\. Call elements\.submit\(\) as soon as your customer presses pay, prior to any asynchronous work\./;
    expect(await confirm(page, intent.secret)).toEqual({thrown: expect.stringMatching(submitFirst)});
    // A submit() that found the fields incomplete does not count.
    expect(await submitNow(page)).toMatchObject({error: {type: 'validation_error'}});
    expect(await confirm(page, intent.secret)).toEqual({thrown: expect.stringMatching(submitFirst)});
    expect(stand.paymentIntent(intent.id)).toMatchObject({status: 'requires_payment_method'});
  });

  test('the intent must have the Elements’ mode, amount, currency, methods, future usage and capture', async ({page, watch}) => {
    stand = await openBarePage(page, watch);
    const intent = intentFor(stand);
    await mount(page, MATCHING, 'never');
    await typeCard(page);
    const cases: [Record<string, unknown>, string][] = [
      [{mode: 'setup'}, 'The provided mode (payment) does not match the expected mode (setup).'],
      [{amount: 7000}, 'The provided amount (6000) does not match the expected amount (7000).'],
      [{currency: 'nzd'}, 'The provided currency (aud) does not match the expected currency (nzd).'],
      [
        {allowedPaymentMethodTypes: ['card', 'au_becs_debit']},
        'The provided payment_method_types (["card"]) does not match the expected payment_method_types (["card", "au_becs_debit"]).',
      ],
      [
        {setupFutureUsage: 'off_session'},
        'The provided setup_future_usage (null) does not match the expected setup_future_usage (off_session).',
      ],
      [{captureMethod: 'manual'}, 'The provided capture_method (automatic) does not match the expected capture_method (manual).'],
    ];
    for (const [change, message] of cases) {
      await page.evaluate(
        (options) => (window as unknown as {elements: {update: (o: unknown) => Promise<void>}}).elements.update(options),
        {
          ...MATCHING,
          ...change,
        },
      );
      expect(await submitNow(page)).toEqual({selectedPaymentMethod: 'card'});
      expect(await confirm(page, intent.secret), JSON.stringify(change)).toEqual({error: {type: 'invalid_request_error', message}});
      expect(stand.paymentIntent(intent.id)).toMatchObject({status: 'requires_payment_method'});
    }
    // Put back as the intent has it, the same Elements confirm it.
    await page.evaluate(
      (options) => (window as unknown as {elements: {update: (o: unknown) => Promise<void>}}).elements.update(options),
      MATCHING,
    );
    await submitNow(page);
    expect(await confirm(page, intent.secret)).toMatchObject({paymentIntent: {id: intent.id, status: 'succeeded'}});
  });

  test('submit() checks the gift the Elements hold when it is called: a change still on its way, or made after it, is not it', async ({
    page,
    watch,
  }) => {
    stand = await openBarePage(page, watch);
    const seventy = intentFor(stand, 7000);
    await mount(page, MATCHING, 'never');
    await typeCard(page);
    const refused = {
      error: {type: 'invalid_request_error', message: 'The provided amount (7000) does not match the expected amount (6000).'},
    };
    // A$70 sent to the Elements in the same turn as submit(): they still hold A$60 when it checks them.
    const submitted = await page.evaluate(async () => {
      const w = window as unknown as {elements: {update: (o: unknown) => Promise<void>; submit: () => Promise<unknown>}};
      const updated = w.elements.update({amount: 7000});
      const result = await w.elements.submit();
      await updated;
      return result;
    });
    expect(submitted).toEqual({selectedPaymentMethod: 'card'});
    expect(await confirm(page, seventy.secret)).toEqual(refused);
    // Checked with A$60, then changed to A$70 and applied: what was checked is still A$60.
    await page.evaluate(() => (window as unknown as {elements: {update: (o: unknown) => Promise<void>}}).elements.update({amount: 6000}));
    await submitNow(page);
    await page.evaluate(() => (window as unknown as {elements: {update: (o: unknown) => Promise<void>}}).elements.update({amount: 7000}));
    expect(await confirm(page, seventy.secret)).toEqual(refused);
    expect(stand.paymentIntent(seventy.id)).toMatchObject({status: 'requires_payment_method'});
    // Checked again, now that they hold A$70, the same Elements confirm it.
    await submitNow(page);
    expect(await confirm(page, seventy.secret)).toMatchObject({paymentIntent: {id: seventy.id, status: 'succeeded'}});
  });

  test('paymentMethodTypes is refused: allowedPaymentMethodTypes replaces it', async ({page, watch}) => {
    stand = await openBarePage(page, watch);
    const thrown = await page.evaluate((key) => {
      const stripe = (window as unknown as {Stripe: (k: string) => {elements: (o: unknown) => unknown}}).Stripe(key);
      try {
        stripe.elements({mode: 'payment', amount: 6000, currency: 'aud', paymentMethodTypes: ['card']});
        return null;
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    }, PUBLISHABLE_KEY);
    expect(thrown).toMatch(/^IntegrationError: .*paymentMethodTypes is no longer supported\. Use allowedPaymentMethodTypes instead\.$/);
  });
});
