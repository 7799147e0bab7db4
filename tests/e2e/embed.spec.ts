/** Coral as custom elements on pages it does not control: the plain-page fixtures in static/embed/, pages built around the elements, and the embed's first script. */
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import ts from 'typescript';
import {
  EMBED_BUDGET_GZIP,
  FIRST_FORM_BUDGET_GZIP,
  MOBILES_BUDGET_GZIP,
  MOBILES_CHUNK,
  PUBLISHED_BUDGET_GZIP,
  VISITS_BUDGET_GZIP,
  embedSizes,
  kib,
} from '../../scripts/lib/embedSize.mjs';
import {SCRIPT_PAYLOADS, XSS_FLAG} from '../../src/coral/shared/hostile';
import {documentation, spellings} from './docsText';
import {EMBED_SCRIPT, elementTag, elementsRendered, openFixture, servePage} from './embed';
import {test, expect, fillCard, fillDonor, dataLayerOf, recordRequests} from './fixtures';
import {url} from './routes';

test(`the first script and each component’s on-demand code stay within ${kib(EMBED_BUDGET_GZIP)} gzip`, () => {
  const sizes = embedSizes('build/coral');
  expect(sizes.first.files).toContain('coral.js');
  expect(sizes.first.gzip, `first load: ${sizes.first.files.join(', ')}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
  for (const [tag, loaded] of Object.entries(sizes.components)) {
    expect(loaded.files.length, tag).toBeGreaterThan(0);
    expect(loaded.gzip, `${tag} on demand: ${loaded.files.join(', ')}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
  }
});

test(`a page’s first donate form, the first script with all it needs to show a working form, stays within ${kib(FIRST_FORM_BUDGET_GZIP)} gzip`, () => {
  const form = embedSizes('build/coral').firstForms['coral-donate-form'];
  expect(form?.files).toContain('coral.js');
  expect(form?.files.some((file) => /(^|\/)donate-form-/.test(file))).toBe(true);
  expect(form?.gzip, `first donate form: ${form?.files.join(', ')}`).toBeLessThanOrEqual(FIRST_FORM_BUDGET_GZIP);
});

const BY_ID = [
  {name: 'published', budget: PUBLISHED_BUDGET_GZIP, what: 'reading a form published on the endpoint'},
  {name: 'visits', budget: VISITS_BUDGET_GZIP, what: 'the visitor’s id, variant and events a form read by its id fetches beside its read'},
] as const;

for (const {name, budget, what} of BY_ID) {
  test(`${what}, which only a page embedding a form by id fetches, stays within ${kib(budget)} gzip`, () => {
    const sizes = embedSizes('build/coral');
    const weight = sizes[name];
    expect(
      weight.files.some((file) => new RegExp(`(^|/)${name}-`).test(file)),
      weight.files.join(', '),
    ).toBe(true);
    expect(weight.gzip, `${name}: ${weight.files.join(', ')}`).toBeLessThanOrEqual(budget);
    // Weighed apart: no component's code on demand, which a page with its config inline fetches, carries it.
    for (const [tag, loaded] of Object.entries(sizes.components))
      expect(
        loaded.files.filter((file) => weight.files.includes(file)),
        tag,
      ).toEqual([]);
  });
}

test(`each country’s mobile metadata, which only a form that takes that country fetches, stays within ${kib(MOBILES_BUDGET_GZIP)} gzip`, () => {
  const sizes = embedSizes('build/coral');
  // The countries a form may take, as the form's first load carries their list: one string of codes.
  const countries = (JSON.parse(readFileSync('src/coral/shared/fields/countries.json', 'utf8')) as {countries: string}).countries.split(
    ' ',
  );
  // Australia's and New Zealand's come with the phone check; every other country's is a chunk of its own.
  const ALWAYS = ['AU', 'NZ'];
  const others = countries.filter((country) => !ALWAYS.includes(country));
  expect(others.length).toBeGreaterThan(0);
  expect(Object.keys(sizes.mobiles).filter((country) => !ALWAYS.includes(country))).toEqual([...others].sort());
  for (const [country, weight] of Object.entries(sizes.mobiles)) {
    expect(weight.files, country).toEqual([expect.stringMatching(new RegExp(`(^|/)${MOBILES_CHUNK}-${country}-[0-9a-f]+\\.js$`))]);
    expect(weight.gzip, `${country}: ${weight.files.join(', ')}`).toBeLessThanOrEqual(MOBILES_BUDGET_GZIP);
    // What the bundler may leave for Australia or New Zealand holds no metadata: it only points back to the phone check.
    if (ALWAYS.includes(country))
      expect(readFileSync(join('build/coral', weight.files[0]!), 'utf8'), country).not.toContain('country_calling_codes');
  }
  // Weighed apart: no other weight carries a country's metadata.
  const weighed = [sizes.first, sizes.published, sizes.visits, ...Object.values(sizes.components), ...Object.values(sizes.firstForms)];
  expect(weighed.flatMap((weight) => weight.files).filter((file) => new RegExp(`(^|/)${MOBILES_CHUNK}-`).test(file))).toEqual([]);
});

