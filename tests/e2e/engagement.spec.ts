/** The powerform, the daisychain and the thank-you page on their demos, driven the way a supporter would. */
import type {Locator} from '@playwright/test';
import {SCRIPT_PAYLOADS, XSS_FLAG} from '../../src/coral/shared/hostile';
import {test, expect, openHydrated, fillCard, fillDonor, dataLayerOf, leaksOf, recordRequests} from './fixtures';
import {url} from './routes';

const SIGNER = {
  firstName: 'Mere',
  lastName: 'Tane',
  email: 'mere.tane@example.org',
  phone: '0412 345 678',
  /** The mobile as the form sends it. */
  phoneE164: '+61412345678',
  postcode: '2000',
};

/** Every way the signer's email or mobile could be written into an address. */
const PERSONAL = [
  SIGNER.email,
  encodeURIComponent(SIGNER.email),
  'mere.tane',
  '412345678',
  '412 345 678',
  '412%20345%20678',
  '0412',
  SIGNER.phoneE164,
  encodeURIComponent(SIGNER.phoneE164),
];

async function sign(form: Locator, signer = SIGNER): Promise<void> {
  await form.getByLabel('First name', {exact: true}).fill(signer.firstName);
  await form.getByLabel('Last name (optional)').fill(signer.lastName);
  await form.getByLabel('Email', {exact: true}).fill(signer.email);
  await form.getByLabel('Mobile (optional)').fill(signer.phone);
  await form.getByLabel('Postcode', {exact: true}).fill(signer.postcode);
  await form.getByRole('checkbox', {name: /Keep me updated/}).check();
  await form.getByRole('button', {name: 'Sign now'}).click();
}

test.describe('the daisychain', () => {
  test('a signer lands on page 2 greeted by name, gives, and no address, referrer or push holds their email or mobile', async ({page}) => {
    const sent = recordRequests(page);
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as {handoffSeen: unknown[]}).handoffSeen = seen;
      document.addEventListener('coral:handoff', (event) => seen.push((event as CustomEvent).detail));
    });
    await openHydrated(page, url('/demos/daisychain-page-1'));
    await sign(page.locator('form#petition'));

    await expect(page).toHaveURL(/\/gpap-coral\/demos\/daisychain-page-2$/);
    await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
    const donate = page.locator('form#donate');
    await expect(donate.getByRole('heading', {name: 'Thanks for signing, Mere. Will you chip in?'})).toBeVisible();
    // The signer's details are one line, "Giving as …", with the fields a tap away.
    await expect(donate.getByText('Giving as Mere Tane', {exact: false})).toBeVisible();
    await expect(donate.getByLabel('Email', {exact: true})).toHaveCount(0);
    await donate.getByRole('button', {name: 'Change your details'}).click();
    await expect(donate.getByLabel('First name', {exact: true})).toHaveValue('Mere');
    await expect(donate.getByLabel('Last name', {exact: true})).toHaveValue('Tane');
    await expect(donate.getByLabel('Email', {exact: true})).toHaveValue(SIGNER.email);
    await expect(donate.getByLabel('Postcode', {exact: true})).toHaveValue('2000');
    const handoff = await page.evaluate(() => (window as unknown as {handoffSeen: unknown[]}).handoffSeen);
    expect(handoff).toEqual([expect.objectContaining({status: 'greeted', campaign: 'protect-the-pacific'})]);
    expect(JSON.stringify(handoff)).not.toContain('Mere');

    await fillCard(donate);
    await donate.getByRole('button', {name: /^Give /}).click();
    await expect(page).toHaveURL(/\/gpap-coral\/demos\/thankyou\?amount=20&frequency=monthly&ref=CRL-[0-9A-F]{8}$/);
    await expect(page.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    await expect(page.getByRole('heading', {name: 'Your gift'})).toBeVisible();
    // A monthly donor is not asked to give monthly.
    await expect(page.getByRole('heading', {name: /every month\?$/})).toHaveCount(0);

    expect(sent.length).toBeGreaterThan(10);
    expect(leaksOf(sent, PERSONAL, await dataLayerOf(page), [SIGNER.email, SIGNER.firstName, SIGNER.lastName, '412345678'])).toEqual([]);

    // The signer is forgotten after the gift: page 2 opened again is the plain ask.
    await openHydrated(page, url('/demos/daisychain-page-2'));
    await expect(page.locator('form#donate').getByRole('heading', {name: 'Make a donation'})).toBeVisible();
  });

  test('page 2 opened directly shows the plain ask with empty fields', async ({page}) => {
    await page.addInitScript(() => {
      document.addEventListener('coral:handoff', (event) => {
        (window as unknown as {handoffStatus: string}).handoffStatus = (event as CustomEvent<{status: string}>).detail.status;
      });
    });
    await openHydrated(page, url('/demos/daisychain-page-2'));
    const donate = page.locator('form#donate');
    await expect(donate.getByRole('heading', {name: 'Make a donation'})).toBeVisible();
    await expect(donate.getByLabel('First name', {exact: true})).toHaveValue('');
    await expect(donate.getByLabel('Email', {exact: true})).toHaveValue('');
    await expect.poll(() => page.evaluate(() => (window as unknown as {handoffStatus?: string}).handoffStatus)).toBe('none');
  });

  test('page 2 with corrupt stored data shows the plain ask and drops it', async ({page}) => {
    await page.addInitScript(() => sessionStorage.setItem('coral.handoff.supporter', '{"version":1,"expiresAt":'));
    await openHydrated(page, url('/demos/daisychain-page-2'));
    await expect(page.locator('form#donate').getByRole('heading', {name: 'Make a donation'})).toBeVisible();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('coral.handoff.supporter'))).toBeNull();
  });
});

