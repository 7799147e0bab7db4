// @vitest-environment jsdom
import {createRef} from 'react';
import {act, cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {writeSupporterHandoff} from '../daisychain/handoff';
import {createSandboxGateway} from '../shared/sandbox';
import {expectNoAxeViolations} from '../shared/testing/componentSuite';
import {signer} from '../shared/testing/handoffs';
import * as DONATE_FORM_EXAMPLES from './examples';
import {DonateForm, type DonateFormHandle} from '.';

const base = DONATE_FORM_EXAMPLES.sandbox;

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Mere');
  await user.type(screen.getByLabelText('Last name'), 'Tane');
  await user.type(screen.getByLabelText('Email'), 'mere@example.org');
  await user.type(screen.getByLabelText('Postcode'), '2000');
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.clear(screen.getByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.clear(screen.getByLabelText('Security code (CVC)'));
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

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
    await user.type(screen.getByLabelText('Security code (CVC)'), '1');
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
    const number = screen.getByLabelText<HTMLInputElement>('Card number');
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

  it('shows every bad key of a wrong config instead of a form', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<DonateForm config={{campaign: 'reef', size: 'huge', frequencies: ['yearly'], colour: 'red'}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('size: got "huge"; expected one of small, medium, large');
    expect(alert).toHaveTextContent('frequencies.0: got "yearly"');
    expect(alert).toHaveTextContent('colour: got "red"; not an option here');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('size: got "huge"'));
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

  it('reassures by the give button: a secure payment, the cards taken, cancelling a regular gift, and the links the config gives', async () => {
    const user = userEvent.setup();
    const {container} = render(
      <DonateForm
        config={{...base, frequencies: ['one-off', 'monthly'], directDebit: true, manageGiftUrl: 'https://www.example.org/manage'}}
      />,
    );
    const reassurance = screen.getByText('Your payment is secure and encrypted.').closest('ul')!;
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

  describe('how a regular giver changes or cancels the gift', () => {
    const lineOf = () => screen.queryByText((_, element) => element?.tagName === 'LI' && /regular gift/.test(element.textContent ?? ''));

    it('links "change or cancel your regular gift" to manageGiftUrl, in a new tab, for a weekly or monthly gift only', async () => {
      const user = userEvent.setup();
      const config = {
        ...base,
        frequencies: ['one-off', 'weekly', 'monthly'],
        manageGiftUrl: 'https://billing.stripe.com/p/login/test_28o5lq',
        contact: {email: 'supporter.care@example.org'},
      };
      const {container} = render(<DonateForm config={config} />);
      expect(lineOf()).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', {name: 'Weekly'}));
      expect(lineOf()).toHaveTextContent(/^You can change or cancel your regular gift \(opens in a new tab\) at any time\.$/);
      await user.click(screen.getByRole('radio', {name: 'Monthly'}));
      const link = within(lineOf()!).getByRole('link', {name: 'change or cancel your regular gift (opens in a new tab)'});
      expect(link).toHaveAttribute('href', 'https://billing.stripe.com/p/login/test_28o5lq');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // The link is the way: the contact is not offered beside it.
      expect(within(lineOf()!).getAllByRole('link')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('keeps the link in a reworded sentence, as text around it, or makes the whole sentence the link when it has no {link}', () => {
      const config = {...base, frequencies: ['monthly'], manageGiftUrl: '/manage-my-gift'};
      const {container, unmount} = render(
        <DonateForm
          config={{...config, messages: {cancelAnyTime: '<b>Need a change?</b> {link}, any time.', manageGiftLink: 'Manage your gift'}}}
        />,
      );
      expect(
        screen.getByText(
          (_, el) => el?.tagName === 'LI' && el.textContent === '<b>Need a change?</b> Manage your gift (opens in a new tab), any time.',
        ),
      ).toBeInTheDocument();
      expect(container.querySelector('b')).toBeNull();
      unmount();
      render(<DonateForm config={{...config, messages: {cancelAnyTime: 'Change or stop your gift whenever you like.'}}} />);
      expect(screen.getByRole('link', {name: 'Change or stop your gift whenever you like. (opens in a new tab)'})).toHaveAttribute(
        'href',
        '/manage-my-gift',
      );
    });

    it.each([
      [
        {email: 'supporter.care@example.org'},
        'To change or cancel your regular gift, email supporter.care@example.org.',
        [['supporter.care@example.org', 'mailto:supporter.care@example.org']],
      ],
      [
        {phone: '+61 2 5550 1234'},
        'To change or cancel your regular gift, call +61 2 5550 1234.',
        [['+61 2 5550 1234', 'tel:+61255501234']],
      ],
      [
        {email: 'supporter.care@example.org', phone: '(02) 5550 1234'},
        'To change or cancel your regular gift, email supporter.care@example.org or call (02) 5550 1234.',
        [
          ['supporter.care@example.org', 'mailto:supporter.care@example.org'],
          ['(02) 5550 1234', 'tel:0255501234'],
        ],
      ],
    ])('without manageGiftUrl, says how to reach you from contact %j', async (contact, sentence, links) => {
      const {container} = render(<DonateForm config={{...base, frequencies: ['monthly'], contact}} />);
      expect(lineOf()).toHaveTextContent(sentence);
      expect(
        within(lineOf()!)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual(links);
      for (const link of within(lineOf()!).getAllByRole('link')) expect(link).not.toHaveAttribute('target');
      await expectNoAxeViolations(container);
    });

    it('promises nothing without manageGiftUrl or contact, or with cancelAnyTime off', () => {
      const {unmount} = render(<DonateForm config={{...base, frequencies: ['monthly'], reassurance: {cancelAnyTime: true}}} />);
      expect(screen.getByText('Your payment is secure and encrypted.')).toBeInTheDocument();
      expect(screen.queryByText(/cancel/)).not.toBeInTheDocument();
      unmount();
      render(
        <DonateForm
          config={{
            ...base,
            frequencies: ['monthly'],
            reassurance: {cancelAnyTime: false},
            manageGiftUrl: '/manage',
            contact: {phone: '1800 975 707'},
          }}
        />,
      );
      expect(screen.queryByText(/cancel/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', {name: /change or cancel|1800/})).not.toBeInTheDocument();
    });
  });

  it('opens the small form from its one button', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{...base, size: 'small'}} />);
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Donate $60'}));
    expect(screen.getByRole('heading', {name: 'Your details'})).toHaveFocus();
  });

  it('presses only the handle whose amount and frequency both match, a plain one meaning the default frequency', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button" data-coral-amount="30" data-coral-frequency="monthly">
          $30 a month
        </button>
        <button type="button" data-coral-amount="30">
          $30
        </button>
        <DonateForm id="donate" config={{...base, frequencies: ['one-off', 'monthly'], externalHandles: true}} />
      </>,
    );
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(screen.getByRole('button', {name: '$30 a month'}));
    expect(screen.getByRole('radio', {name: 'Monthly'})).toBeChecked();
    expect(screen.getByRole('button', {name: '$30 a month', pressed: true})).toBeInTheDocument();
    expect(screen.getByRole('button', {name: '$30', pressed: false})).toBeInTheDocument();
    // The plain "$30" means the default frequency, one-off, whatever was clicked before.
    await user.click(screen.getByRole('button', {name: '$30'}));
    expect(screen.getByRole('radio', {name: 'One-off'})).toBeChecked();
    expect(screen.getByRole('button', {name: '$30', pressed: true})).toBeInTheDocument();
    expect(screen.getByRole('button', {name: '$30 a month', pressed: false})).toBeInTheDocument();
  });

  it('selects an amount from setAmount and from an external handle', async () => {
    const user = userEvent.setup();
    const ref = createRef<DonateFormHandle>();
    render(
      <>
        <button type="button" data-coral-amount="120">
          Give $120
        </button>
        <button type="button" data-coral-amount="40" data-coral-frequency="monthly" data-coral-target="other-form">
          Not ours
        </button>
        <DonateForm ref={ref} id="donate" config={{...base, externalHandles: true}} />
      </>,
    );
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(screen.getByRole('button', {name: 'Give $120'}));
    expect(screen.getByRole('radio', {name: '$120'})).toBeChecked();
    expect(screen.getByRole('button', {name: 'Give $120', pressed: true})).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Not ours'}));
    expect(screen.getByRole('radio', {name: '$120'})).toBeChecked();
    act(() => ref.current!.setAmount(75, 'monthly'));
    expect(screen.getByLabelText('Other amount')).toHaveValue('75');
    expect(screen.getByText('$75 every month')).toBeInTheDocument();
    expect(screen.getByRole('button', {name: 'Give $120', pressed: false})).toBeInTheDocument();
  });

  it('ignores an amount outside the limits from a page button, setAmount() or the URL, and says why in the console', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?amount=20000');
    const ref = createRef<DonateFormHandle>();
    render(
      <>
        <button type="button" data-coral-amount="3">
          Give $3
        </button>
        <DonateForm ref={ref} config={{...base, externalHandles: true, urlParams: true}} />
      </>,
    );
    Element.prototype.scrollIntoView = vi.fn();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Coral: ignored URL parameter "amount": The largest one-off gift we can take online is $10,000. For more, please call us.',
      ),
    );
    await user.click(screen.getByRole('button', {name: 'Give $3'}));
    expect(warn).toHaveBeenCalledWith('Coral: ignored data-coral-amount="3": The smallest one-off gift we can take is $5.');
    act(() => ref.current!.setAmount(1, 'monthly'));
    expect(warn).toHaveBeenCalledWith('Coral: ignored setAmount(1): The smallest monthly gift we can take is $5.');
    // Nothing was set: the form keeps its default, with its total.
    expect(screen.getByRole('radio', {name: '$60'})).toBeChecked();
    expect(screen.getByLabelText('Other amount')).toHaveValue('');
    expect(screen.getByText('$60 once')).toBeInTheDocument();
  });

  it('asks a one-off donor to give monthly, and records the switch', async () => {
    const user = userEvent.setup();
    const upsells: unknown[] = [];
    const listener = (event: Event) => upsells.push((event as CustomEvent).detail);
    document.addEventListener('coral:upsell', listener);
    render(<DonateForm config={{...base, rgUpgrade: {enabled: true}, manageGiftUrl: 'https://www.example.org/manage'}} />);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(screen.getByText('Could you give $20 every month instead?')).toHaveFocus();
    await user.click(screen.getByRole('button', {name: 'Yes, give $20 monthly'}));
    expect(await screen.findByText('You chose to give monthly instead of $60 once. Thank you for staying with us.')).toBeInTheDocument();
    // The thanks for a monthly gift say where to change it, as the reassurance under the button did.
    expect(screen.getByRole('link', {name: 'change or cancel your regular gift'})).toHaveAttribute(
      'href',
      'https://www.example.org/manage',
    );
    expect(upsells).toMatchObject([{action: 'shown'}, {action: 'accepted', oneOff: 60, monthly: 20}]);
    document.removeEventListener('coral:upsell', listener);
  });

  it('keeps the give button’s amount while an other amount is being corrected, and asks for it only once chosen', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{...base, frequencies: ['one-off', 'monthly']}} />);
    const other = screen.getByLabelText('Other amount');
    expect(other).not.toBeRequired();
    await user.click(screen.getByRole('radio', {name: 'Monthly'}));
    await user.type(other, '30');
    expect(other).toBeRequired();
    expect(screen.getByRole('button', {name: 'Give $30 monthly'})).toBeInTheDocument();
    await user.clear(other);
    expect(screen.getByRole('button', {name: 'Give $30 monthly'})).toBeInTheDocument();
    await user.type(other, 'abc');
    expect(screen.getByRole('button', {name: 'Give $30 monthly'})).toBeInTheDocument();
  });

  it('links the direct debit service agreement, and says a refused BSB was the bank’s, not a card’s', async () => {
    const user = userEvent.setup();
    const config = {...base, frequencies: ['monthly'], directDebit: true, directDebitAgreementUrl: 'https://www.example.org/ddr'};
    render(<DonateForm config={config} />);
    await fillDetails(user);
    await user.click(screen.getByRole('radio', {name: 'Direct debit'}));
    const agreement = screen.getByRole('link', {name: /^Read the service agreement ?\(opens in a new tab\)$/});
    expect(agreement).toHaveAttribute('href', 'https://www.example.org/ddr');
    await user.type(screen.getByLabelText('BSB'), '000-000');
    await user.type(screen.getByLabelText('Account number'), '12345678');
    await user.type(screen.getByLabelText('Account name'), 'M Tane');
    await user.click(screen.getByRole('checkbox', {name: /direct debit request service agreement/}));
    await user.click(screen.getByRole('button', {name: /^Give \$\d+ monthly$/}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your bank did not accept the direct debit. Check the BSB and account number, or pay by card.');
    expect(alert).not.toHaveTextContent(/card was declined|another card/);
    // The field the bank refused is marked, not listed again in an error summary, until it is changed.
    const bsb = screen.getByLabelText('BSB');
    expect(bsb).toHaveAttribute('aria-invalid', 'true');
    expect(bsb).toHaveAccessibleDescription(expect.stringContaining('Check the BSB and account number'));
    expect(screen.queryByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).not.toBeInTheDocument();
    await user.clear(bsb);
    await user.type(bsb, '062-000');
    expect(bsb).not.toHaveAttribute('aria-invalid');
  });

  it('names on each button of the upgrade ask what it will charge, the cover fee included', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{...base, rgUpgrade: {enabled: true}, coverFees: {enabled: true, percent: 3}}} />);
    await user.click(screen.getByRole('radio', {name: '$120'}));
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', {name: /cover/i}));
    await user.click(screen.getByRole('button', {name: 'Give $123.60'}));
    expect(screen.getByRole('button', {name: 'Yes, give $41.20 monthly'})).toBeInTheDocument();
    expect(screen.getByRole('button', {name: 'No thanks, give $123.60 once'})).toBeInTheDocument();
  });

  it('prefills from URL parameters as plain text and ignores bad values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(
      null,
      '',
      '/?amount=75&first_name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&last_name=Tane&utm_source=email',
    );
    render(<DonateForm config={{...base, urlParams: true}} />);
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveValue('Tane'));
    expect(screen.getByLabelText('Other amount')).toHaveValue('75');
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(document.querySelector('img')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignored URL parameter "first_name"'));
  });

  it('opens a wizard at the step a link asks for only once the steps before it are complete, quietly, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?step=payment');
    render(<DonateForm config={{...base, layout: 'wizard', urlParams: true}} />);
    expect(await screen.findByRole('heading', {name: 'Step 2 of 3: Your details'})).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      'Coral: URL parameter "step" asked for payment, but the details step is not complete yet: the form opens there.',
    );
    // Nothing has been typed, so nothing is marked wrong yet.
    expect(screen.queryByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
  });

  it('hands the gift to a thank-you page through session storage, with no personal data but the first name', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={{...base, thankYouUrl: '/thank-you'}} />);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await waitFor(() => expect(sessionStorage.getItem('coral.handoff.gift')).not.toBeNull());
    const stored = JSON.parse(sessionStorage.getItem('coral.handoff.gift')!) as {data: Record<string, unknown>};
    expect(stored.data).toMatchObject({firstName: 'Mere', amount: 6000, frequency: 'one-off', currency: 'AUD', campaign: 'save-the-reef'});
    expect(JSON.stringify(stored)).not.toMatch(/mere@|Tane|4242|2000"/);
  });

  describe('as daisychain page 2', () => {
    const handOver = () => writeSupporterHandoff(sessionStorage, signer);
    afterEach(() => sessionStorage.clear());

    it('greets the signer by first name with their details filled in, and forgets them after the gift', async () => {
      handOver();
      const statuses: string[] = [];
      const listener = (event: Event) => statuses.push((event as CustomEvent<{status: string}>).detail.status);
      document.addEventListener('coral:handoff', listener);
      const user = userEvent.setup();
      const {container} = render(<DonateForm config={{...base, handoff: true}} />);
      expect(await screen.findByRole('heading', {name: 'Thanks for signing, Mere. Will you chip in?'})).toBeInTheDocument();
      // Every detail came with the signer: one line, and the fields only on demand.
      expect(screen.getByText(/Giving as Mere Tane/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', {name: 'Change your details'}));
      expect(screen.getByLabelText('Email')).toHaveValue('mere@example.org');
      expect(screen.getByLabelText('Postcode')).toHaveValue('2000');
      expect(screen.getByRole('checkbox', {name: /Keep me updated/})).not.toBeChecked();
      expect(statuses).toEqual(['greeted']);
      await expectNoAxeViolations(container);
      await fillCard(user);
      await user.click(screen.getByRole('button', {name: 'Give $60'}));
      expect(await screen.findByRole('heading', {name: 'Thank you, Mere!'})).toBeInTheDocument();
      await waitFor(() => expect(sessionStorage.getItem('coral.handoff.supporter')).toBeNull());
      document.removeEventListener('coral:handoff', listener);
    });

    it('shows the ordinary ask when opened cold, with corrupt data, or without handoff on', async () => {
      render(<DonateForm config={{...base, handoff: true}} />);
      expect(await screen.findByRole('heading', {name: 'Make a donation'})).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('');
      cleanup();

      sessionStorage.setItem('coral.handoff.supporter', '{"version":1,"expiresAt":1,"data":');
      render(<DonateForm config={{...base, handoff: true}} />);
      expect(await screen.findByRole('heading', {name: 'Make a donation'})).toBeInTheDocument();
      expect(sessionStorage.getItem('coral.handoff.supporter')).toBeNull();
      cleanup();

      handOver();
      render(<DonateForm config={base} />);
      expect(await screen.findByRole('heading', {name: 'Make a donation'})).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('');
    });
  });
});
