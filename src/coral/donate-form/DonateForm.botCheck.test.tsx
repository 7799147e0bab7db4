// @vitest-environment jsdom
import {act, cleanup, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {type ChargeResult, type Gateway, type GiftIntent, loadBotCheck} from '../shared/gateways';
import {expectNoAxeViolations, turnstileStandIn} from '../shared/testing';
import type {DonateFormConfigInput} from './schema';
import {DonateForm} from '.';
import {parseDonateFormConfig} from './parse';

/** A form whose card is taken on the processor's page, so only the supporter's details are typed here. */
const hosted = {
  campaign: 'save-the-reef',
  gateway: {type: 'http', endpoint: 'https://give.example.org/api'},
} satisfies DonateFormConfigInput;
const SITE_KEY = '1x00000000000000000000AA';
const checked = {...hosted, botCheck: {siteKey: SITE_KEY}} satisfies DonateFormConfigInput;

const DETAILS = {'First name': 'Mere', 'Last name': 'Tane', Email: 'mere@example.org', Postcode: '2000'};

/** A gateway that answers each gift from `answers` in turn and keeps what it was sent. */
function gatewayAnswering(...answers: ChargeResult[]) {
  const sent: GiftIntent[] = [];
  const gateway: Gateway = {
    charge: vi.fn(async (intent: GiftIntent): Promise<ChargeResult> => {
      sent.push(intent);
      return answers.shift() ?? {status: 'error', outcome: 'not-charged', retryable: true, detail: 'no more answers'};
    }),
  };
  return {gateway, sent};
}

async function give(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(DETAILS)) {
    if ((screen.getByLabelText(label) as HTMLInputElement).value === '') await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', {name: 'Give $60'}));
}

/** The visitor passes the check: the token it gave. */
function passed(turnstile: ReturnType<typeof turnstileStandIn>): string {
  let token = '';
  act(() => {
    token = turnstile.pass();
  });
  return token;
}

const scripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.startsWith('https://challenges.cloudflare.com/'));

afterEach(() => {
  cleanup();
  for (const script of scripts()) script.remove();
  delete window.turnstile;
});

