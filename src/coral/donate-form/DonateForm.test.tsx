// @vitest-environment jsdom
/** The donate form's core: amounts, the gift, the card fields, declines, a wrong config, the wizard, the page's title and the reassurance. */
import {act, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import {loadSandbox} from '../shared/gateways';
import {expectNoAxeViolations} from '../shared/testing';
import * as DONATE_FORM_EXAMPLES from './examples';
import {DonateForm} from '.';
import {base, cleanPageEachTest, fillCard, fillDetails} from './DonateForm.testing';

const {createSandboxGateway} = await loadSandbox();

cleanPageEachTest();

describe('DonateForm', () => {
  it('offers the handles as a radio group and announces the total', async () => {
    const user = userEvent.setup();
    const {container} = render(<DonateForm config={base} />);
    const amounts = screen.getByRole('group', {name: 'Choose an amount'});
    expect(within(amounts).getByRole('radio', {name: '$60'})).toBeChecked();
    await user.click(within(amounts).getByRole('radio', {name: '$120'}));
    expect(screen.getByText('$120 once').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('radio', {name: 'Monthly'}));
    expect(screen.getByText('$25 every month')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('starts afresh from a changed config, so a choice the new config adds works at once', async () => {
    const user = userEvent.setup();
    const {rerender} = render(<DonateForm config={base} />);
    await user.click(screen.getByRole('radio', {name: 'Monthly'}));
    await user.type(screen.getByLabelText('First name'), 'Mere');
    // A page script adds weekly giving: the form follows the new config from its own start, not the old state.
    rerender(<DonateForm config={{...base, frequencies: ['one-off', 'monthly', 'weekly']}} />);
    expect(screen.getByRole('radio', {name: 'One-off'})).toBeChecked();
    expect(screen.getByLabelText('First name')).toHaveValue('');
    await user.click(screen.getByRole('radio', {name: 'Weekly'}));
    expect(screen.getByText('$10 every week')).toBeInTheDocument();
    // The same config written anew is the same config: what was typed stays.
    await user.type(screen.getByLabelText('First name'), 'Aroha');
    rerender(<DonateForm config={{...base, frequencies: ['one-off', 'monthly', 'weekly']}} />);
    expect(screen.getByLabelText('First name')).toHaveValue('Aroha');
  });

  it('refuses an other amount under the minimum, naming it, and focuses the error summary', async () => {
    const user = userEvent.setup();
    const {container} = render(<DonateForm config={base} />);
    await user.type(screen.getByLabelText('Other amount'), '3');
    // Leaving the field says so under it, but the summary, above everything, waits for a failed submit.
    await user.tab();
    expect(screen.getByLabelText('Other amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: /^Give/}));
    const summary = screen.getByRole('group', {name: /^There (is a problem|are \d+ problems)$/});
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', {name: 'The smallest one-off gift we can take is $5.'})).toBeInTheDocument();
    const other = screen.getByLabelText('Other amount');
    expect(other).toHaveValue('3');
    expect(other).toHaveAttribute('aria-invalid', 'true');
    expect(other).toHaveAccessibleDescription(expect.stringContaining('The smallest one-off gift we can take is $5.'));
    await expectNoAxeViolations(container);
  });

  it('holds a field’s message while the give button is pressed, so nothing moves under the pointer before the click', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={base} />);
    await user.type(await screen.findByLabelText('Security code (CVC)'), '1');
    const give = screen.getByRole('button', {name: /^Give/});
    // Pressing the button leaves the field, but its message (which would push the button down) waits for the release.
    await user.pointer({keys: '[MouseLeft>]', target: give});
    expect(give).toHaveFocus();
    expect(screen.getByLabelText('Security code (CVC)')).not.toHaveAttribute('aria-invalid', 'true');
    await user.pointer({keys: '[/MouseLeft]', target: give});
    // The click went through: the form was sent, refused, and every problem is listed.
    expect(await screen.findByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).toBeInTheDocument();
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a field’s message once the supporter presses anywhere else and lets go', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={base} />);
    await user.type(screen.getByLabelText('Email'), 'mere@');
    await user.click(screen.getByLabelText('First name'));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).not.toBeInTheDocument();
  });

  it('completes a gift with the approving test card and thanks the supporter by name', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    const listener = (event: Event) => events.push(event.type);
    for (const name of ['coral:submit', 'coral:success']) document.addEventListener(name, listener);
    render(<DonateForm config={{...base, analytics: true}} />);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByRole('heading', {name: 'Thank you, Mere!'})).toHaveFocus();
    expect(screen.getByText(/^CRL-/)).toBeInTheDocument();
    await waitFor(() => expect(events).toEqual(['coral:submit', 'coral:success']));
    expect((window.dataLayer as {event?: string}[]).map((e) => e.event).filter(Boolean)).toEqual([
      'begin_checkout',
      'add_payment_info',
      'purchase',
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/Mere|mere@|4242/);
    for (const name of ['coral:submit', 'coral:success']) document.removeEventListener(name, listener);
  });

  it('gives a daily gift the same value, its whole total, in every dataLayer push', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{...DONATE_FORM_EXAMPLES.dailyOneWeek, gateway: {type: 'sandbox', delayMs: 5}, analytics: true}} />);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $5 a day'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    const values = () =>
      (window.dataLayer as {event?: string; ecommerce?: {value: number}}[])
        .filter((push) => push.event !== undefined)
        .map((push) => [push.event, push.ecommerce?.value]);
    await waitFor(() =>
      expect(values()).toEqual([
        ['begin_checkout', 35],
        ['add_payment_info', 35],
        ['purchase', 35],
      ]),
    );
  });

  it('formats a card number and an expiry typed as bare digits, keeping the caret after the same digits', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{campaign: 'reef'}} />);
    const number = await screen.findByLabelText<HTMLInputElement>('Card number');
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    // A digit typed after the first group moves the rest along; the caret stays just after it.
    await user.type(number, '9', {initialSelectionStart: 5, initialSelectionEnd: 5});
    expect(number).toHaveValue('4242 9424 2424 2424 2');
    expect(number.selectionStart).toBe(6);
    const expiry = screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)');
    await user.type(expiry, '1234');
    expect(expiry).toHaveValue('12 / 34');
    await user.clear(expiry);
    await user.type(expiry, '4');
    expect(expiry).toHaveValue('04 / ');
    await user.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('0');
  });

  it('takes an expiry typed with a four-digit year as that year, and gives with it', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={base} />);
    await fillDetails(user);
    await fillCard(user);
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    await user.clear(expiry);
    await user.type(expiry, '12/2034');
    expect(expiry).toHaveValue('12 / 2034');
    await user.tab();
    expect(expiry).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByRole('heading', {name: 'Thank you, Mere!'})).toBeInTheDocument();
  });

  it('takes the details, card and bank fields as typed, with no maxlength, and says what is wrong with one too long', async () => {
    const user = userEvent.setup();
    const {container} = render(<DonateForm config={{...base, frequencies: ['one-off', 'monthly'], directDebit: true}} />);
    const noMaxLength = () => expect(container.querySelectorAll('input[maxlength]')).toHaveLength(0);
    noMaxLength();
    const postcode = screen.getByLabelText('Postcode');
    await user.type(postcode, '20000');
    expect(postcode).toHaveValue('20000');
    await user.tab();
    expect(postcode).toHaveAccessibleDescription('Postcode must be 4 digits.');
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4242 4242 4242 4242 4242');
    expect(number).toHaveValue('4242 4242 4242 4242 424 2');
    await user.tab();
    expect(number).toHaveAccessibleDescription(expect.stringContaining('Card number must be 19 digits or fewer.'));
    const cvc = screen.getByLabelText('Security code (CVC)');
    await user.type(cvc, '12345');
    expect(cvc).toHaveValue('12345');
    await user.click(screen.getByRole('radio', {name: 'Monthly'}));
    await user.click(screen.getByRole('radio', {name: 'Direct debit'}));
    noMaxLength();
    const name = screen.getByLabelText('Account name');
    await user.type(name, 'M'.repeat(33));
    expect(name).toHaveValue('M'.repeat(33));
    await user.tab();
    expect(name).toHaveAccessibleDescription('Enter the account name in 32 characters or fewer, as your bank shows it.');
  });

  it('keeps every value after a decline and says nothing was charged', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={base} />);
    await fillDetails(user);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined. Try another card. Nothing was charged, and your details are still here.');
    expect(alert).not.toHaveTextContent('(');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Mere');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('123');
  });

  it('charges once however often the button is pressed', async () => {
    const user = userEvent.setup();
    const gateway = createSandboxGateway({delayMs: 0});
    // The answer waits until the test has seen the form while it is sending.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = gateway.charge.bind(gateway);
    const charge = vi.spyOn(gateway, 'charge').mockImplementation(async (intent, options) => {
      await held;
      return answer(intent, options);
    });
    render(<DonateForm config={base} gateway={gateway} />);
    await fillDetails(user);
    await fillCard(user);
    const button = screen.getByRole('button', {name: 'Give $60'});
    await user.dblClick(button);
    await user.click(button);
    // Marked, not disabled: focus stays on the button, and a status message says what is happening.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('Processing your gift…');
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Processing your gift…')).toBe(true);
    release();
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(gateway.charges()).toBe(1);
    expect(new Set(charge.mock.calls.map(([, options]) => options.idempotencyKey)).size).toBe(1);
  });

  it('shows every bad key of a wrong config instead of a form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<DonateForm config={{campaign: 'reef', size: 'huge', frequencies: ['yearly'], colour: 'red'}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('size: got "huge"; expected one of small, medium, large');
    expect(alert).toHaveTextContent('frequencies.0: got "yearly"');
    expect(alert).toHaveTextContent('colour: got "red"; not an option here');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.stringContaining('size: got "huge"')));
  });

  it('walks the wizard forward and back without losing anything, using browser history', async () => {
    const user = userEvent.setup();
    const {container} = render(<DonateForm config={{...base, layout: 'wizard'}} />);
    expect(screen.getByRole('list')).toHaveTextContent('1 Amount');
    await user.click(screen.getByRole('radio', {name: '$120'}));
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(screen.getByRole('heading', {name: 'Step 2 of 3: Your details'})).toHaveFocus();
    await fillDetails(user);
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(screen.getByRole('heading', {name: 'Step 3 of 3: Payment'})).toHaveFocus();
    await expectNoAxeViolations(container);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, {once: true}));
    });
    expect(screen.getByLabelText('First name')).toHaveValue('Mere');
    await user.click(screen.getByRole('button', {name: 'Back'}));
    expect(screen.getByRole('radio', {name: '$120'})).toBeChecked();
  });

  it("names the wizard's step and any error in the page's title, and gives the page its own title back", async () => {
    const user = userEvent.setup();
    document.title = 'Save the reef';
    const {unmount} = render(<DonateForm config={{...base, layout: 'wizard'}} />);
    expect(document.title).toBe('Amount – Step 1 of 3 – Save the reef');
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(document.title).toBe('Your details – Step 2 of 3 – Save the reef');
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(screen.getByRole('group', {name: /There (is a problem|are \d+ problems)/})).toBeInTheDocument();
    expect(document.title).toBe('Error: Your details – Step 2 of 3 – Save the reef');
    await fillDetails(user);
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(document.title).toBe('Payment – Step 3 of 3 – Save the reef');
    unmount();
    expect(document.title).toBe('Save the reef');
  });

  it("leaves the page's title alone when told to, as a page that sets its own title may need", async () => {
    const user = userEvent.setup();
    document.title = 'Save the reef';
    render(<DonateForm config={{...base, layout: 'wizard', updateTitle: false}} />);
    await user.click(screen.getByRole('button', {name: 'Next'}));
    await user.click(screen.getByRole('button', {name: 'Next'}));
    expect(screen.getByRole('group', {name: /There (is a problem|are \d+ problems)/})).toBeInTheDocument();
    expect(document.title).toBe('Save the reef');
  });

  it('reassures by the give button: a test (the sandbox), the cards taken, cancelling a regular gift, and the links the config gives', async () => {
    const user = userEvent.setup();
    const {container} = render(
      <DonateForm
        config={{...base, frequencies: ['one-off', 'monthly'], directDebit: true, manageGiftUrl: 'https://www.example.org/manage'}}
      />,
    );
    const reassurance = screen.getByText('Test mode: no money is taken.', {selector: 'li'}).closest('ul')!;
    expect(screen.getByRole('button', {name: 'Give $60'}).compareDocumentPosition(reassurance)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(reassurance).getByRole('img', {name: 'We accept Visa, Mastercard and American Express'})).toBeInTheDocument();
    expect(reassurance).not.toHaveTextContent(/cancel|tax-deductible/);
    expect(within(reassurance).queryByRole('link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', {name: 'Monthly'}));
    expect(reassurance).toHaveTextContent('You can change or cancel your regular gift (opens in a new tab) at any time.');
    // Paying by direct debit, the card marks go.
    await user.click(screen.getByRole('radio', {name: 'Direct debit'}));
    expect(within(reassurance).queryByRole('img')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says what the config turns on, a privacy link and the tax line, and nothing it turns off', () => {
    const reassurance = {
      secure: false,
      cardBrands: false,
      cancelAnyTime: false,
      taxDeductible: true,
      privacyUrl: 'https://www.example.org/privacy',
    };
    render(
      <DonateForm config={{...base, reassurance, messages: {taxDeductible: 'Gifts of $2 or more are tax-deductible in Australia.'}}} />,
    );
    expect(screen.queryByText('Your payment is secure and encrypted.')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', {name: /We accept/})).not.toBeInTheDocument();
    expect(screen.getByText('Gifts of $2 or more are tax-deductible in Australia.')).toBeInTheDocument();
    const privacy = screen.getByRole('link', {name: 'How we look after your details (opens in a new tab)'});
    expect(privacy).toHaveAttribute('href', 'https://www.example.org/privacy');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
