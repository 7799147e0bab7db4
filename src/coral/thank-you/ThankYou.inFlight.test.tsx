// @vitest-environment jsdom
/**
 * The one-tap monthly gift when the endpoint is already making it for another
 * tap (its 409): the page says so and offers to try again, under the same
 * idempotency key, which the endpoint answers with that gift's outcome.
 */
import {cleanup, render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {UPGRADE_IN_FLIGHT, type UpgradeAnswer} from '../contract';
import {writeGiftHandoff} from '../daisychain';
import {expectNoAxeViolations, gift} from '../shared/testing';
import * as THANK_YOU_EXAMPLES from './examples';
import {ThankYou} from '.';

/** The endpoint's answers to POST /gifts/upgrade, in turn, and the requests it was sent. */
function endpoint(...answers: {status: number; body: UpgradeAnswer}[]) {
  const sent: {url: string; key: string | null; body: unknown}[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({url, key: new Headers(init.headers).get('idempotency-key'), body: JSON.parse(init.body as string)});
    const {status, body} = answers.shift()!;
    return new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}});
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

/** What the endpoint answers while another request is making this gift's monthly gift. */
const IN_FLIGHT = {status: 409, body: UPGRADE_IN_FLIGHT} as const;
const APPROVED = {status: 200, body: {status: 'approved', reference: 'sub_1Monthly', kind: 'subscription'}} as const;

beforeEach(() =>
  writeGiftHandoff(sessionStorage, {...gift, reference: 'pi_3First', oneTap: {token: 'pi_3First_secret_kept', amount: 2000}}),
);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** A thank-you page whose one-tap gift goes to the endpoint through the stripe gateway, which the example's sandbox cannot. */
const config = {
  ...THANK_YOU_EXAMPLES.sandbox,
  gateway: {type: 'stripe', publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org'},
};

describe('the one-tap monthly gift while another tap is being processed', () => {
  it('says the other tap is still on its way, and a try again under the same key shows the gift made', async () => {
    const user = userEvent.setup();
    const sent = endpoint(IN_FLIGHT, APPROVED);
    const {container} = render(<ThankYou config={config} />);
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));

    expect(await screen.findByText(/Your other tap is still being processed/)).toBeInTheDocument();
    expect(screen.queryByText(/could not confirm/)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', {name: 'Try again'}));

    expect(
      await screen.findByText('You now give $20 every month, on the card you just used. Reference: sub_1Monthly.'),
    ).toBeInTheDocument();
    expect(sent.map(({url}) => url)).toEqual(['https://pay.example.org/gifts/upgrade', 'https://pay.example.org/gifts/upgrade']);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(sent[0]!.key).toMatch(/^[\w-]{16,200}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('keeps offering to try again while the endpoint still holds the other tap', async () => {
    const user = userEvent.setup();
    const sent = endpoint(IN_FLIGHT, IN_FLIGHT, APPROVED);
    render(<ThankYou config={config} />);
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
    await user.click(await screen.findByRole('button', {name: 'Try again'}));
    await user.click(await screen.findByRole('button', {name: 'Try again'}));
    expect(await screen.findByText(/You now give \$20 every month/)).toBeInTheDocument();
    expect(new Set(sent.map(({key}) => key)).size).toBe(1);
  });
});
