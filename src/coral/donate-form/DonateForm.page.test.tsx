// @vitest-environment jsdom
/** The donate form and its page: the small form, the page's handles and setAmount(), the upgrade ask, direct debit, URL prefill and the hand-offs. */
import {createRef} from 'react';
import {act, cleanup, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {writeSupporterHandoff} from '../daisychain';
import {expectNoAxeViolations, signer} from '../shared/testing';
import {DonateForm, type DonateFormHandle} from '.';
import {base, cleanPageEachTest, fillCard, fillDetails} from './DonateForm.testing';

cleanPageEachTest();

describe('DonateForm', () => {
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