test.describe('the powerform', () => {
  test('the petition suggests a fix for an email typo, signs, and counts the signature', async ({page}) => {
    await openHydrated(page, url('/demos/powerform'));
    const form = page.locator('form#petition');
    await expect(page.getByRole('progressbar', {name: '48,317 of 75,000 signatures'})).toBeVisible();
    const email = form.getByLabel('Email', {exact: true});
    await email.fill('mere@gmial.com');
    await email.blur();
    await form.getByRole('button', {name: 'Use mere@gmail.com'}).click();
    await expect(email).toHaveValue('mere@gmail.com');
    await form.getByLabel('First name', {exact: true}).fill('Mere');
    await form.getByLabel('Mobile (optional)').fill('+64 21 123 4567');
    await form.getByLabel('Postcode', {exact: true}).fill('2000');
    await form.getByRole('radio', {name: 'Torres Strait'}).check();
    await form.getByRole('button', {name: 'Sign now'}).click();
    await expect(page.getByRole('heading', {name: 'Thank you, Mere!'})).toBeFocused();
    await expect(page.getByRole('progressbar', {name: '48,318 of 75,000 signatures'})).toBeVisible();
    const pushed = JSON.stringify(await dataLayerOf(page));
    expect(pushed).toContain('sign_up');
    expect(pushed).not.toContain('gmail');
  });

  test('a failed signature keeps what was typed, and sending again works', async ({page}) => {
    await openHydrated(page, url('/demos/powerform'));
    const form = page.locator('form#petition');
    await sign(form, {...SIGNER, email: 'mere+error@example.org'});
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('nothing was saved');
    await expect(form.getByLabel('First name', {exact: true})).toHaveValue('Mere');
    await expect(form.getByLabel('Mobile (optional)')).toHaveValue('0412 345 678');
    await form.getByLabel('Email', {exact: true}).fill('mere@example.org');
    await form.getByRole('button', {name: 'Sign now'}).click();
    await expect(page.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  });

  // A complete signup on each demo: every field filled, the question answered, consent given.
  const SIGNUPS = [
    {route: '/demos/powerform', form: 'form#petition', submit: 'Sign now'},
    {route: '/demos/powerform-leads', form: 'form#leads', submit: 'Send me the guide'},
  ];
  for (const signup of SIGNUPS) {
    test(`${signup.route}: a complete signup reaches the thank-you, and no address, referrer or push holds the signer's details`, async ({
      page,
    }) => {
      const sent = recordRequests(page);
      await openHydrated(page, url(signup.route));
      const form = page.locator(signup.form);
      const values: [RegExp, string][] = [
        [/^First name/, SIGNER.firstName],
        [/^Last name/, SIGNER.lastName],
        [/^Email/, SIGNER.email],
        [/^Mobile/, SIGNER.phone],
        [/^Postcode/, SIGNER.postcode],
      ];
      let filled = 0;
      for (const [label, value] of values) {
        const field = form.getByLabel(label);
        if ((await field.count()) === 0) continue;
        await field.fill(value);
        filled += 1;
      }
      // Nothing the form shows is left empty, so whatever it could leak, it was given.
      await expect(form.getByRole('textbox')).toHaveCount(filled);
      const choices = form.getByRole('radio');
      if ((await choices.count()) > 0) await choices.first().check();
      await form.getByRole('checkbox', {name: /Keep me updated/}).check();
      await form.getByRole('button', {name: signup.submit}).click();
      await expect(page.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();

      expect(sent.length).toBeGreaterThan(5);
      const details = [...PERSONAL, SIGNER.firstName, SIGNER.lastName];
      expect(
        leaksOf(sent, details, await dataLayerOf(page), [SIGNER.email, SIGNER.phoneE164, '412345678', SIGNER.firstName, SIGNER.lastName]),
      ).toEqual([]);
    });
  }

  test('the leads form asks for email, first name and postcode only, and signs', async ({page}) => {
    await openHydrated(page, url('/demos/powerform-leads'));
    const form = page.locator('form#leads');
    await expect(form.getByRole('textbox')).toHaveCount(3);
    await expect(form.getByLabel('Last name', {exact: false})).toHaveCount(0);
    await expect(form.getByLabel('Mobile', {exact: false})).toHaveCount(0);
    await expect(form.getByRole('checkbox', {name: /Keep me updated/})).not.toBeChecked();
    await form.getByLabel('First name', {exact: true}).fill('Sione');
    await form.getByLabel('Email', {exact: true}).fill('sione@example.org');
    await form.getByLabel('Postcode', {exact: true}).fill('0800');
    await form.getByRole('button', {name: 'Send me the guide'}).click();
    await expect(page.getByRole('heading', {name: 'Thank you, Sione!'})).toBeVisible();
  });
});

test.describe('the thank-you page', () => {
  test('a one-off donor accepts the monthly ask and completes a monthly gift', async ({page}) => {
    await openHydrated(page, url('/demos/thankyou?amount=60&frequency=one-off&ref=CRL-DEMO1'));
    const receipt = page.getByRole('heading', {name: 'Your gift'}).locator('..');
    await expect(receipt).toContainText('$60');
    await expect(receipt).toContainText('One-off');
    await expect(receipt).toContainText('CRL-DEMO1');
    await expect(page.getByRole('heading', {name: 'Could you give $20 every month?'})).toBeVisible();
    await page.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
    const monthly = page.getByRole('form', {name: 'Your monthly gift'});
    await expect(monthly.getByRole('radio', {name: '$20'})).toBeChecked();
    await fillDonor(monthly, {postcode: false});
    await fillCard(monthly);
    await monthly.getByRole('button', {name: 'Give $20 monthly'}).click();
    await expect(monthly.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    await expect(monthly.getByText('$20 every month')).toBeVisible();
    const purchases = (await dataLayerOf(page)).filter((entry) => (entry as {event?: string}).event === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(JSON.stringify(purchases)).not.toContain('mere@example.org');
  });

  test('without a share sheet the share links are well-formed and share the campaign, not the gift', async ({page}) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true}));
    await openHydrated(page, url('/demos/thankyou?amount=60&frequency=one-off&ref=CRL-DEMO1'));
    const share = page.getByRole('region', {name: 'Ask a friend to join you'});
    const shared = 'https://www.greenpeace.org.au/';
    const href = async (name: RegExp) => share.getByRole('link', {name}).getAttribute('href');

    const email = new URL((await href(/Share by email/))!);
    expect(email.protocol).toBe('mailto:');
    expect(email.searchParams.get('subject')).toBe('Join me');
    expect(email.searchParams.get('body')).toContain(shared);

    const whatsapp = new URL((await href(/WhatsApp/))!);
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toMatch(/Will you join me\? https:\/\/www\.greenpeace\.org\.au\/$/);

    const facebook = new URL((await href(/Facebook/))!);
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(facebook.searchParams.get('u')).toBe(shared);

    const x = new URL((await href(/Share on X/))!);
    expect(x.origin).toBe('https://x.com');
    expect(x.searchParams.get('url')).toBe(shared);

    for (const link of await share.getByRole('link').all()) {
      expect(await link.getAttribute('href')).not.toContain('CRL-DEMO1');
    }
  });

  test('the photography variant loads the smallest picture that fills a phone screen', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await openHydrated(page, url('/demos/thankyou-photography?amount=120&frequency=one-off&ref=CRL-DEMO2'));
    const picture = page.getByRole('img', {name: /coral reef at dusk/});
    await expect(picture).toHaveAttribute('srcset', /reef-480\.svg 480w, .*reef-960\.svg 960w, .*reef-1600\.svg 1600w/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).not.toContain('reef-1600');
    await expect(page.getByRole('figure')).toContainText('Illustration: Coral');
    await expect(page.getByRole('heading', {name: 'Could you give $40 every month?'})).toBeVisible();
  });
});

test.describe('a script payload in any URL parameter never runs', () => {
  const pages: [string, string[]][] = [
    ['/demos/powerform', ['first_name', 'last_name', 'email', 'phone', 'postcode', 'utm_source', 'utm_campaign']],
    ['/demos/daisychain-page-2', ['amount', 'frequency', 'first_name', 'email']],
    ['/demos/thankyou', ['amount', 'frequency', 'ref']],
    ['/demos/thankyou-photography', ['amount', 'frequency', 'ref']],
  ];
  for (const [route, names] of pages) {
    test(route, async ({page}) => {
      let dialogs = 0;
      page.on('dialog', async (dialog) => {
        dialogs += 1;
        await dialog.dismiss();
      });
      // Each ignored parameter is reported as a console warning; errors would still fail the test.
      for (const payload of SCRIPT_PAYLOADS) {
        const query = new URLSearchParams(names.map((name) => [name, payload])).toString();
        await openHydrated(page, `${url(route)}?${query}`);
        await page.waitForTimeout(50);
        expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
        expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
        for (const field of await page.locator('main input[type="text"], main input[type="email"]').all()) {
          expect(await field.inputValue()).not.toContain(XSS_FLAG);
        }
      }
      expect(dialogs).toBe(0);
    });
  }
});
