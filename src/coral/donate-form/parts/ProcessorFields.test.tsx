// @vitest-environment jsdom
/**
 * The donate form and a processor's own payment fields: what the fields are
 * made with, and the check each sending click starts in them before anything
 * else. The processor here is a recording double of the gateway's seam; the
 * browser tests run Stripe.js's own rules (tests/e2e/payments.spec.ts).
 */
import {cleanup, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, expect, it} from 'vitest';
import type {FieldsSetup, Gateway, PaymentFields} from '../../shared/gateways';
import {DonateForm} from '..';

afterEach(cleanup);

const STRIPE = {type: 'stripe', publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org'} as const;

/** A gateway whose fields report themselves complete, noting what the form asks of them and when. */
function recordingGateway() {
  const calls: string[] = [];
  const setups: FieldsSetup[] = [];
  const hold = (setup: FieldsSetup) => {
    setups.push(setup);
    calls.push(`hold ${setup.amount} ${setup.frequency}`);
  };
  const fields: Required<PaymentFields> = {
    mount(_room, setup, report) {
      hold(setup);
      report({status: 'ready', method: 'card', complete: true});
      return {update: hold, focus: () => undefined, unmount: () => undefined};
    },
    submit: () => calls.push('check the fields'),
  };
  const gateway: Gateway = {
    fields,
    charge: async (intent) => {
      calls.push(`charge ${intent.amount} ${intent.frequency}`);
      return {status: 'approved', reference: 'pi_recorded'};
    },
  };
  return {gateway, calls, setups};
}

const DETAILS = [
  ['First name', 'Mere'],
  ['Last name', 'Tane'],
  ['Email', 'mere@example.org'],
  ['Postcode', '2000'],
] as const;

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of DETAILS) await user.type(screen.getByLabelText(label), value);
}

it('makes the fields, before any amount is chosen, for the frequency and every way to pay the form offers', async () => {
  const {gateway, setups} = recordingGateway();
  const config = {
    campaign: 'save-the-reef',
    frequencies: ['monthly'],
    directDebit: true,
    amounts: {monthly: {handles: [{amount: 15}, {amount: 25}]}},
    gateway: STRIPE,
  };
  render(<DonateForm config={config} gateway={gateway} />);
  // The fields' part loads on demand, then makes them.
  await waitFor(() => expect(setups[0]).toMatchObject({frequency: 'monthly', methods: ['card', 'direct-debit']}));
});

/** What the gateway was asked since the fields were made, but which gift the fields hold. */
const asked = (calls: string[]) => calls.filter((call) => !call.startsWith('hold '));

/** A form with the monthly ask, filled in, its give button pressed: the ask is open. */
async function atTheAsk() {
  const user = userEvent.setup();
  const {gateway, calls} = recordingGateway();
  render(<DonateForm config={{campaign: 'save-the-reef', gateway: STRIPE, rgUpgrade: {enabled: true}}} gateway={gateway} />);
  await fillDetails(user);
  await user.click(screen.getByRole('button', {name: /^Give \$/}));
  await screen.findByRole('button', {name: /^No thanks, give/});
  return {user, calls};
}

it('starts the fields’ check first in the click that sends, and in the monthly ask’s answer rather than the click that asks', async () => {
  const {user, calls} = await atTheAsk();
  expect(asked(calls)).toEqual([]);
  await user.click(screen.getByRole('button', {name: /^No thanks, give/}));
  await waitFor(() => expect(asked(calls)).toEqual(['check the fields', expect.stringMatching(/^charge \d+ one-off$/)]));
});

it('has the fields hold the monthly gift the ask’s yes makes before a click checks them, then sends it with the give button', async () => {
  const {user, calls} = await atTheAsk();
  const yes = screen.getByRole('button', {name: /^Yes, give \$\d+ monthly$/});
  const monthly = /^Yes, give \$(\d+) monthly$/.exec(yes.textContent!)![1]!;
  await user.click(yes);
  // A wallet's sheet shows the gift the fields hold when the click checks them: this click changed it, so it checks nothing.
  const give = await screen.findByRole('button', {name: `Give $${monthly} monthly`});
  expect(give).toHaveFocus();
  await waitFor(() => expect(calls.at(-1)).toBe(`hold ${Number(monthly) * 100} monthly`));
  expect(asked(calls)).toEqual([]);
  await user.click(give);
  await waitFor(() => expect(asked(calls)).toEqual(['check the fields', `charge ${Number(monthly) * 100} monthly`]));
  const checked = calls.indexOf('check the fields');
  expect(
    calls
      .slice(0, checked)
      .filter((call) => call.startsWith('hold '))
      .at(-1),
  ).toBe(`hold ${Number(monthly) * 100} monthly`);
});
