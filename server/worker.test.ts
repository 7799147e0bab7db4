/** The Worker entry: the same handler on Stripe's fetch-based HTTP client, as Cloudflare Workers run it. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {giftBody, newKey, ORIGIN, WEBHOOK_SECRET} from './testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from './testing/stripeStandIn';
import worker from './worker';

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

const gift = () =>
  new Request('https://coral.example.workers.dev/gifts', {
    method: 'POST',
    headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey()},
    body: JSON.stringify(giftBody()),
  });

describe('the Worker', () => {
  it('takes a gift through fetch, with the campaigns given inline', async () => {
    const env = {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CORAL_ALLOWED_ORIGINS: ORIGIN,
      CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]',
      STRIPE_API_URL: stripe.url,
    };
    const response = await worker.fetch(gift(), env);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({status: 'requires_confirmation', kind: 'payment'});
    expect(stripe.paymentIntents.size).toBe(1);
  });

  it('answers that nothing was done while a variable is missing', async () => {
    const response = await worker.fetch(gift(), {STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY});
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({status: 'error', outcome: 'not-charged'});
    expect(stripe.requests).toHaveLength(0);
  });
});
