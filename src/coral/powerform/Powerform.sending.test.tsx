// @vitest-environment jsdom
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import {SUPPORTER_KEY} from '../daisychain';
import {loadSandbox} from '../shared/gateways';
import {signer} from '../shared/testing';
import {base, collect, fillRequired, withFreshPage} from './Powerform.testing';
import {Powerform} from '.';

const {createSandboxGateway} = await loadSandbox();

withFreshPage();

describe('Powerform', () => {
  it('signs once however often the button is pressed, and says it is sending', async () => {
    const user = userEvent.setup();
    const gateway = createSandboxGateway({delayMs: 0});
    // The sandbox answers only when the test lets it, so the in-flight state can be looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = gateway.sign;
    const sign = vi.spyOn(gateway, 'sign').mockImplementation(async (signup, options) => {
      await held;
      return answer(signup, options);
    });
    render(<Powerform config={base} gateway={gateway} />);
    await fillRequired(user);
    const button = screen.getByRole('button', {name: 'Sign now'});
    await user.dblClick(button);
    await user.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('Adding your name…');
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Adding your name…')).toBe(true);
    expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(gateway.signups()).toBe(1);
    expect(new Set(sign.mock.calls.map(([, options]) => options.idempotencyKey)).size).toBe(1);
  });

  it('keeps every value after an error, says so, and tries again under the same key', async () => {
    const user = userEvent.setup();
    const gateway = createSandboxGateway({delayMs: 5});
    const sign = vi.spyOn(gateway, 'sign');
    const errors = collect('coral:error');
    render(
      <Powerform config={{...base, question: {type: 'text', id: 'why', label: 'Why does the reef matter to you?'}}} gateway={gateway} />,
    );
    await fillRequired(user, 'mere+error@example.org');
    await user.type(screen.getByLabelText('Mobile (optional)'), '0412 345 678');
    await user.type(screen.getByLabelText('Why does the reef matter to you? (optional)'), 'I swim there');
    await user.click(screen.getByRole('checkbox', {name: /Keep me updated/}));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your name could not be added just now, so nothing was saved. Your details are still here: please try again.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Mere');
    expect(screen.getByLabelText('Email')).toHaveValue('mere+error@example.org');
    expect(screen.getByLabelText('Mobile (optional)')).toHaveValue('0412 345 678');
    expect(screen.getByLabelText('Postcode')).toHaveValue('2000');
    expect(screen.getByLabelText('Why does the reef matter to you? (optional)')).toHaveValue('I swim there');
    expect(screen.getByRole('checkbox', {name: /Keep me updated/})).toBeChecked();
    await waitFor(() => expect(errors.seen[0]?.detail).toMatchObject({kind: 'error', saved: 'no', retryable: true}));
    expect(sign.mock.calls[0]![0]).toMatchObject({
      supporter: {phone: '+61412345678', consent: true},
      answer: {id: 'why', value: 'I swim there'},
      sourceCode: 'PF-REEF',
    });
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await waitFor(() => expect(sign).toHaveBeenCalledTimes(2));
    expect(sign.mock.calls[1]![1].idempotencyKey).toBe(sign.mock.calls[0]![1].idempotencyKey);
    errors.stop();
  });

  it('says honestly when a signature may have been added', async () => {
    const user = userEvent.setup();
    render(<Powerform config={base} />);
    await fillRequired(user, 'mere+unknown@example.org');
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('It may have been added; please check your email before signing again.');
    // No full-width "Sign now" beside that: only a quiet way to send it again.
    expect(screen.queryByRole('button', {name: 'Sign now'})).not.toBeInTheDocument();
    expect(screen.getByRole('button', {name: 'Send my signature again'})).toBeInTheDocument();
  });

  it('marks the email field when the address was refused, saying why', async () => {
    const user = userEvent.setup();
    render(<Powerform config={base} />);
    await fillRequired(user, 'mere+reject@example.org');
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('alert');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Check your email address: the address cannot receive email.');
  });

  it('hands the signer to the daisychain page through session storage and leaves with no personal data in the URL', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<Powerform config={{...base, success: {type: 'daisychain', url: '/demos/daisychain-page-2'}}} navigate={navigate} />);
    await user.type(screen.getByLabelText('Last name (optional)'), 'Tane');
    await user.type(screen.getByLabelText('Mobile (optional)'), '0412 345 678');
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', {name: /Keep me updated/}));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith('/demos/daisychain-page-2');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the next step…');
    const stored = JSON.parse(sessionStorage.getItem(SUPPORTER_KEY)!) as {data: unknown; expiresAt: number};
    expect(stored.data).toEqual(signer);
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
  });

  it('redirects after signing without handing anything over', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<Powerform config={{...base, success: {type: 'redirect', url: 'https://example.org/next'}}} navigate={navigate} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://example.org/next'));
    expect(sessionStorage.getItem(SUPPORTER_KEY)).toBeNull();
  });

  it('prefills from URL parameters as plain text, ignores bad values and carries utm to the signup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gateway = createSandboxGateway({delayMs: 0});
    const sign = vi.spyOn(gateway, 'sign');
    window.history.replaceState(
      null,
      '',
      '/?first_name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&email=mere%40example.org&postcode=2000&utm_source=newsletter&utm_campaign=reef',
    );
    const user = userEvent.setup();
    render(<Powerform config={{...base, urlParams: true}} gateway={gateway} />);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('mere@example.org'));
    expect(screen.getByLabelText('Postcode')).toHaveValue('2000');
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(document.querySelector('img')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignored URL parameter "first_name"'));
    await user.type(screen.getByLabelText('First name'), 'Mere');
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(sign.mock.calls[0]![0].utm).toEqual({utm_source: 'newsletter', utm_campaign: 'reef'});
  });

  it('ignores URL parameters unless the config turns them on', async () => {
    window.history.replaceState(null, '', '/?email=mere%40example.org');
    render(<Powerform config={base} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
