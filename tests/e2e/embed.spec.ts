/** Coral as custom elements on pages it does not control: the plain-page fixtures in static/embed/, pages full of script payloads, and the embed's size. */
import type {Locator, Page} from '@playwright/test';
import {EMBED_BUDGET_GZIP, embedSizes} from '../../scripts/lib/embedSize.mjs';
import {DONATE_FORM_MESSAGES} from '../../src/coral/donate-form/messages';
import {POWERFORM_MESSAGES} from '../../src/coral/powerform/messages';
import {hostileMessages, SCRIPT_PAYLOADS, XSS_FLAG} from '../../src/coral/shared/testing/hostile';
import {THANK_YOU_MESSAGES} from '../../src/coral/thank-you/messages';
import {embedSnippet} from '../../src/embed/snippet';
import {test, expect, fillCard, fillDonor, dataLayerOf, recordRequests} from './fixtures';
import {BASE, url} from './routes';

/** Waits until every Coral element on the page has rendered its component. */
async function elementsRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')];
    return elements.length > 0 && elements.every((element) => element.shadowRoot?.querySelector('.coral-root > *'));
  });
}

/** Opens a fixture and waits until its elements have rendered. */
async function openFixture(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await elementsRendered(page);
}

/**
 * Serves a page with `body` at `path` on the test server's own origin, whatever query string it is opened with, and
 * returns its address. (Chromium keeps pages of other origins from loading scripts from a loopback address.)
 */
