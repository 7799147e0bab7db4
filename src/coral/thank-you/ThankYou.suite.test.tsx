// @vitest-environment jsdom
import {screen, within} from '@testing-library/react';
import {expect} from 'vitest';
import {writeGiftHandoff} from '../daisychain';
import {describeComponent, SCRIPT_PAYLOADS} from '../shared/testing';
import {THANK_YOU_WRONG_CONFIGS} from './wrongConfigs';
import * as THANK_YOU_EXAMPLES from './examples';
import {THANK_YOU_MESSAGES, ThankYou} from '.';

const {sandbox} = THANK_YOU_EXAMPLES;

describeComponent({
  name: 'ThankYou',
  Component: ThankYou,
  tag: 'coral-thankyou',
  examples: THANK_YOU_EXAMPLES,
  wrongConfigs: THANK_YOU_WRONG_CONFIGS,
  event: {
    name: 'coral:thank-you',
    config: sandbox,
    detail: {campaign: 'save-the-reef', currency: 'AUD', source: 'none', amount: null, frequency: null},
  },
  hostile: {
    messages: THANK_YOU_MESSAGES,
    config: (payload) => ({
      campaign: 'save-the-reef',
      variant: 'photography',
      photo: {
        src: '/reef.svg',
        srcset: [{src: '/reef.svg', width: 800}],
        width: 800,
        height: 450,
        alt: payload(6),
        caption: payload(7),
        credit: payload(8),
      },
      share: {title: payload(9), text: payload(10)},
    }),
    shown: [7, 8],
    alt: [6],
    typed: [
      {
        title: 'into the monthly form of the ask, which come back as text in its thanks',
        config: {...sandbox, gateway: {type: 'sandbox', delayMs: 5}},
        before: () =>
          writeGiftHandoff(sessionStorage, {
            amount: 6000,
            currency: 'AUD',
            frequency: 'one-off',
            reference: 'CRL-XSS1',
            date: '2026-03-14T02:30:00.000Z',
            campaign: 'save-the-reef',
          }),
        type: async (user) => {
          const name = SCRIPT_PAYLOADS[1]!;
          await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
          const form = screen.getByRole('form', {name: 'Your monthly gift'});
          await user.type(within(form).getByLabelText('First name'), name);
          await user.type(within(form).getByLabelText('Last name'), SCRIPT_PAYLOADS[2]!);
          await user.type(within(form).getByLabelText('Email'), 'mere@example.org');
          await user.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
          await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
          await user.type(within(form).getByLabelText('Security code (CVC)'), '123');
          await user.click(within(form).getByRole('button', {name: 'Give $20 monthly'}));
          expect(await within(form).findByRole('heading', {name: `Thank you, ${name}!`})).toBeInTheDocument();
        },
      },
    ],
  },
});
