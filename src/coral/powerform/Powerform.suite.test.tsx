// @vitest-environment jsdom
import {screen, within} from '@testing-library/react';
import {expect} from 'vitest';
import {describeComponent, SCRIPT_PAYLOADS} from '../shared/testing';
import {POWERFORM_WRONG_CONFIGS} from './wrongConfigs';
import * as POWERFORM_EXAMPLES from './examples';
import {POWERFORM_MESSAGES, Powerform} from '.';

const {sandbox} = POWERFORM_EXAMPLES;

describeComponent({
  name: 'Powerform',
  Component: Powerform,
  tag: 'coral-powerform',
  examples: POWERFORM_EXAMPLES,
  wrongConfigs: POWERFORM_WRONG_CONFIGS,
  event: {
    name: 'coral:invalid',
    config: sandbox,
    trigger: (user, root) => user.click(within(root).getByRole('button', {name: 'Sign now'})),
    detail: {campaign: 'save-the-reef', variant: 'petition', sourceCode: 'PF-REEF', fields: ['firstName', 'email', 'postcode']},
  },
  hostile: {
    messages: POWERFORM_MESSAGES,
    config: (payload) => ({
      campaign: 'save-the-reef',
      question: {type: 'choice', id: 'pick', label: payload(3), options: [payload(4), payload(5)]},
    }),
    shown: [3, 4],
    typed: [
      {
        title: 'into every field of a signature, which come back as text in the thanks',
        config: {...sandbox, question: {type: 'text', id: 'why', label: 'Why does the reef matter to you?'}},
        type: async (user) => {
          const name = SCRIPT_PAYLOADS[1]!;
          await user.type(screen.getByLabelText('First name'), name);
          await user.type(screen.getByLabelText('Last name (optional)'), SCRIPT_PAYLOADS[2]!);
          await user.type(screen.getByLabelText('Why does the reef matter to you? (optional)'), SCRIPT_PAYLOADS[0]!);
          await user.type(screen.getByLabelText('Email'), 'mere@example.org');
          await user.type(screen.getByLabelText('Postcode'), '2000');
          await user.click(screen.getByRole('button', {name: 'Sign now'}));
          expect(await screen.findByRole('heading', {name: `Thank you, ${name}!`})).toBeInTheDocument();
        },
      },
    ],
  },
});