test('the first script loads its elements with all they import in one file, not one request for each shared piece', () => {
  const {first} = embedSizes('build/coral');
  // The bundler's own few bytes of module helpers may stand apart; everything else the elements need comes in one file.
  const files = first.files.filter((file) => file !== 'coral.js' && !/(^|\/)rolldown-runtime-/.test(file));
  expect(files, first.files.join(', ')).toHaveLength(1);
});

test('coral.d.ts beside the script types the elements, setAmount() and the events for a page’s own TypeScript', () => {
  const dir = test.info().outputPath('types');
  mkdirSync(dir, {recursive: true});
  copyFileSync('build/coral/coral.d.ts', join(dir, 'coral.d.ts'));
  const check = (code: string) => {
    writeFileSync(join(dir, 'page.ts'), code);
    const program = ts.createProgram([join(dir, 'coral.d.ts'), join(dir, 'page.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  };
  expect(readFileSync('build/coral/coral.d.ts', 'utf8')).not.toMatch(/^import /m);
  expect(
    check(`
      const form = document.querySelector('coral-donate-form');
      form?.setAmount(25, 'monthly');
      document.addEventListener('coral:success', (event) => {
        const reference: string = event.detail.reference;
        console.log(reference, event.detail.campaign);
      });
      document.addEventListener('coral:handoff', (event) => console.log(event.detail.status === 'greeted'));
    `),
  ).toEqual([]);
  expect(check(`document.querySelector('coral-donate-form')?.setAmount('25', 'yearly');`).join('\n')).toMatch(/not assignable/);
  expect(
    readFileSync(
      `build/coral/${JSON.parse(readFileSync('build/coral/release.json', 'utf8')).script.replace('coral.js', 'coral.d.ts')}`,
      'utf8',
    ),
  ).toBe(readFileSync('build/coral/coral.d.ts', 'utf8'));
});

test('the first script carries none of the docs’ descriptions: they are for the docs pages, not supporters’ phones', () => {
  const {first} = embedSizes('build/coral');
  const code = first.files.map((file) => readFileSync(join('build/coral', file), 'utf8')).join('\n');
  const prose = documentation();
  expect(prose.length).toBeGreaterThan(100);
  const shipped = prose.filter((text) => spellings(text).some((spelling) => code.includes(spelling)));
  expect(shipped, `descriptions in ${first.files.join(', ')}`).toEqual([]);
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
    await expect(thanks).toContainText('campaign: got "Save The Reef!"; expected 2 to 64 characters: letters, digits and dashes');
    await expect(thanks).toContainText('photo: got (missing); required with variant "photography"');
    expect(messages.some((text) => text.includes('the thank-you config has 2 problems:'))).toBe(true);
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
    // A link shows it is the chosen one with aria-current: aria-pressed is for buttons.
    await expect(page.getByRole('link', {name: 'Give $75'})).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', {name: 'Give $75'})).not.toHaveAttribute('aria-pressed');
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

test('a donate form with a phone field loads the phone check only when that field is first used', async ({page}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const config = {campaign: 'save-the-reef', gateway: {type: 'sandbox'}, fields: {phone: 'optional'}};
  await page.goto(await servePage(page, '/campaign/phone.html', `${EMBED_SCRIPT}${elementTag('coral-donate-form', 'donate', config)}`));
  await elementsRendered(page);
  const form = page.locator('coral-donate-form').getByRole('form');
  await fillDonor(form);
  await page.waitForLoadState('networkidle');
  const phoneChunk = /\/coral\/chunks\/phone-[\w-]+\.js$/;
  expect(scripts.some((path) => /\/chunks\/donate-form-/.test(path))).toBe(true);
  expect(scripts.filter((path) => phoneChunk.test(path))).toEqual([]);
  await form.getByLabel('Mobile (optional)').focus();
  await expect.poll(() => scripts.filter((path) => phoneChunk.test(path)).length).toBe(1);
  // A form of one country (no `countries` in its config) loads no more phone metadata than before the Pacific's: the
  // mobiles it takes, Australia's and New Zealand's, come with the phone check, and no other country's chunk is fetched.
  await form.getByLabel('Mobile (optional)').fill('0412 345 678');
  await form.getByLabel('Mobile (optional)').blur();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/chunks\/mobiles-/.test(path))).toEqual([]);
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

  // Each page is measured once the sandbox's test fields, which load on demand, are in the form.
  const fieldsArrived = () => expect(page.locator('coral-donate-form').getByLabel('Card number')).toBeVisible();

  await page.goto(await servePage(page, '/campaign/root-16.html', elements));
  await elementsRendered(page);
  await fieldsArrived();
  const plain = await measure();
  // The common "62.5%" trick makes 1rem 10 px on the page; a form built on the page's rem would shrink by more than a third.
  await page.goto(
    await servePage(page, '/campaign/root-10.html', `<style>html { font-size: 62.5%; } body { font-size: 1.6rem; }</style>${elements}`),
  );
  await elementsRendered(page);
  await fieldsArrived();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
  const shrunk = await measure();

  expect(plain.length).toBeGreaterThan(100);
  expect(shrunk).toEqual(plain);
});

test('the sandbox’s test fields load in a room their own height, so nothing below them moves when they arrive', async ({page}) => {
  test.setTimeout(120_000);
  /** The room, or the fields that took its place: their height, and where what follows the payment step begins. */
  const measure = () =>
    page.evaluate(() => {
      const section = document.querySelector('coral-donate-form')!.shadowRoot!.querySelector('[data-step="payment"]')!;
      const parts = [...section.children].slice(1);
      const height = parts.at(-1)!.getBoundingClientRect().bottom - parts[0]!.getBoundingClientRect().top;
      return {
        height,
        below: section.nextElementSibling!.getBoundingClientRect().top,
        waiting: section.querySelector('[aria-busy]') !== null,
      };
    });
  const forms = {
    'card only': {campaign: 'save-the-reef'},
    'card or bank': {campaign: 'save-the-reef', frequencies: ['monthly', 'one-off'], directDebit: true},
  };
  for (const size of ['small', 'medium', 'large']) {
    for (const [ways, form] of Object.entries(forms)) {
      for (const root of [16, 10]) {
        for (const width of [320, 390, 800, 1280]) {
          const name = `${size} form, ${ways}, ${width} px wide, root font size ${root} px`;
          await page.setViewportSize({width, height: 900});
          // The fields' code is held back until the room is measured.
          let arrive = () => {};
          const held = new Promise<void>((resolve) => (arrive = resolve));
          await page.unrouteAll();
          await page.route(/\/chunks\/later-[\w-]+\.js$/, async (route) => {
            await held;
            await route.continue();
          });
          const style = root === 10 ? '<style>html { font-size: 62.5%; } body { font-size: 1.6rem; }</style>' : '';
          const config = {...form, size};
          await page.goto(
            await servePage(
              page,
              `/campaign/room-${size}-${width}-${root}.html`,
              style + EMBED_SCRIPT + elementTag('coral-donate-form', 'donate', config),
            ),
          );
          await elementsRendered(page);
          const donate = page.locator('coral-donate-form');
          if (size === 'small') await donate.getByRole('button', {name: /^Donate/}).click();
          await expect(donate.getByText('The secure payment fields are still loading.')).toBeVisible();
          const room = await measure();
          expect(room.waiting, name).toBe(true);
          arrive();
          await expect(donate.getByLabel('Card number')).toBeVisible();
          const fields = await measure();
          expect(fields.waiting, name).toBe(false);
          expect(room.height, name).toBe(fields.height);
          expect(room.below, name).toBe(fields.below);
        }
      }
    }
  }
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
  // The current release's own address, pinned with its integrity hash: what a payment page should paste.
  const release = JSON.parse(readFileSync('build/coral/release.json', 'utf8')) as {script: string; integrity: string};
  expect(snippet).toContain(
    `<script defer src="https://greenpeace.github.io/gpap-coral/coral/${release.script}" integrity="${release.integrity}" crossorigin="anonymous"></script>`,
  );
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
