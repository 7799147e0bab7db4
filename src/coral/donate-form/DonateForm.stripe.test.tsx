// @vitest-environment jsdom
/**
 * The donate form with its `stripe` gateway, as a page has them: the gateway's
 * own code and a Stripe.js stand-in that refuses what Stripe.js refuses
 * (shared/testing/stripeJs.ts), with the organisation's endpoint answered here.
 */
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {stripeJsStandIn, type StripeJsStandIn} from '../shared/testing';
import {DonateForm} from '.';
import {cleanPageEachTest, fillDetails} from './DonateForm.testing';

let stand: StripeJsStandIn;
vi.mock('@stripe/stripe-js/pure', () => ({loadStripe: async () => stand.stripe()}));

cleanPageEachTest();

const CONFIG = {
  campaign: 'save-the-reef',
  gateway: {type: 'stripe', publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org'},
};

/** What the endpoint was sent: each gift's idempotency key, amount and frequency, in order. */
let sent: {key: string; amount: number; frequency: string}[] = [];
/** The endpoint's card-testing guard has cancelled the payment it makes under the first key, after repeated declines. */
let guardCancelsFirst = false;

beforeEach(() => {
  stand = stripeJsStandIn({autoApply: true});
  sent = [];
  guardCancelsFirst = false;
  const endpoint = stand.endpoint((gift, clientSecret) => {
    sent.push(gift);
    if (guardCancelsFirst && sent.length === 1) stand.cancel(clientSecret);
  });
  vi.stubGlobal('fetch', vi.fn(endpoint));
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the form, fills in the supporter's details and completes the card in Stripe's fields, once they are there. */
async function readyToGive(config: Record<string, unknown>) {
  const user = userEvent.setup();
  render(<DonateForm config={config} />);
  await fillDetails(user);
  await waitFor(() => stand.typeCard());
  return user;
}

describe('DonateForm with the stripe gateway', () => {
  it('after a payment the endpoint cancelled, says nothing was charged and sends the next try under a fresh key', async () => {
    guardCancelsFirst = true;
    const user = await readyToGive(CONFIG);
    await user.click(screen.getByRole('button', {name: /^Give \$/}));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing was charged/);
    await user.click(screen.getByRole('button', {name: /^Give \$/}));
    expect(await screen.findByRole('heading', {name: /^Thank you/})).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({amount: sent[0]!.amount, frequency: 'one-off'});
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('turned monthly at the ask, sends the monthly gift the fields held when the give button’s click checked them', async () => {
    const user = await readyToGive({...CONFIG, rgUpgrade: {enabled: true}});
    await user.click(screen.getByRole('button', {name: /^Give \$/}));
    await user.click(await screen.findByRole('button', {name: /^Yes, give \$\d+ monthly$/}));
    const give = await screen.findByRole('button', {name: /^Give \$\d+ monthly$/});
    const monthly = Number(/\$(\d+)/.exec(give.textContent!)![1]) * 100;
    // The supporter reads the button; meanwhile the fields take the monthly gift.
    await waitFor(() => expect(stand.calls).toContain(`update ${monthly}`));
    await user.click(give);
    expect(await screen.findByRole('heading', {name: /^Thank you/})).toBeInTheDocument();
    expect(stand.submitted).toMatchObject([{mode: 'subscription', amount: monthly}]);
    expect(sent).toMatchObject([{amount: monthly, frequency: 'monthly'}]);
  });
});