async function servePage(page: Page, path: string, body: string): Promise<string> {
  const address = new URL(path, test.info().project.use.baseURL);
  await page.route(
    (requested) => requested.origin === address.origin && requested.pathname === address.pathname,
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Campaign</title></head><body>${body}</body></html>`,
      }),
  );
  return address.href;
}

/** The embed's script tag, as a page built by a test loads it. */
const EMBED_SCRIPT = `<script type="module" src="${BASE}/coral/coral.js"></script>`;

/** One Coral element with its config as an attribute. */
const elementTag = (tag: string, id: string, config: unknown) => `<${tag} id="${id}" config='${JSON.stringify(config)}'></${tag}>`;

test('the first script and each component’s on-demand code stay within 40 KB gzip', () => {
  const sizes = embedSizes('build/coral');
  expect(sizes.first.files).toContain('coral.js');
  expect(sizes.first.gzip, `first load: ${sizes.first.files.join(', ')}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
  for (const [tag, loaded] of Object.entries(sizes.components)) {
    expect(loaded.files.length, tag).toBeGreaterThan(0);
    expect(loaded.gzip, `${tag} on demand: ${loaded.files.join(', ')}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
  }
});

test.describe('a plain page with nothing but the script and the elements', () => {
  test('the donate form takes a gift and its events reach the page', async ({page}) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as {seen: string[]}).seen = seen;
      for (const name of ['coral:submit', 'coral:success']) {
        document.addEventListener(name, (event) => seen.push(`${event.type}@${(event.target as Element).tagName.toLowerCase()}`));
      }
    });
    await openFixture(page, '/embed/plain.html');
    const form = page.locator('coral-donate-form').getByRole('form');
    await form.getByRole('radio', {name: '$35'}).check();
    await fillDonor(form);
    await fillCard(form);
    await form.getByRole('button', {name: 'Give $35'}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {seen: string[]}).seen)).toEqual([
      'coral:submit@coral-donate-form',
      'coral:success@coral-donate-form',
    ]);
  });

  test('the page can choose an amount through the element’s setAmount()', async ({page}) => {
    await openFixture(page, '/embed/plain.html');
    await page.evaluate(() => document.querySelector('coral-donate-form')!.setAmount(25, 'monthly'));
    const form = page.locator('coral-donate-form').getByRole('form');
    await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
    await expect(form.getByRole('radio', {name: '$25'})).toBeChecked();
  });

  test('the powerform signs, checking a mobile number with the phone metadata loaded on demand', async ({page}) => {
    await openFixture(page, '/embed/plain.html');
    const petition = page.locator('coral-powerform');
    await expect(petition.getByRole('progressbar', {name: '48,317 of 75,000 signatures'})).toBeVisible();
    await petition.getByLabel('First name', {exact: true}).fill('Sione');
    await petition.getByLabel('Email', {exact: true}).fill('sione@example.org');
    await petition.getByLabel('Mobile (optional)').fill('12345');
    await petition.getByLabel('Postcode', {exact: true}).fill('0800');
    await petition.getByRole('button', {name: 'Sign now'}).click();
    await expect(petition.getByLabel('Mobile (optional)')).toHaveAccessibleDescription(/not a mobile number we can text/);
    await petition.getByLabel('Mobile (optional)').fill('0412 345 678');
    await petition.getByRole('button', {name: 'Sign now'}).click();
    await expect(petition.getByRole('heading', {name: 'Thank you, Sione!'})).toBeVisible();
  });

  test('a config that is not JSON, or breaks the schema, is explained in place', async ({page, watch}) => {
    watch.expectedErrors.push(/^Coral: the (donate form|thank-you) config has/);
    await openFixture(page, '/embed/plain.html');
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.evaluate(() => {
      document.querySelector('coral-donate-form')!.setAttribute('config', '{"campaign": "save-the-reef",');
      document.querySelector('coral-thankyou')!.setAttribute('config', '{"campaign": "Save The Reef!", "variant": "photography"}');
    });
    await expect(page.locator('coral-donate-form').getByRole('alert')).toContainText('the config attribute is not valid JSON');
    const thanks = page.locator('coral-thankyou').getByRole('alert');
    await expect(thanks).toContainText('This thank-you cannot be shown: its config has 2 problems.');
    await expect(thanks).toContainText('campaign: got "Save The Reef!"; expected letters, digits and dashes');
    await expect(thanks).toContainText('photo: got (missing); required with variant "photography"');
    expect(messages.some((text) => text.includes('the thank-you config has 2 problem(s)'))).toBe(true);
  });

  test('a script payload in the URL never runs in any element', async ({page}) => {
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    for (const payload of SCRIPT_PAYLOADS) {
      const query = new URLSearchParams(['amount', 'frequency', 'ref', 'first_name', 'email', 'utm_source'].map((name) => [name, payload]));
      await page.goto(`${url('/embed/plain.html')}?${query.toString()}`);
      await expect(page.locator('coral-thankyou').getByRole('heading', {name: 'Thank you!'})).toBeVisible();
      await expect(page.locator('coral-donate-form').getByLabel('First name', {exact: true})).toHaveValue('');
      expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')].some((e) =>
            e.shadowRoot!.querySelector('img[src="x"]'),
          ),
        ),
      ).toBe(false);
    }
    expect(dialogs).toBe(0);
  });
});

test.describe('a landing-page builder page with aggressive global CSS', () => {
  const HOST = ['h1', 'h2', 'p.copy', 'a.cta', 'button.host-button', 'main'];
  const PROPERTIES = [
    'color',
    'font-family',
    'font-size',
    'background-color',
    'display',
    'margin-top',
    'padding-left',
    'border-top-style',
    'text-transform',
  ];

  const hostStyles = (page: Page) =>
    page.evaluate(
      ({selectors, properties}) =>
        selectors.map((selector) => {
          const style = getComputedStyle(document.querySelector(selector)!);
          return [selector, properties.map((name) => style.getPropertyValue(name))];
        }),
      {selectors: HOST, properties: PROPERTIES},
    );

  test('the form keeps its own look, and the page’s external handles select amounts', async ({page}) => {
    await openFixture(page, '/embed/landing-page.html');
    const element = page.locator('coral-donate-form');
    const form = element.getByRole('form');
    // The page's `label { display: none !important }` and its yellow 40 px inputs stop at the shadow root.
    await expect(form.getByText('First name', {exact: true})).toBeVisible();
    const input = form.getByLabel('First name', {exact: true});
    const look = await input.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        width: el.getBoundingClientRect().width,
        background: style.backgroundColor,
        font: style.fontFamily,
        transform: style.textTransform,
      };
    });
    expect(look.width).toBeGreaterThan(150);
    expect(look.background).not.toBe('rgb(255, 255, 0)');
    expect(look.font).not.toContain('Comic Sans');
    expect(look.transform).toBe('none');

    await page.getByRole('link', {name: 'Give $75'}).click();
    await expect(form.getByRole('radio', {name: '$75'})).toBeChecked();
    await expect(page.getByRole('link', {name: 'Give $75'})).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', {name: '$25 a month'}).click();
    await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
    await expect(form.getByRole('radio', {name: '$25'})).toBeChecked();

    await fillDonor(form);
    await fillCard(form);
    await form.getByRole('button', {name: 'Give $25 monthly'}).click();
    await expect(element.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
    const pushed = JSON.stringify(await dataLayerOf(page));
    expect(pushed).toContain('"purchase"');
    expect(pushed).not.toContain('mere@example.org');
  });

  test('the page’s own elements look exactly the same with and without Coral', async ({page, watch}) => {
    watch.expectedErrors.push(/net::ERR_FAILED/);
    await page.route('**/coral/coral.js', (route) => route.abort());
    await page.goto(url('/embed/landing-page.html'));
    const without = await hostStyles(page);
    await page.unroute('**/coral/coral.js');
    await openFixture(page, '/embed/landing-page.html');
    expect(await hostStyles(page)).toEqual(without);
  });
});

test('a page’s own root font size leaves every element’s type, spacing and layout alone', async ({page}) => {
  const elements =
    EMBED_SCRIPT +
    elementTag('coral-donate-form', 'donate', {campaign: 'save-the-reef'}) +
    elementTag('coral-powerform', 'petition', {campaign: 'ban-deep-sea-mining', counter: {count: 48317, goal: 75000}}) +
    elementTag('coral-thankyou', 'thanks', {campaign: 'save-the-reef', urlParams: true});
  /** Font size, box and spacing of everything in every element's shadow root, in document order. */
  const measure = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')].flatMap((element) =>
        [...element.shadowRoot!.querySelectorAll('.coral-root *')].map((inner) => {
          const style = getComputedStyle(inner);
          const box = inner.getBoundingClientRect();
          return `${element.tagName} ${inner.tagName} ${style.fontSize} ${style.paddingTop} ${style.marginBottom} ${style.gap} ${Math.round(box.width)}x${Math.round(box.height)}`;
        }),
      ),
    );
  await page.setViewportSize({width: 1280, height: 900});

  await page.goto(await servePage(page, '/campaign/root-16.html', elements));
  await elementsRendered(page);
  const plain = await measure();
  // The common "62.5%" trick makes 1rem 10 px on the page; a form built on the page's rem would shrink by more than a third.
  await page.goto(
    await servePage(page, '/campaign/root-10.html', `<style>html { font-size: 62.5%; } body { font-size: 1.6rem; }</style>${elements}`),
  );
  await elementsRendered(page);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
  const shrunk = await measure();

  expect(plain.length).toBeGreaterThan(100);
  expect(shrunk).toEqual(plain);
});

test('the RG-upgrade thank-you page takes a monthly gift from a one-off donor', async ({page}) => {
  await openFixture(page, '/embed/thank-you.html?amount=60&frequency=one-off&ref=LP-48213');
  const thanks = page.locator('coral-thankyou');
  await expect(thanks.getByRole('heading', {level: 1, name: 'Thank you!'})).toBeVisible();
  await expect(thanks.getByRole('heading', {name: 'Your gift'}).locator('..')).toContainText('LP-48213');
  await thanks.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
  const monthly = thanks.getByRole('form', {name: 'Your monthly gift'});
  await fillDonor(monthly, {postcode: false});
  await fillCard(monthly);
  await monthly.getByRole('button', {name: 'Give $20 monthly'}).click();
  await expect(monthly.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  const events = await page.evaluate(() =>
    ((window as unknown as {dataLayer?: {event?: string}[]}).dataLayer ?? []).map((entry) => entry.event),
  );
  expect(events).toEqual(expect.arrayContaining(['upsell_shown', 'upsell_accepted', 'purchase']));
});

test('an element follows the page’s colour mode as it changes', async ({page}) => {
  await openFixture(page, '/embed/plain.html');
  const surface = () =>
    page
      .locator('coral-powerform')
      .evaluate((element) => getComputedStyle(element.shadowRoot!.querySelector('.coral-root > *')!).backgroundColor);
  const light = await surface();
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect.poll(surface).not.toBe(light);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await expect.poll(surface).toBe(light);
});

test('the snippet from a demo’s Embed tab, pasted into an empty page, gives the same working form', async ({page}) => {
  await page.goto(url('/demos/donate-form-medium'));
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await page.getByRole('tab', {name: 'Embed'}).click();
  const snippet = await page.getByRole('tabpanel').locator('pre code').innerText();
  expect(snippet).toContain('<script type="module" src="https://greenpeace.github.io/gpap-coral/coral/coral.js"></script>');
  const config = await page
    .getByRole('tab', {name: 'Config'})
    .click()
    .then(() => page.getByRole('tabpanel').locator('pre code').innerText());
  const embedded = /<script type="application\/json">([\s\S]*?)<\/script>/.exec(snippet)![1]!;
  expect(JSON.parse(embedded)).toEqual(JSON.parse(config));

  // The published address becomes this test server's; nothing else changes. (The page stays on the test
  // server's origin: Chromium keeps pages of other origins from loading scripts from a loopback address.)
  const site = new URL(page.url());
  const local = snippet.replaceAll('https://greenpeace.github.io', site.origin);
  await page.goto(await servePage(page, '/campaign/appeal.html', local));
  const form = page.locator('coral-donate-form').getByRole('form');
  await fillDonor(form);
  await fillCard(form);
  await form.getByRole('button', {name: /^Give /}).click();
  await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
});

test('the test bench runs every component both ways and logs where each event came from', async ({page}) => {
  await page.goto(url('/demos/test1?amount=60&frequency=one-off&ref=CRL-BENCH1'));
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  for (const id of ['react-thanks', 'embed-thanks']) {
    await expect(page.locator(`#${id}`).getByRole('heading', {name: 'Could you give $20 every month?'})).toBeVisible();
  }
  await expect(page.locator('#react-petition').getByRole('progressbar', {name: '48,317 of 75,000 signatures'})).toBeVisible();
  await expect(page.locator('coral-powerform').getByRole('progressbar', {name: '48,317 of 75,000 signatures'})).toBeVisible();

  const element = page.locator('coral-donate-form');
  const form = element.getByRole('form');
  await fillDonor(form);
  await fillCard(form);
  await form.getByRole('button', {name: 'Give $60'}).click();
  const decline = element.getByRole('button', {name: /^No thanks/});
  await decline.click();
  await expect(element.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  const log = page.getByTestId('event-log');
  await expect(log.getByText('coral:success')).toBeVisible();
  await expect(log.locator('li', {hasText: 'coral:success'})).toContainText('from #embed-donate');
  await expect(log.locator('li[data-source="dataLayer"]', {hasText: 'purchase'})).toHaveCount(1);
  await expect(log).not.toContainText('mere@example.org');
});

test('the daisychain works between two pages that use only the elements, with nothing personal in any address', async ({page}) => {
  const sign = await servePage(
    page,
    '/campaign/sign.html',
    EMBED_SCRIPT +
      elementTag('coral-powerform', 'petition', {
        campaign: 'protect-the-pacific',
        success: {type: 'daisychain', url: '/campaign/give.html'},
      }),
  );
  const give = await servePage(
    page,
    '/campaign/give.html',
    EMBED_SCRIPT + elementTag('coral-donate-form', 'donate', {campaign: 'protect-the-pacific', handoff: true}),
  );
  const requested = recordRequests(page);

  await page.goto(sign);
  const petition = page.locator('coral-powerform');
  await petition.getByLabel('First name', {exact: true}).fill('Mere');
  await petition.getByLabel('Email', {exact: true}).fill('mere.tane@example.org');
  await petition.getByLabel('Mobile (optional)').fill('0412 345 678');
  await petition.getByLabel('Postcode', {exact: true}).fill('2000');
  await petition.getByRole('button', {name: 'Sign now'}).click();

  await expect(page).toHaveURL(give);
  const donate = page.locator('coral-donate-form');
  await expect(donate.getByRole('heading', {name: 'Thanks for signing, Mere. Will you chip in?'})).toBeVisible();
  await expect(donate.getByLabel('Email', {exact: true})).toHaveValue('mere.tane@example.org');
  expect(requested.length).toBeGreaterThan(3);
  for (const {url: address, referer} of requested) {
    expect(decodeURIComponent(`${address} ${referer}`)).not.toMatch(/mere\.tane|412 ?345 ?678/);
  }
});

test.describe('a script payload in any config string or typed field of any element shows as text and never runs', () => {
  /**
   * What a payload leaves behind if it is ever parsed as markup, in an element's shadow root or in the page: the
   * page's own scripts are the embed and the elements' configs.
   */
  const INJECTED =
    'script:not([type="application/json"]):not([src$="/coral/coral.js"]), img[onerror], img[src="x"], svg[onload], iframe, ' +
    '[onload], [onerror], [onmouseover], a[href^="javascript:" i]';

  /** Opens a page and keeps every dialog it opens. */
  async function openWatched(page: Page, address: string): Promise<string[]> {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(address);
    await elementsRendered(page);
    return dialogs;
  }

  /** The payload never ran, opened no dialog, and made no element, in the page or any element's shadow root. */
  async function expectInert(page: Page, dialogs: readonly string[]): Promise<void> {
    expect(
      await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG),
      'the payload ran',
    ).toBeUndefined();
    expect(dialogs, 'dialogs opened').toEqual([]);
    const injected = await page.evaluate((selector) => {
      const elements = [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')];
      const roots: ParentNode[] = [document, ...elements.map((element) => element.shadowRoot!)];
      return roots.flatMap((root) => [...root.querySelectorAll(selector)].map((found) => found.outerHTML));
    }, INJECTED);
    expect(injected, 'elements a payload made').toEqual([]);
  }

  /** Fills a gift's details and card by the fields' autocomplete names, since their labels may be anything. */
  async function fillByPurpose(form: Locator): Promise<void> {
    const values: Record<string, string> = {
      'given-name': 'Mere',
      'family-name': 'Tane',
      email: 'mere@example.org',
      'postal-code': '2000',
      'cc-number': '4242 4242 4242 4242',
      'cc-exp': '12/34',
      'cc-csc': '123',
    };
    for (const [purpose, value] of Object.entries(values)) {
      const field = form.locator(`input[autocomplete="${purpose}"]`);
      if ((await field.count()) > 0) await field.fill(value);
    }
  }

  /** Checks a part of an element is on screen and holds the text, character for character. */
  async function shows(where: Locator, text: string): Promise<void> {
    await expect(where).toBeVisible();
    await expect(where).toContainText(text);
  }

  /** A payload in a test's title, its invisible and non-ASCII characters written as escapes. */
  const titled = (payload: string) => payload.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  const GIFT = '?amount=60&frequency=one-off&ref=CRL-HOSTILE';

  for (const [i, payload] of SCRIPT_PAYLOADS.entries()) {
    test(`payload ${i + 1}, ${titled(payload)}, in every message and config string`, async ({page}) => {
      // Handle labels hold at most 40 characters and source codes 40: longer payloads leave those out.
      const upTo40 = payload.length <= 40 ? payload : undefined;
      const handle = {label: upTo40, impact: payload};
      const donate = {
        campaign: 'save-the-reef',
        sourceCode: upTo40,
        size: 'large',
        frequencies: ['one-off', 'monthly'],
        amounts: {
          'one-off': {
            handles: [
              {amount: 35, ...handle, image: {src: `${BASE}/img/impact/reef.svg`, alt: payload}},
              {amount: 60, ...handle},
            ],
            defaultAmount: 35,
            impactTemplate: `${payload} {amount} {count}`,
          },
          monthly: {handles: [{amount: 25, ...handle}]},
        },
        coverFees: {enabled: true},
        rgUpgrade: {enabled: true},
        fields: {address: 'optional'},
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(DONATE_FORM_MESSAGES, [payload]),
      };
      const powerform = {
        campaign: 'ban-deep-sea-mining',
        sourceCode: upTo40,
        question: {type: 'choice', id: 'coastline', label: payload, options: [payload, `${payload} (2)`]},
        counter: {count: 48_317, goal: 75_000},
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(POWERFORM_MESSAGES, [payload]),
      };
      const srcset = [480, 960, 1600].map((width) => ({src: `${BASE}/img/thankyou/reef-${width}.svg`, width}));
      const thanks = {
        campaign: 'save-the-reef',
        variant: 'photography',
        photo: {src: srcset[1]!.src, srcset, width: 1600, height: 900, alt: payload, caption: payload, credit: payload},
        share: {url: 'https://www.greenpeace.org.au/', title: payload, text: payload, native: false},
        upgrade: {sourceCode: upTo40},
        urlParams: true,
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(THANK_YOU_MESSAGES, [payload]),
      };
      // Each element as the docs' Embed tab gives it, so the configs sit in <script> elements as campaigners paste them.
      const origin = new URL(test.info().project.use.baseURL!).origin;
      const body = [
        embedSnippet({tag: 'coral-donate-form', config: donate, id: 'donate', origin, basePath: `${BASE}/`}),
        embedSnippet({tag: 'coral-powerform', config: powerform, id: 'petition', origin, basePath: `${BASE}/`}),
        embedSnippet({tag: 'coral-thankyou', config: thanks, id: 'thanks', origin, basePath: `${BASE}/`}),
      ].join('\n');
      const dialogs = await openWatched(page, (await servePage(page, '/campaign/hostile.html', body)) + GIFT);
      const giving = page.locator('coral-donate-form');
      const signing = page.locator('coral-powerform');
      const thanking = page.locator('coral-thankyou');

      // Each config string, where a supporter reads it.
      await shows(giving.getByRole('heading', {level: 2}), payload);
      await shows(giving.locator('[part="handle"]').first(), payload);
      await expect(giving.getByRole('img', {name: payload})).toBeVisible();
      await shows(signing.getByRole('heading', {level: 2}), payload);
      await shows(signing.locator('[part="question"] legend'), payload);
      await shows(signing.locator('[part="question"]'), `${payload} (2)`);
      await shows(thanking.getByRole('heading', {level: 2}).first(), payload);
      await shows(thanking.locator('[part="caption"]'), `${payload} ${payload}`);
      await expect(thanking.getByRole('img', {name: payload})).toBeVisible();
      const mail = new URL((await thanking.locator('[part="share"] a[href^="mailto:"]').getAttribute('href'))!);
      expect(mail.searchParams.get('subject')).toBe(payload);
      expect(mail.searchParams.get('body')).toContain(payload);
      await expectInert(page, dialogs);

      // The messages of every later state: errors, the upgrade asks, the thank-yous.
      await giving.locator('button[type="submit"]').click();
      await expect(giving.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectInert(page, dialogs);
      await fillByPurpose(giving);
      await giving.locator('button[type="submit"]').click();
      await shows(giving.locator('[part="upsell"]'), payload);
      await giving.locator('[part="upsell"] button').nth(1).click();
      await shows(giving.locator('[part="thank-you"]'), `${payload} Mere`);
      await expectInert(page, dialogs);

      await signing.locator('button[type="submit"]').click();
      await expect(signing.locator('[aria-invalid="true"]').first()).toBeVisible();
      await fillByPurpose(signing);
      await signing.locator('button[type="submit"]').click();
      await shows(signing.locator('[part="thank-you"]'), `${payload} Mere`);
      await expectInert(page, dialogs);

      await thanking.locator('[part="upgrade"] button').first().click();
      const monthly = thanking.locator('[part="monthly-form"]');
      await shows(monthly.getByRole('heading', {level: 3}).first(), payload);
      await fillByPurpose(monthly);
      await monthly.locator('button[type="submit"]').click();
      await expect(monthly.locator('[part="thank-you"]')).toBeVisible();
      await expectInert(page, dialogs);
    });

    test(`payload ${i + 1}, ${titled(payload)}, typed into every field of every form`, async ({page}) => {
      const sandbox = {type: 'sandbox', delayMs: 0};
      const address = await servePage(
        page,
        '/campaign/typed.html',
        EMBED_SCRIPT +
          elementTag('coral-donate-form', 'donate', {campaign: 'save-the-reef', fields: {address: 'optional'}, gateway: sandbox}) +
          elementTag('coral-donate-form', 'debit', {
            campaign: 'save-the-reef',
            frequencies: ['monthly'],
            directDebit: true,
            gateway: sandbox,
          }) +
          elementTag('coral-powerform', 'petition', {
            campaign: 'ban-deep-sea-mining',
            question: {type: 'text', id: 'why', label: 'Why does it matter to you?'},
            gateway: sandbox,
          }) +
          elementTag('coral-thankyou', 'thanks', {campaign: 'save-the-reef', urlParams: true, gateway: sandbox}),
      );
      const dialogs = await openWatched(page, address + GIFT);

      /**
       * Types the payload into every text field and sends the form, which refuses it; then puts right only what
       * cannot hold it (amount, email, postcode, mobile, card), sends again, and returns the name as typed, which
       * the thank-you then shows. Fields that hold fewer characters keep what fits.
       */
      async function typeAndSend(form: Locator, submit: RegExp, correct: () => Promise<void>): Promise<string> {
        const fields = await form.getByRole('textbox').all();
        expect(fields.length).toBeGreaterThanOrEqual(3);
        for (const field of fields) await field.fill(payload);
        await form.getByRole('button', {name: submit}).click();
        await expect(form.getByRole('group', {name: /^Please check/})).toBeVisible();
        await expectInert(page, dialogs);
        await correct();
        const mobile = form.getByLabel(/^Mobile/);
        if ((await mobile.count()) > 0) await mobile.fill('');
        const name = await form.getByLabel('First name', {exact: true}).inputValue();
        expect(payload.startsWith(name) && name.length > 0).toBe(true);
        await form.getByRole('button', {name: submit}).click();
        return name;
      }

      const giving = page.locator('coral-donate-form#donate');
      const donate = giving.getByRole('form');
      const donor = await typeAndSend(donate, /^Give\b/, async () => {
        await donate.getByRole('radio', {name: '$60'}).check();
        await donate.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await donate.getByLabel('Postcode', {exact: true}).fill('2000');
        await fillCard(donate);
      });
      await shows(giving.getByRole('heading', {name: `Thank you, ${donor}!`}), `Thank you, ${donor}!`);
      await expectInert(page, dialogs);

      // Direct debit's own fields: BSB, account number and account name.
      const debiting = page.locator('coral-donate-form#debit');
      const debit = debiting.getByRole('form');
      await debit.getByRole('radio', {name: 'Direct debit'}).check();
      const debtor = await typeAndSend(debit, /^Give\b/, async () => {
        await debit.getByRole('radio', {name: '$25'}).check();
        await debit.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await debit.getByLabel('Postcode', {exact: true}).fill('2000');
        await debit.getByLabel('BSB', {exact: true}).fill('062-000');
        await debit.getByLabel('Account number', {exact: true}).fill('12345678');
        await debit.getByLabel(/direct debit request service agreement/).check();
      });
      await shows(debiting.getByRole('heading', {name: `Thank you, ${debtor}!`}), `Thank you, ${debtor}!`);
      await expectInert(page, dialogs);

      const petition = page.locator('coral-powerform').getByRole('form');
      const signer = await typeAndSend(petition, /^Sign now$/, async () => {
        await petition.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await petition.getByLabel('Postcode', {exact: true}).fill('2000');
      });
      await shows(page.locator('coral-powerform').getByRole('heading', {name: `Thank you, ${signer}!`}), `Thank you, ${signer}!`);
      await expectInert(page, dialogs);

      const thanking = page.locator('coral-thankyou');
      await thanking.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
      const monthly = thanking.getByRole('form', {name: 'Your monthly gift'});
      const giver = await typeAndSend(monthly, /^Give\b/, async () => {
        await monthly.getByRole('radio', {name: '$20'}).check();
        await monthly.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await fillCard(monthly);
      });
      await shows(monthly.getByRole('heading', {name: `Thank you, ${giver}!`}), `Thank you, ${giver}!`);
      await expectInert(page, dialogs);
    });
  }
});
