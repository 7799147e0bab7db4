// @vitest-environment jsdom
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import {loadSandbox} from '../shared/gateways';
import {expectNoAxeViolations} from '../shared/testing';
import {base, collect, fillRequired, leads, withFreshPage} from './Powerform.testing';
import {Powerform} from '.';

const {createSandboxGateway} = await loadSandbox();

withFreshPage();

describe('Powerform', () => {
  it('renders labelled fields with autocomplete tokens and a counter formatted for the locale', async () => {
    const {container} = render(<Powerform config={base} />);
    expect(screen.getByRole('form', {name: 'Add your name'})).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name (optional)')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Mobile (optional)')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByRole('checkbox', {name: /Keep me updated/})).not.toBeChecked();
    const bar = screen.getByRole('progressbar', {name: '12,430 of 20,000 signatures'});
    expect(bar).toHaveAttribute('aria-valuenow', '12430');
    expect(bar).toHaveAttribute('aria-valuemax', '20000');
    await expectNoAxeViolations(container);
  });

  it('formats the counter for another locale', () => {
    render(<Powerform config={{...base, locale: 'de-DE'}} />);
    expect(screen.getByRole('progressbar', {name: '12.430 of 20.000 signatures'})).toBeInTheDocument();
  });

  it('signs a petition through the sandbox, thanks the signer by name and counts the signature', async () => {
    const user = userEvent.setup();
    const events = collect('coral:submit', 'coral:success');
    render(<Powerform config={{...base, analytics: true}} />);
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', {name: /Keep me updated/}));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(await screen.findByRole('heading', {name: 'Thank you, Mere!'})).toHaveFocus();
    expect(screen.getByText('Your name is in. Share the petition so more people can add theirs.')).toBeInTheDocument();
    // It says the signature was a test, as the donate form says of its sandbox gifts.
    expect(screen.getByText('Test mode: this signature was sent to no one, and counts on this page only.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', {name: '12,431 of 20,000 signatures'})).toBeInTheDocument();
    await waitFor(() => expect(events.seen.map((e) => e.type)).toEqual(['coral:submit', 'coral:success']));
    expect(events.seen[1]!.detail).toMatchObject({campaign: 'save-the-reef', sourceCode: 'PF-REEF', count: 12431, consent: true});
    expect(window.dataLayer).toEqual([{event: 'sign_up', method: 'petition', campaign: 'save-the-reef', source_code: 'PF-REEF'}]);
    expect(JSON.stringify([window.dataLayer, events.seen])).not.toMatch(/Mere|mere@|2000"/);
    events.stop();
  });

  it('says nothing of a test when the signature went to the organisation’s endpoint', async () => {
    const user = userEvent.setup();
    const config = {...base, gateway: {type: 'http', endpoint: 'https://pay.example.org'}} as const;
    render(<Powerform config={config} gateway={createSandboxGateway({delayMs: 0})} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(screen.queryByText(/^Test mode/)).not.toBeInTheDocument();
  });

  it('asks the signer to share the petition from its thanks, with the same share links as the thank-you page', async () => {
    const user = userEvent.setup();
    const shares = collect('coral:share');
    window.history.replaceState(null, '', '/petition?first_name=Mere&utm_source=email');
    render(<Powerform config={{...base, analytics: true, share: {channels: ['whatsapp', 'email', 'copy']}}} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    const share = screen.getByRole('region', {name: 'Ask a friend to sign'});
    const whatsapp = within(share).getByRole('link', {name: 'Share on WhatsApp (opens in a new tab)'});
    // The page is shared without its query string, where a prefilled name could be.
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      'I just signed this petition. Will you add your name? http://localhost:3000/petition',
    );
    expect(within(share).getByRole('link', {name: 'Share by email'})).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:\?subject=Join%20me&/),
    );
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    await user.click(whatsapp);
    await waitFor(() =>
      expect(shares.seen.map((e) => e.detail)).toEqual([
        expect.objectContaining({campaign: 'save-the-reef', method: 'whatsapp', outcome: 'opened'}),
      ]),
    );
    expect(window.dataLayer).toContainEqual({event: 'share', method: 'whatsapp', content_type: 'petition', item_id: 'save-the-reef'});
    shares.stop();
  });

  it('thanks the signer without share actions when the config turns them off', async () => {
    const user = userEvent.setup();
    render(<Powerform config={{...base, share: {enabled: false}}} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(screen.queryByRole('region', {name: 'Ask a friend to sign'})).not.toBeInTheDocument();
  });

  it('lists the required fields in an error summary that takes focus, with each message tied to its field', async () => {
    const user = userEvent.setup();
    const invalid = collect('coral:invalid');
    const {container} = render(<Powerform config={{...base, consentRequired: true}} />);
    await user.type(screen.getByLabelText('Postcode'), '20');
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    const summary = screen.getByRole('group', {name: 'There are 4 problems'});
    expect(summary).toHaveFocus();
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Enter your first name.',
      'Enter your email address.',
      'Enter a postcode of 4 digits, like 2000.',
      'Keeping in touch: Tick the box to agree before you sign.',
    ]);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByRole('checkbox', {name: /Keep me updated/})).toHaveAccessibleDescription('Tick the box to agree before you sign.');
    await user.click(within(summary).getByRole('link', {name: 'Enter your email address.'}));
    expect(email).toHaveFocus();
    expect(invalid.seen[0]!.detail).toMatchObject({fields: ['firstName', 'email', 'postcode', 'consent']});
    await expectNoAxeViolations(container);
    invalid.stop();
  });

  it('keeps the summary for a failed submit: a field left with a problem says so under itself, and nothing above it moves', async () => {
    const user = userEvent.setup();
    render(<Powerform config={base} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'mere@');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(screen.queryByRole('group', {name: /There (is a problem|are \d+ problems)/})).not.toBeInTheDocument();
  });

  it("puts Error: before the page's title while the summary shows, and gives the page its own title back", async () => {
    const user = userEvent.setup();
    document.title = 'Protect the reef';
    const {unmount} = render(<Powerform config={base} />);
    expect(document.title).toBe('Protect the reef');
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(screen.getByRole('group', {name: 'There are 3 problems'})).toHaveFocus();
    expect(document.title).toBe('Error: Protect the reef');
    await fillRequired(user);
    expect(screen.queryByRole('group', {name: /There (is a problem|are \d+ problems)/})).not.toBeInTheDocument();
    expect(document.title).toBe('Protect the reef');
    await user.clear(screen.getByLabelText('Postcode'));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(document.title).toBe('Error: Protect the reef');
    unmount();
    expect(document.title).toBe('Protect the reef');
  });

  it("leaves the page's title alone when told to", async () => {
    const user = userEvent.setup();
    document.title = 'Protect the reef';
    render(<Powerform config={{...base, updateTitle: false}} />);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(screen.getByRole('group', {name: 'There are 3 problems'})).toBeInTheDocument();
    expect(document.title).toBe('Protect the reef');
  });

  it('takes every field as typed, with no maxlength, and says what is wrong with a value too long for it', async () => {
    const user = userEvent.setup();
    const question = {type: 'text', id: 'why', label: 'Why does the reef matter to you?', required: false} as const;
    const {container} = render(<Powerform config={{...base, question}} />);
    expect(container.querySelectorAll('input[maxlength], textarea[maxlength]')).toHaveLength(0);
    const postcode = screen.getByLabelText('Postcode');
    await user.type(postcode, '20000');
    expect(postcode).toHaveValue('20000');
    const answer = screen.getByLabelText('Why does the reef matter to you? (optional)');
    await user.click(answer);
    await user.paste('x'.repeat(501));
    expect(answer).toHaveValue('x'.repeat(501));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    expect(postcode).toHaveAccessibleDescription('Postcode must be 4 digits.');
    expect(answer).toHaveAccessibleDescription('Your answer must be 500 characters or fewer.');
    const summary = screen.getByRole('group', {name: 'There are 4 problems'});
    expect(within(summary).getByRole('link', {name: 'Postcode must be 4 digits.'})).toBeInTheDocument();
    expect(postcode).toHaveValue('20000');
  });

  it('tells a New Zealander on an Australian form to start their mobile with +64, and takes it so', async () => {
    const user = userEvent.setup();
    render(<Powerform config={base} />);
    const mobile = screen.getByLabelText('Mobile (optional)');
    await user.type(mobile, '027 123 4567');
    await user.tab();
    await waitFor(() =>
      expect(mobile).toHaveAccessibleDescription(
        'Enter a mobile number, not a landline. If this is a New Zealand mobile, start with +64, like +64 21 123 4567.',
      ),
    );
    await user.clear(mobile);
    await user.type(mobile, '+64 27 123 4567');
    await user.tab();
    await waitFor(() => expect(mobile).not.toHaveAttribute('aria-invalid'));
  });

  it('suggests a fix for a mistyped email domain, and the button fixes the field', async () => {
    const user = userEvent.setup();
    render(<Powerform config={base} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'mere@gmial.com');
    await user.tab();
    expect(screen.getByText(/Did you mean mere@gmail\.com\?/).closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', {name: 'Use mere@gmail.com'}));
    expect(email).toHaveValue('mere@gmail.com');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('button', {name: /Use /})).not.toBeInTheDocument();
  });

  it('speaks of no particular campaign by default, and shows no intro when it is set to ""', () => {
    const {unmount} = render(<Powerform config={base} />);
    expect(screen.getByText('Add your name, and we will keep you posted on what happens next.')).toBeInTheDocument();
    unmount();
    render(<Powerform config={{...base, messages: {intro: ''}}} />);
    expect(screen.queryByText(/keep you posted/)).not.toBeInTheDocument();
    expect(screen.getByRole('form').querySelector('p[class*="intro"]')).toBeNull();
  });

  it('shows only email, first name, postcode and consent on the leads form, and pushes generate_lead', async () => {
    const user = userEvent.setup();
    const {container} = render(<Powerform config={{...leads, analytics: true}} />);
    const inputs = within(screen.getByRole('form')).getAllByRole('textbox');
    expect(inputs.map((input) => input.getAttribute('autocomplete'))).toEqual(['email', 'given-name', 'postal-code']);
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Last name|Mobile/)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    await waitFor(() =>
      expect(window.dataLayer).toEqual([
        {event: 'generate_lead', lead_source: 'LD-REEF', campaign: 'save-the-reef', source_code: 'LD-REEF'},
      ]),
    );
  });

  it('asks a choice question as a radio group and sends the answer', async () => {
    const user = userEvent.setup();
    const gateway = createSandboxGateway({delayMs: 0});
    const sign = vi.spyOn(gateway, 'sign');
    const question = {type: 'choice', id: 'beach', label: 'Which beach is yours?', options: ['Bondi', 'Manly'], required: true} as const;
    const {container} = render(<Powerform config={{...base, question}} gateway={gateway} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    const group = screen.getByRole('group', {name: 'Which beach is yours?'});
    expect(within(group).getByRole('radio', {name: 'Bondi'})).toHaveAccessibleDescription('Choose an answer.');
    await expectNoAxeViolations(container);
    await user.click(within(group).getByRole('radio', {name: 'Manly'}));
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(sign.mock.calls[0]![0].answer).toEqual({id: 'beach', value: 'Manly'});
  });

  it('shows every bad key of a wrong config instead of a form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Powerform config={{campaign: 'reef', variant: 'short', counter: {goal: 0}, colour: 'red'}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This powerform cannot be shown: its config has 3 problems.');
    expect(alert).toHaveTextContent('variant: got "short"; expected one of petition, leads');
    expect(alert).toHaveTextContent('counter.goal: got 0; expected at least 1');
    expect(alert).toHaveTextContent('colour: got "red"; not an option here');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.stringContaining('variant: got "short"')));
  });

  it('follows the colour mode through the shared theme', () => {
    render(<Powerform config={{...base, theme: 'dark'}} headingLevel={3} />);
    expect(screen.getByRole('form')).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('heading', {level: 3, name: 'Add your name'})).toBeInTheDocument();
  });
});