describe("the donate form and the endpoint's card-testing guard", () => {
  it('asks the supporter to wait the minutes the endpoint gave, keeping everything typed, and sends nothing by itself', async () => {
    const user = userEvent.setup();
    const {gateway, sent} = gatewayAnswering({status: 'guarded', reason: 'rate-limited', retryAfter: 90});
    const {container} = render(<DonateForm config={hosted} gateway={gateway} />);
    await give(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your gift did not go through');
    expect(alert).toHaveTextContent('Nothing was charged, and your details are still here. Please try again in about 2 minutes.');
    expect(alert).toHaveFocus();
    for (const [label, value] of Object.entries(DETAILS)) expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(sent).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('asks for the bot check when the endpoint wants one', async () => {
    const user = userEvent.setup();
    const {gateway} = gatewayAnswering({status: 'guarded', reason: 'bot-check'});
    render(<DonateForm config={hosted} gateway={gateway} />);
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We need to check that this gift comes from a person. Nothing was charged, and your details are still here. Complete the check',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('mere@example.org');
  });

  it('takes the wording from the config, as every message', async () => {
    const user = userEvent.setup();
    const {gateway} = gatewayAnswering({status: 'guarded', reason: 'rate-limited'});
    render(<DonateForm config={{...hosted, messages: {'guard.rate-limited': 'Slow down: back in {wait}.'}}} gateway={gateway} />);
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down: back in a few minutes.');
  });
});

describe('the bot check', () => {
  it('loads nothing from Cloudflare and sends no token without a site key', async () => {
    const user = userEvent.setup();
    const {gateway, sent} = gatewayAnswering({status: 'declined', reason: 'card declined'});
    const {container} = render(<DonateForm config={hosted} gateway={gateway} />);
    await give(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('botCheck');
    expect(scripts()).toHaveLength(0);
    expect(container.querySelector('[part="bot-check"]')).toBeNull();
  });

  it('refuses a site key that is not one, saying what it expected', () => {
    const result = parseDonateFormConfig({...hosted, botCheck: {siteKey: 'pk_live_oops'}});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      expect.objectContaining({path: 'botCheck.siteKey', message: expect.stringContaining('expected a Cloudflare Turnstile site key')}),
    ]);
    expect(parseDonateFormConfig(checked).ok).toBe(true);
  });

  it("loads Turnstile's script once for the page, however many forms, and sends the gift without a token when it fails", async () => {
    const user = userEvent.setup();
    const {gateway, sent} = gatewayAnswering({status: 'guarded', reason: 'bot-check'});
    render(
      <>
        <DonateForm config={checked} gateway={gateway} id="one" />
        <DonateForm config={checked} id="two" />
      </>,
    );
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0]!.src).toBe((await loadBotCheck()).TURNSTILE_SCRIPT);
    act(() => void scripts()[0]!.dispatchEvent(new Event('error')));
    const [first] = screen.getAllByRole('form');
    await waitFor(() => expect(first).toBeInTheDocument());
    for (const [label, value] of Object.entries(DETAILS)) await user.type(screen.getAllByLabelText(label)[0]!, value);
    await user.click(screen.getAllByRole('button', {name: 'Give $60'})[0]!);
    // The endpoint decides: here it wants the check, and says so.
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('botCheck');
  });

  it('sends each token once, holds a gift back until the check is passed, and fetches a fresh token after each send', async () => {
    const user = userEvent.setup();
    const turnstile = turnstileStandIn();
    const {gateway, sent} = gatewayAnswering(
      {status: 'guarded', reason: 'rate-limited', retryAfter: 30},
      {status: 'declined', reason: 'card declined'},
    );
    const {container} = render(<DonateForm config={checked} gateway={gateway} />);
    await waitFor(() => expect(scripts()).toHaveLength(1));
    window.turnstile = turnstile;
    act(() => void scripts()[0]!.dispatchEvent(new Event('load')));
    await waitFor(() => expect(turnstile.widgets.size).toBe(1));
    const [widget] = turnstile.widgets.values();
    expect(widget!.params).toMatchObject({sitekey: SITE_KEY, 'response-field': false});
    expect(container.querySelector('[part="bot-check"]')).toContainElement(widget!.box);

    // Pressed before the check has passed: nothing is sent, and the form says what to do.
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Complete the check by the give button, then press it again.');
    expect(sent).toHaveLength(0);

    const first = passed(turnstile);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.botCheck).toBe(first);
    await screen.findByText(/Please try again in about 1 minute\./);
    expect([...turnstile.widgets.values()][0]!.resets).toBe(1);

    // The used token is gone: the next gift waits for, and carries, a new one.
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByText(/Complete the check by the give button/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const second = passed(turnstile);
    await user.click(await screen.findByRole('button', {name: 'Give $60'}));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.botCheck).toBe(second);
    expect(second).not.toBe(first);
  });

  it('waits for a new token after the last one expired', async () => {
    const user = userEvent.setup();
    const turnstile = turnstileStandIn();
    window.turnstile = turnstile;
    const {gateway, sent} = gatewayAnswering();
    render(<DonateForm config={checked} gateway={gateway} />);
    await waitFor(() => expect(turnstile.widgets.size).toBe(1));
    expect(scripts()).toHaveLength(0);
    passed(turnstile);
    act(() => turnstile.expire());
    await give(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Complete the check');
    expect(sent).toHaveLength(0);
  });

  it('removes its widget with the form', async () => {
    const turnstile = turnstileStandIn();
    window.turnstile = turnstile;
    const {unmount} = render(<DonateForm config={checked} />);
    await waitFor(() => expect(turnstile.widgets.size).toBe(1));
    unmount();
    expect(turnstile.widgets.size).toBe(0);
  });
});
