/** The setup most endpoint tests share: a fresh Stripe stand-in and a handler wired to it for each test. */
import {afterEach, beforeEach} from 'vitest';
import {makeHandler} from './fixtures';
import {startStripeStandIn, type StripeStandIn} from './stripeStandIn';

export type EachStandIn = {stripe: StripeStandIn; setup: ReturnType<typeof makeHandler>};

/** Starts the stand-in and its handler before each test and closes the stand-in after; read both from the answer. */
export function eachStandIn(): EachStandIn {
  const current = {} as EachStandIn;
  beforeEach(async () => {
    current.stripe = await startStripeStandIn();
    current.setup = makeHandler(current.stripe);
  });
  afterEach(() => current.stripe.close());
  return current;
}
