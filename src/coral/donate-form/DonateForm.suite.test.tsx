// @vitest-environment jsdom
import {screen, within} from '@testing-library/react';
import {expect} from 'vitest';
import {describeComponent, type User, SCRIPT_PAYLOADS} from '../shared/testing';
import {DONATE_FORM_WRONG_CONFIGS} from './wrongConfigs';
import * as DONATE_FORM_EXAMPLES from './examples';
import {DONATE_FORM_MESSAGES, DonateForm} from '.';

const {sandbox} = DONATE_FORM_EXAMPLES;

async function fillCard(user: User) {
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

describeComponent({
  name: 'DonateForm',
  Component: DonateForm,
  tag: 'coral-donate-form',
  examples: DONATE_FORM_EXAMPLES,
  wrongConfigs: DONATE_FORM_WRONG_CONFIGS,
  event: {
    name: 'coral:amount-change',
    config: sandbox,
    trigger: (user, root) => user.click(within(root).getByRole('radio', {name: '$120'})),
    detail: {campaign: 'save-the-reef', currency: 'AUD', amount: 120, frequency: 'one-off', source: 'handle'},
  },
  hostile: {
    messages: DONATE_FORM_MESSAGES,
    config: (payload) => ({
      campaign: 'save-the-reef',
      amounts: {
        'one-off': {
          handles: [
            {amount: 35, label: payload(0), impact: payload(1)},
            {amount: 60, impact: payload(2)},
          ],
          defaultAmount: 35,
        },
      },
    }),
    shown: [0, 1],
    typed: [
      {
        title: 'into every field of a gift, which come back as text in the thank-you',
        config: {...sandbox, fields: {address: 'optional'}},
        type: async (user) => {
          const name = SCRIPT_PAYLOADS[1]!;
          await user.type(screen.getByLabelText('First name'), name);
          await user.type(screen.getByLabelText('Last name'), SCRIPT_PAYLOADS[2]!);
          await user.type(screen.getByLabelText(/^Street address/), SCRIPT_PAYLOADS[0]!);
          await user.type(screen.getByLabelText('Email'), 'mere@example.org');
          await user.type(screen.getByLabelText('Postcode'), '2000');
          await fillCard(user);
          await user.click(screen.getByRole('button', {name: 'Give $60'}));
          expect(await screen.findByRole('heading', {name: `Thank you, ${name}!`})).toBeInTheDocument();
        },
      },
      {
        title: 'into the direct debit fields, which refuse them or keep them as text',
        config: {...sandbox, frequencies: ['monthly'], directDebit: true},
        type: async (user) => {
          await user.click(await screen.findByRole('radio', {name: 'Direct debit'}));
          for (const label of ['BSB', 'Account number', 'Account name']) await user.type(screen.getByLabelText(label), SCRIPT_PAYLOADS[0]!);
          await user.click(screen.getByRole('button', {name: /^Give/}));
          expect(await screen.findByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).toHaveTextContent(/BSB/);
          const accountName = screen.getByLabelText<HTMLInputElement>('Account name').value;
          expect(accountName.length).toBeGreaterThan(0);
          expect(SCRIPT_PAYLOADS[0]!.startsWith(accountName)).toBe(true);
        },
      },
    ],
  },
});
