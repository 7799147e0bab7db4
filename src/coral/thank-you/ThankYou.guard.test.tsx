// @vitest-environment jsdom
import {cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it} from 'vitest';
import {writeGiftHandoff} from '../daisychain';
import {type ChargeResult, loadSandbox} from '../shared/gateways';
import {expectNoAxeViolations, gift, turnstileStandIn} from '../shared/testing';
import * as THANK_YOU_EXAMPLES from './examples';
import {ThankYou} from '.';

const {createSandboxGateway} = await loadSandbox();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  delete window.turnstile;
});

/** A kept card's one-tap monthly gift, answered in turn by `answers`. */
function renderWith(...answers: ChargeResult[]) {
  return renderConfigured(THANK_YOU_EXAMPLES.sandbox, answers);
}

function renderConfigured(config: object, answers: ChargeResult[]) {
  writeGiftHandoff(sessionStorage, {...gift, reference: 'CRL-G1', oneTap: {token: 'tok_kept', amount: 2000}});
  const sandbox = createSandboxGateway({delayMs: 0});
  const asked: unknown[] = [];
  const keys: string[] = [];
  const gateway = {
    charge: sandbox.charge.bind(sandbox),
    upgrade: async (ask: unknown, {idempotencyKey}: {idempotencyKey: string}) => {
      asked.push(ask);
      keys.push(idempotencyKey);
      return answers.shift() ?? {status: 'approved' as const, reference: 'CRL-MONTHLY2'};
    },
  };
  const view = render(<ThankYou config={config} gateway={gateway} />);
  return {asked, keys, container: view.container};
}

describe("the thank-you page and the endpoint's card-testing guard", () => {
  it('asks the supporter to wait the minutes the endpoint gave, and sends again only when tapped', async () => {
    const user = userEvent.setup();
    const {asked, container} = renderWith({status: 'guarded', reason: 'rate-limited', retryAfter: 150});
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was charged. Please try again in about 3 minutes.');
    expect(alert).toHaveFocus();
    expect(asked).toHaveLength(1);
    await expectNoAxeViolations(container);
    // The ask stays: a tap once the wait is over sends again.
    await user.click(screen.getByRole('button', {name: 'Yes, give $20 monthly'}));
    expect(await screen.findByText(/You now give \$20 every month/)).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('says "a few minutes" when the endpoint gave no wait', async () => {
    const user = userEvent.setup();
    renderWith({status: 'guarded', reason: 'rate-limited'});
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in a few minutes.');
  });

  it('opens the monthly form, saying why, when the endpoint wants a bot check first', async () => {
    const user = userEvent.setup();
    renderWith({status: 'guarded', reason: 'bot-check'});
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
    const form = await screen.findByRole('form', {name: 'Your monthly gift'});
    const said = within(form.parentElement!).getByRole('alert');
    expect(said).toHaveTextContent('We need to check that this gift comes from a person');
    expect(said).toHaveTextContent('Nothing was charged.');
  });

  it("gives the monthly form the thank-you config's bot check, so the check the endpoint wants can be passed", async () => {
    const user = userEvent.setup();
    const turnstile = turnstileStandIn();
    window.turnstile = turnstile;
    const siteKey = '1x00000000000000000000AA';
    renderConfigured({...THANK_YOU_EXAMPLES.sandbox, botCheck: {siteKey}}, [{status: 'guarded', reason: 'bot-check'}]);
    // The one-tap ask itself shows no check.
    const accept = await screen.findByRole('button', {name: 'Yes, give $20 monthly'});
    expect(turnstile.widgets.size).toBe(0);
    await user.click(accept);
    await screen.findByRole('form', {name: 'Your monthly gift'});
    await waitFor(() => expect(turnstile.widgets.size).toBe(1));
    expect([...turnstile.widgets.values()][0]!.params.sitekey).toBe(siteKey);
  });

  it('sends the one-tap gift through the gateway once per accept, each under its own idempotency key', async () => {
    const user = userEvent.setup();
    const {asked, keys} = renderWith({status: 'guarded', reason: 'rate-limited'});
    await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
    await screen.findByRole('alert');
    expect(asked).toEqual([{reference: 'CRL-G1', token: 'tok_kept', amount: 2000, currency: 'AUD'}]);
    expect(keys).toEqual([expect.stringMatching(/\S{16,}/)]);
    await user.click(screen.getByRole('button', {name: 'Yes, give $20 monthly'}));
    await screen.findByText(/You now give \$20 every month/);
    // Nothing more goes out once the answer is in, however the page renders.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
