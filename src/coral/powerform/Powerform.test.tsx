// @vitest-environment jsdom
import {cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {SUPPORTER_KEY} from '../daisychain/handoff';
import {createSandboxGateway} from '../shared/sandbox';
import {expectNoAxeViolations} from '../shared/testing/componentSuite';
import {signer} from '../shared/testing/handoffs';
import * as POWERFORM_EXAMPLES from './examples';
import {Powerform} from '.';

const {sandbox: base, sandboxLeads: leads} = POWERFORM_EXAMPLES;

type User = ReturnType<typeof userEvent.setup>;

async function fillRequired(user: User, email = 'mere@example.org') {
  await user.type(screen.getByLabelText('First name'), 'Mere');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Postcode'), '2000');
}

const collect = (...names: string[]) => {
  const seen: {type: string; detail: unknown}[] = [];
  const listener = (event: Event) => seen.push({type: event.type, detail: (event as CustomEvent).detail});
  for (const name of names) document.addEventListener(name, listener);
  return {seen, stop: () => names.forEach((name) => document.removeEventListener(name, listener))};
};

beforeEach(() => {
  // jsdom has no layout: the error summary's links scroll their field into view.
  Element.prototype.scrollIntoView = vi.fn();
  window.dataLayer = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

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
    expect(screen.getByRole('progressbar', {name: '12,431 of 20,000 signatures'})).toBeInTheDocument();
    await waitFor(() => expect(events.seen.map((e) => e.type)).toEqual(['coral:submit', 'coral:success']));
    expect(events.seen[1]!.detail).toMatchObject({campaign: 'save-the-reef', sourceCode: 'PF-REEF', count: 12431, consent: true});
    expect(window.dataLayer).toEqual([{event: 'sign_up', method: 'petition', campaign: 'save-the-reef', source_code: 'PF-REEF'}]);
    expect(JSON.stringify([window.dataLayer, events.seen])).not.toMatch(/Mere|mere@|2000"/);
    events.stop();
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

  it('shows every bad key of a wrong config instead of a form', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Powerform config={{campaign: 'reef', variant: 'short', counter: {goal: 0}, colour: 'red'}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This powerform cannot be shown: its config has 3 problems.');
    expect(alert).toHaveTextContent('variant: got "short"; expected one of petition, leads');
    expect(alert).toHaveTextContent('counter.goal: got 0; expected at least 1');
    expect(alert).toHaveTextContent('colour: got "red"; not an option here');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('variant: got "short"'));
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

  it('follows the colour mode through the shared theme', () => {
    render(<Powerform config={{...base, theme: 'dark'}} headingLevel={3} />);
    expect(screen.getByRole('form')).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('heading', {level: 3, name: 'Add your name'})).toBeInTheDocument();
  });
});

describe('Powerform live counter', () => {
  const COUNT_URL = 'https://coral.example.org/campaigns/save-the-reef/count';
  const live = {...base, counter: {...base.counter, url: COUNT_URL}};
  const counter = (count: string) => screen.getByRole('progressbar', {name: `${count} of 20,000 signatures`});
  /** Lets an answer already given reach the page, so a test can see that nothing changed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  /** A stubbed fetch whose answer the test gives when it chooses, as a Response of `body` as JSON. */
  function stubFetch() {
    let answer: (response: Response) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return {
      fetch,
      answer: (body: unknown, status = 200) => answer(new Response(JSON.stringify(body), {status})),
      fail: (error: Error) => fail(error),
    };
  }

  it('shows the configured count until the live count arrives, then the live count, without announcing it', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const {container} = render(<Powerform config={live} />);
    expect(counter('12,430')).toHaveAttribute('aria-valuenow', '12430');
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    expect(endpoint.fetch).toHaveBeenCalledWith(
      COUNT_URL,
      expect.objectContaining({credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'default'}),
    );
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    expect(await screen.findByRole('progressbar', {name: '12,902 of 20,000 signatures'})).toHaveAttribute('aria-valuenow', '12902');
    expect(screen.getByText('12,902 of 20,000 signatures').closest('[aria-live]')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('keeps the configured count, with a console warning naming the address, when the endpoint fails', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.answer({error: 'down'}, 503);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${COUNT_URL}: it answered 503`)));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the configured count when the endpoint cannot be reached', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.fail(new TypeError('Failed to fetch'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be reached')));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
  });

  it('ignores an answer for another campaign', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.answer({campaign: 'ban-deep-sea-mining', count: 99999});
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('"ban-deep-sea-mining", not "save-the-reef"')));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
    expect(screen.queryByText(/99,999/)).not.toBeInTheDocument();
  });

  it('counts the signature at once, before the live count arrives, and keeps it when a smaller live count follows', async () => {
    const endpoint = stubFetch();
    const user = userEvent.setup();
    const events = collect('coral:success');
    render(<Powerform config={live} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(counter('12,431')).toBeInTheDocument();
    await waitFor(() => expect(events.seen[0]?.detail).toMatchObject({count: 12431}));
    endpoint.answer({campaign: 'save-the-reef', count: 12430});
    await settle();
    expect(counter('12,431')).toBeInTheDocument();
    events.stop();
  });

  it('counts the signature on top of the live count, and takes a later live count that already has it', async () => {
    const endpoint = stubFetch();
    const user = userEvent.setup();
    render(<Powerform config={live} />);
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    await screen.findByRole('progressbar', {name: '12,902 of 20,000 signatures'});
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(counter('12,903')).toBeInTheDocument();
  });

  it('asks nothing without a url, with the counter off, on the leads form, and stops asking when the form goes', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const config of [
      base,
      {...live, counter: {...live.counter, enabled: false}},
      {...leads, counter: {...leads.counter, url: COUNT_URL}},
    ]) {
      render(<Powerform config={config} />);
      cleanup();
    }
    await settle();
    expect(endpoint.fetch).not.toHaveBeenCalled();
    const {unmount} = render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    unmount();
    expect(endpoint.fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    await settle();
    expect(warn).not.toHaveBeenCalled();
  });
});
