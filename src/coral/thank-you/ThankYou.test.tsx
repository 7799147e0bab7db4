// @vitest-environment jsdom
import {cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {writeGiftHandoff, type GiftHandoff} from '../daisychain';
import {loadSandbox} from '../shared/gateways';
import {expectNoAxeViolations, gift} from '../shared/testing';
import * as THANK_YOU_EXAMPLES from './examples';
import {ThankYou} from '.';

const {createSandboxGateway} = await loadSandbox();

const base = THANK_YOU_EXAMPLES.sandbox;

let giftCount = 0;
/** Hands over a gift as the donate form does; each gets its own reference, since a declined ask is remembered per gift. */
function handOver(overrides: Partial<GiftHandoff> = {}) {
  giftCount += 1;
  writeGiftHandoff(sessionStorage, {...gift, reference: `CRL-T${giftCount}`, ...overrides});
  return `CRL-T${giftCount}`;
}

function listen(name: string) {
  const details: Record<string, unknown>[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent<Record<string, unknown>>).detail);
  document.addEventListener(name, listener);
  return {details, stop: () => document.removeEventListener(name, listener)};
}

const receiptOf = () => {
  const list = screen.getByRole('heading', {name: 'Your gift'}).parentElement!.querySelector('dl')!;
  return Object.fromEntries([...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('ThankYou', () => {
  it('thanks the supporter by the first name handed over, with the receipt as a description list', async () => {
    const reference = handOver();
    const views = listen('coral:thank-you');
    const {container} = render(<ThankYou config={{...base, analytics: true}} />);
    expect(await screen.findByRole('heading', {level: 2, name: 'Thank you, Mere!'})).toBeInTheDocument();
    expect(receiptOf()).toEqual({
      Amount: '$60',
      Frequency: 'One-off',
      Reference: reference,
      Date: expect.stringMatching(/^1[45] March 2026$/),
    });
    expect(views.details).toEqual([{campaign: 'save-the-reef', currency: 'AUD', source: 'handoff', amount: 60, frequency: 'one-off'}]);
    expect(JSON.stringify(window.dataLayer)).not.toContain('Mere');
    await expectNoAxeViolations(container);
    views.stop();
  });

  it('shows the gift from URL parameters when nothing was handed over, never a name from the URL', async () => {
    window.history.replaceState(null, '', '/thanks?amount=45.50&frequency=monthly&ref=CRL-URL1&first_name=Eve');
    render(<ThankYou config={{...base, urlParams: true}} />);
    await waitFor(() => expect(screen.getByRole('heading', {name: 'Your gift'})).toBeInTheDocument());
    expect(screen.getByRole('heading', {level: 2, name: 'Thank you!'})).toBeInTheDocument();
    expect(receiptOf()).toEqual({Amount: '$45.50', Frequency: 'Monthly', Reference: 'CRL-URL1'});
    expect(screen.queryByText(/Eve/)).not.toBeInTheDocument();
  });

  it('reads no URL parameters with urlParams off, and gives a general thanks', async () => {
    window.history.replaceState(null, '', '/thanks?amount=45&frequency=one-off');
    render(<ThankYou config={base} />);
    expect(await screen.findByText('Your support keeps the campaign going. Thank you for standing with us.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', {name: 'Your gift'})).not.toBeInTheDocument();
    expect(screen.queryByRole('button', {name: /every month|monthly/})).not.toBeInTheDocument();
  });

  it('ignores a script payload in ref or amount, with a warning, and never renders it as HTML', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    window.history.replaceState(null, '', `/thanks?${new URLSearchParams({amount: payload, ref: payload, frequency: 'one-off'})}`);
    const {container} = render(<ThankYou config={{...base, urlParams: true}} />);
    await waitFor(() => expect(screen.getByRole('heading', {name: 'Your gift'})).toBeInTheDocument());
    expect(receiptOf()).toEqual({Frequency: 'One-off'});
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).not.toContain('onerror');
    expect((window as {__pwned?: number}).__pwned).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignored URL parameter "amount"'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignored URL parameter "ref"'));
  });

  describe('sharing', () => {
    it('offers well-formed links that share the page without its gift details', async () => {
      const user = userEvent.setup();
      window.history.replaceState(null, '', '/thanks?amount=60&ref=CRL-1#top');
      const shares = listen('coral:share');
      render(<ThankYou config={{...base, analytics: true, share: {text: 'Reefs & coasts #1 — join me'}}} />);
      const section = await screen.findByRole('region', {name: 'Ask a friend to join you'});
      const page = 'http://localhost:3000/thanks';

      const whatsapp = within(section).getByRole('link', {name: 'Share on WhatsApp (opens in a new tab)'});
      expect(whatsapp).toHaveAttribute('target', '_blank');
      expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
      expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(`Reefs & coasts #1 — join me ${page}`);

      const x = new URL(
        within(section)
          .getByRole('link', {name: /Share on X/})
          .getAttribute('href')!,
      );
      expect(Object.fromEntries(x.searchParams)).toEqual({text: 'Reefs & coasts #1 — join me', url: page});
      const facebook = new URL(
        within(section)
          .getByRole('link', {name: /Share on Facebook/})
          .getAttribute('href')!,
      );
      expect(Object.fromEntries(facebook.searchParams)).toEqual({u: page});

      const email = within(section).getByRole('link', {name: 'Share by email'});
      expect(email).not.toHaveAttribute('target');
      expect(email).toHaveAttribute('rel', 'noopener noreferrer');
      const mail = new URL(email.getAttribute('href')!);
      expect(mail.protocol).toBe('mailto:');
      expect(Object.fromEntries(mail.searchParams)).toEqual({
        subject: 'Join me',
        body: `Reefs & coasts #1 — join me\n\n${page}`,
      });

      whatsapp.addEventListener('click', (event) => event.preventDefault());
      await user.click(whatsapp);
      expect(shares.details).toEqual([{campaign: 'save-the-reef', currency: 'AUD', method: 'whatsapp', outcome: 'opened'}]);
      expect(window.dataLayer).toContainEqual({event: 'share', method: 'whatsapp', content_type: 'campaign', item_id: 'save-the-reef'});
      shares.stop();
    });

    it('offers the channels in the order the config gives them, copy included', async () => {
      render(<ThankYou config={{...base, share: {channels: ['copy', 'x', 'email']}}} />);
      const list = await screen.findByRole('list');
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.textContent?.replace(/\s*\(opens in a new tab\)/, ''))).toEqual([
        'Copy link',
        'Share on X',
        'Share by email',
      ]);
    });

    it('copies the link and says so politely, or shows it to copy by hand', async () => {
      const user = userEvent.setup();
      render(<ThankYou config={{...base, share: {url: '/campaigns/reef?utm_source=share'}}} />);
      await user.click(await screen.findByRole('button', {name: 'Copy link'}));
      expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/campaigns/reef?utm_source=share');
      expect(screen.getByRole('status')).toHaveTextContent('Link copied.');

      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      await user.click(screen.getByRole('button', {name: 'Copy link'}));
      expect(screen.getByRole('status')).toHaveTextContent(
        'Could not copy the link. Select it here to copy it: http://localhost:3000/campaigns/reef?utm_source=share',
      );
    });

    it('uses the device’s share sheet where there is one', async () => {
      const user = userEvent.setup();
      const share = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'share', {value: share, configurable: true});
      try {
        const shares = listen('coral:share');
        render(<ThankYou config={{...base, share: {channels: ['whatsapp', 'copy']}}} />);
        await user.click(await screen.findByRole('button', {name: 'Share'}));
        expect(share).toHaveBeenCalledWith({
          title: 'Join me',
          text: 'I just gave to this campaign. Will you join me?',
          url: 'http://localhost:3000/',
        });
        expect(screen.queryByRole('link', {name: /WhatsApp/})).not.toBeInTheDocument();
        expect(screen.getByRole('button', {name: 'Copy link'})).toBeInTheDocument();
        share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
        await user.click(screen.getByRole('button', {name: 'Share'}));
        expect(shares.details.map((d) => d.outcome)).toEqual(['shared', 'cancelled']);
        shares.stop();
      } finally {
        delete (navigator as {share?: unknown}).share;
      }
    });
  });

  describe('the monthly ask', () => {
    it('asks a one-off donor, and not a monthly one', async () => {
      handOver();
      render(<ThankYou config={base} />);
      expect(await screen.findByRole('heading', {name: 'Could you give $20 every month?'})).toBeInTheDocument();
      cleanup();

      handOver({frequency: 'monthly', amount: 2500});
      render(<ThankYou config={base} />);
      await screen.findByRole('heading', {name: 'Your gift'});
      expect(screen.queryByRole('heading', {name: /every month/})).not.toBeInTheDocument();
      expect(screen.queryByRole('button', {name: /monthly/})).not.toBeInTheDocument();
    });

    it('opens a monthly donate form with the suggestion selected, through which a gift can be made', async () => {
      const user = userEvent.setup();
      handOver();
      const upsells = listen('coral:upsell');
      const successes = listen('coral:success');
      const gateway = createSandboxGateway({delayMs: 0});
      const {container} = render(<ThankYou config={{...base, analytics: true}} gateway={gateway} />);
      await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));

      const form = screen.getByRole('form', {name: 'Your monthly gift'});
      expect(within(form).getByRole('radio', {name: '$20'})).toBeChecked();
      expect(within(form).queryByRole('radio', {name: 'One-off'})).not.toBeInTheDocument();
      expect(form.closest('[tabindex="-1"]')).toHaveFocus();
      expect(within(form).queryByLabelText('Postcode')).not.toBeInTheDocument();
      await expectNoAxeViolations(container);

      await user.type(within(form).getByLabelText('First name'), 'Mere');
      await user.type(within(form).getByLabelText('Last name'), 'Tane');
      await user.type(within(form).getByLabelText('Email'), 'mere@example.org');
      await user.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
      await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
      await user.type(within(form).getByLabelText('Security code (CVC)'), '123');
      await user.click(within(form).getByRole('button', {name: 'Give $20 monthly'}));

      expect(await within(form).findByRole('heading', {name: 'Thank you, Mere!'})).toBeInTheDocument();
      expect(within(form).getByText('$20 every month')).toBeInTheDocument();
      expect(gateway.charges()).toBe(1);
      await waitFor(() => expect(successes.details).toMatchObject([{campaign: 'save-the-reef', frequency: 'monthly', amount: 20}]));
      expect(upsells.details).toEqual([
        {campaign: 'save-the-reef', currency: 'AUD', action: 'shown', oneOff: 60, monthly: 20},
        {campaign: 'save-the-reef', currency: 'AUD', action: 'accepted', oneOff: 60, monthly: 20},
      ]);
      const pushed = (window.dataLayer as {event?: string}[]).map((e) => e.event).filter(Boolean);
      expect(pushed).toEqual(expect.arrayContaining(['upsell_shown', 'upsell_accepted', 'purchase']));
      expect(JSON.stringify(window.dataLayer)).not.toMatch(/Mere|Tane|mere@|4242/);
      upsells.stop();
      successes.stop();
    });

    it('hides when declined, thanks the supporter where it was, and does not ask again on this page', async () => {
      const user = userEvent.setup();
      handOver();
      const upsells = listen('coral:upsell');
      render(<ThankYou config={base} />);
      await user.click(await screen.findByRole('button', {name: 'No thanks'}));
      expect(screen.queryByRole('heading', {name: /every month/})).not.toBeInTheDocument();
      expect(screen.getByText('No problem. Thank you again for your gift.').parentElement).toHaveFocus();
      cleanup();

      render(<ThankYou config={base} />);
      await screen.findByRole('heading', {name: 'Your gift'});
      expect(screen.queryByRole('heading', {name: /every month/})).not.toBeInTheDocument();
      expect(screen.queryByText('No problem. Thank you again for your gift.')).not.toBeInTheDocument();
      expect(upsells.details.map((d) => d.action)).toEqual(['shown', 'declined']);
      upsells.stop();
    });
  });

  describe('how a regular giver changes or cancels the gift', () => {
    const manageGiftUrl = 'https://billing.stripe.com/p/login/test_28o5lq';
    const receiptSection = async () => (await screen.findByRole('heading', {name: 'Your gift'})).closest('section')!;

    it('links a monthly gift’s receipt to manageGiftUrl, in the same tab', async () => {
      handOver({frequency: 'monthly', amount: 2500});
      const {container} = render(<ThankYou config={{...base, manageGiftUrl, contact: {email: 'supporter.care@example.org'}}} />);
      const receipt = await receiptSection();
      expect(within(receipt).getByText(/at any time/)).toHaveTextContent(/^You can change or cancel your regular gift at any time\.$/);
      const link = within(receipt).getByRole('link', {name: 'change or cancel your regular gift'});
      expect(link).toHaveAttribute('href', manageGiftUrl);
      expect(link).not.toHaveAttribute('target');
      expect(within(receipt).getAllByRole('link')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('says how to reach you from contact without manageGiftUrl, for a weekly gift too', async () => {
      handOver({frequency: 'weekly', amount: 1000});
      render(<ThankYou config={{...base, contact: {email: 'supporter.care@example.org', phone: '1800 975 707'}}} />);
      const receipt = await receiptSection();
      expect(within(receipt).getByText(/^To change/)).toHaveTextContent(
        'To change or cancel your regular gift, email supporter.care@example.org or call 1800 975 707.',
      );
      expect(within(receipt).getByRole('link', {name: 'supporter.care@example.org'})).toHaveAttribute(
        'href',
        'mailto:supporter.care@example.org',
      );
      expect(within(receipt).getByRole('link', {name: '1800 975 707'})).toHaveAttribute('href', 'tel:1800975707');
    });

    it('promises nothing without either, nor after a one-off gift', async () => {
      handOver({frequency: 'monthly', amount: 2500});
      render(<ThankYou config={base} />);
      expect(within(await receiptSection()).queryByText(/cancel/)).not.toBeInTheDocument();
      cleanup();

      handOver();
      render(<ThankYou config={{...base, manageGiftUrl}} />);
      expect(within(await receiptSection()).queryByRole('link')).not.toBeInTheDocument();
      expect(screen.queryByText(/cancel/)).not.toBeInTheDocument();
    });

    it('says it once a monthly gift starts in one tap, and in the monthly form the ask opens', async () => {
      const user = userEvent.setup();
      handOver({oneTap: {token: 'tok_kept', amount: 2000}});
      const sandbox = createSandboxGateway({delayMs: 0});
      const gateway = {
        charge: sandbox.charge.bind(sandbox),
        upgrade: async () => ({status: 'approved', reference: 'CRL-MONTHLY1'}) as const,
      };
      render(<ThankYou config={{...base, manageGiftUrl}} gateway={gateway} />);
      await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
      const done = await screen.findByText('You now give $20 every month, on the card you just used. Reference: CRL-MONTHLY1.');
      expect(within(done.parentElement!).getByRole('link', {name: 'change or cancel your regular gift'})).toHaveAttribute(
        'href',
        manageGiftUrl,
      );
      cleanup();

      handOver();
      render(
        <ThankYou config={{...base, contact: {phone: '+61 2 5550 1234'}, messages: {manageGiftByPhone: 'Ring {phone} to change it.'}}} />,
      );
      await user.click(await screen.findByRole('button', {name: 'Yes, give $20 monthly'}));
      const form = screen.getByRole('form', {name: 'Your monthly gift'});
      expect(within(form).getByText(/^Ring/)).toHaveTextContent('Ring +61 2 5550 1234 to change it.');
      expect(within(form).getByRole('link', {name: '+61 2 5550 1234'})).toHaveAttribute('href', 'tel:+61255501234');
    });
  });

  it('shows the photography variant’s hero with a responsive image, caption and credit', async () => {
    handOver();
    const {container} = render(<ThankYou config={THANK_YOU_EXAMPLES.photographyUnsorted} />);
    const figure = await screen.findByRole('figure');
    expect(figure.querySelector('figcaption')).toHaveTextContent('Shallow reef, Coral Sea Illustration: Coral');
    const image = within(figure).getByRole('img', {name: 'A coral reef in clear shallow water'});
    expect(image).toHaveAttribute(
      'srcset',
      '/img/thankyou/reef-480.webp 480w, /img/thankyou/reef-960.webp 960w, /img/thankyou/reef-1600.webp 1600w',
    );
    expect(image).toHaveAttribute('sizes', '100vw');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '900');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading');
    expect(within(figure).getByRole('heading', {level: 2, name: 'Thank you, Mere!'})).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows every bad key of a wrong config instead of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ThankYou config={{campaign: 'reef', variant: 'photography', share: {channels: ['myspace']}}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This thank-you cannot be shown: its config has 2 problems.');
    expect(alert).toHaveTextContent('share.channels.0: got "myspace"; expected one of email, whatsapp, facebook, x, copy');
    expect(alert).toHaveTextContent('photo: got (missing); required with variant "photography"');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.stringContaining('photo: got (missing)')));
  });
});
