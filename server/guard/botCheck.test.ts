/** The Turnstile bot check, verified by the endpoint against a local stand-in for siteverify, before anything is made at Stripe. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {makeHandler, NOW_MS} from '../testing/fixtures';
import {guardWith, sendFrom, smallestGift} from '../testing/guard';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {startTurnstileStandIn, TURNSTILE_TEST_SECRET, type TurnstileStandIn} from '../testing/turnstileStandIn';

const SUPPORTER = '198.51.100.23';
const REFUSED = {status: 403, body: {status: 'rejected', reason: 'bot-check'}};

let stripe: StripeStandIn;
let turnstile: TurnstileStandIn;
let setup: ReturnType<typeof makeHandler>;
beforeEach(async () => {
  [stripe, turnstile] = await Promise.all([startStripeStandIn(), startTurnstileStandIn()]);
  setup = withSecret(TURNSTILE_TEST_SECRET);
});
afterEach(() => Promise.all([stripe.close(), turnstile.close()]));

const withSecret = (secret: string) =>
  makeHandler(stripe, {guard: guardWith({botCheck: {secret, when: 'always'}}), siteverify: {url: turnstile.url}});
const give = (botCheck?: string, n = 1) => sendFrom(setup.handler, SUPPORTER, smallestGift(n, botCheck === undefined ? {} : {botCheck}));

describe('the bot check, when CORAL_TURNSTILE_SECRET is set', () => {
  it('takes a gift whose token siteverify passes, sending the secret, the client’s address and an idempotency key', async () => {
    const answer = await give(turnstile.issue());
    expect(answer.status).toBe(200);
    expect(stripe.paymentIntents.size).toBe(1);
    expect(turnstile.requests).toEqual([
      {
        secret: TURNSTILE_TEST_SECRET,
        response: expect.any(String),
        remoteip: SUPPORTER,
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('refuses a gift without a token, with a token siteverify does not know, and with a token used before', async () => {
    expect(await give()).toMatchObject(REFUSED);
    expect(turnstile.requests).toEqual([]);
    expect(await give('a-token-no-widget-gave')).toMatchObject(REFUSED);

    const token = turnstile.issue();
    expect((await give(token, 2)).status).toBe(200);
    expect(await give(token, 3)).toMatchObject(REFUSED);
    // The refused gifts reached Stripe not at all: one PaymentIntent, and the one Customer its receipt goes to.
    expect(stripe.paymentIntents.size).toBe(1);
    expect(stripe.customers.size).toBe(1);
    const refusals = setup.logger.lines.filter((line) => line.msg === 'bot check refused').map((line) => line.codes);
    expect(refusals).toEqual([['invalid-input-response'], ['timeout-or-duplicate']]);
  });

  it('asks on /checkout too, and not for the one-tap upgrade, which the first gift’s client secret proves', async () => {
    const urls = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};
    expect(await sendFrom(setup.handler, SUPPORTER, {...smallestGift(1), ...urls}, {path: '/checkout'})).toMatchObject(REFUSED);
    expect(
      (await sendFrom(setup.handler, SUPPORTER, {...smallestGift(1), ...urls, botCheck: turnstile.issue()}, {path: '/checkout'})).status,
    ).toBe(200);
    const upgrade = await sendFrom(
      setup.handler,
      SUPPORTER,
      {reference: 'pi_unknown', clientSecret: 'pi_unknown_secret_x', amount: 1500, fee: 0, currency: 'AUD'},
      {path: '/gifts/upgrade'},
    );
    expect(upgrade.status).not.toBe(403);
  });

  it('asks siteverify again under the same idempotency key when it could not decide', async () => {
    turnstile.failNext();
    expect((await give(turnstile.issue())).status).toBe(200);
    expect(turnstile.requests).toHaveLength(2);
    expect(turnstile.requests[1]!.idempotencyKey).toBe(turnstile.requests[0]!.idempotencyKey);
  });

  it('answers 503, nothing made, when siteverify cannot decide twice, and 500 with one error line when it refuses the secret', async () => {
    turnstile.failNext(2);
    expect(await give(turnstile.issue())).toMatchObject({status: 503, body: {status: 'error', outcome: 'not-sent', retryable: true}});
    setup = withSecret('turnstile-secret-from-another-widget');
    expect(await give(turnstile.issue())).toMatchObject({status: 500, body: {status: 'error', outcome: 'not-sent', retryable: false}});
    expect(setup.logger.lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual([
      'Turnstile refuses CORAL_TURNSTILE_SECRET: copy the widget’s secret key again',
    ]);
    expect(stripe.paymentIntents.size).toBe(0);
  });

  it('is off without a secret: a gift needs no token', async () => {
    setup = makeHandler(stripe, {now: () => NOW_MS});
    expect((await give()).status).toBe(200);
  });
});
