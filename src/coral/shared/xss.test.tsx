// @vitest-environment jsdom
/**
 * Markup in a config string or in anything a supporter types is shown as text
 * and never runs, in every component. This file runs in both Vitest projects,
 * so it holds for the site's React and for the embed's preact/compat.
 */
import {cleanup, render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {DONATE_FORM_MESSAGES, DonateForm} from '../donate-form';
import {POWERFORM_MESSAGES, Powerform} from '../powerform';
import {THANK_YOU_MESSAGES, ThankYou} from '../thank-you';
import {hostileMessages, SCRIPT_PAYLOADS} from './testing/hostile';

declare global {
  interface Window {
    __coralXss?: number;
  }
}

/** The shared payloads, in turn, so each config string gets a different one. */
const payload = (i: number) => SCRIPT_PAYLOADS[i % SCRIPT_PAYLOADS.length]!;

function expectInert(container: HTMLElement) {
  expect(window.__coralXss).toBeUndefined();
  expect(container.querySelectorAll('script, img[src="x"], svg[onload], iframe, [onerror], [onload], a[href^="javascript:"]')).toHaveLength(
    0,
  );
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  delete window.__coralXss;
  window.dataLayer = [];
  sessionStorage.clear();
});
afterEach(() => cleanup());

describe('hostile text', () => {
  it('in every donate form message and handle label shows as text', () => {
    const {container} = render(
      <DonateForm
        config={{
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
          messages: hostileMessages(DONATE_FORM_MESSAGES),
        }}
      />,
    );
    expectInert(container);
    expect(container.textContent).toContain(payload(0));
    expect(container.textContent).toContain(payload(1));
  });

  it('in every powerform message and its extra question shows as text', () => {
    const {container} = render(
      <Powerform
        config={{
          campaign: 'save-the-reef',
          question: {type: 'choice', id: 'pick', label: payload(3), options: [payload(4), payload(5)]},
          messages: hostileMessages(POWERFORM_MESSAGES),
        }}
      />,
    );
    expectInert(container);
    expect(container.textContent).toContain(payload(3));
    expect(container.textContent).toContain(payload(4));
  });

  it('in every thank-you message, share text and photo caption shows as text', () => {
    const {container} = render(
      <ThankYou
        config={{
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
          messages: hostileMessages(THANK_YOU_MESSAGES),
        }}
      />,
    );
    expectInert(container);
    expect(container.textContent).toContain(payload(7));
    expect(screen.getByRole('img', {name: payload(6)})).toBeInTheDocument();
  });

  it('typed into every field of a gift comes back as text in the thank-you', async () => {
    const user = userEvent.setup();
    const name = SCRIPT_PAYLOADS[1]!;
    const {container} = render(
      <DonateForm config={{campaign: 'save-the-reef', fields: {address: 'optional'}, gateway: {type: 'sandbox', delayMs: 5}}} />,
    );
    await user.type(screen.getByLabelText('First name'), name);
    await user.type(screen.getByLabelText('Last name'), SCRIPT_PAYLOADS[2]!);
    await user.type(screen.getByLabelText(/^Street address/), SCRIPT_PAYLOADS[0]!);
    await user.type(screen.getByLabelText('Email'), 'mere@example.org');
    await user.type(screen.getByLabelText('Postcode'), '2000');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByRole('heading', {name: `Thank you, ${name}!`})).toBeInTheDocument();
    expectInert(container);
  });

  it('typed into the direct debit fields is refused or kept as text, and never runs', async () => {
    const user = userEvent.setup();
    const {container} = render(
      <DonateForm
        config={{campaign: 'save-the-reef', frequencies: ['monthly'], directDebit: true, gateway: {type: 'sandbox', delayMs: 5}}}
      />,
    );
    await user.click(screen.getByRole('radio', {name: 'Direct debit'}));
    for (const label of ['BSB', 'Account number', 'Account name']) await user.type(screen.getByLabelText(label), SCRIPT_PAYLOADS[0]!);
    await user.click(screen.getByRole('button', {name: /^Give/}));
    expect(await screen.findByRole('group', {name: /^Please check/})).toHaveTextContent(/BSB/);
    expectInert(container);
    const accountName = screen.getByLabelText<HTMLInputElement>('Account name').value;
    expect(accountName.length).toBeGreaterThan(0);
    expect(SCRIPT_PAYLOADS[0]!.startsWith(accountName)).toBe(true);
  });
});
