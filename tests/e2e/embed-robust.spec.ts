/**
 * The embed on landing pages nobody here controls: pasted as any kind of
 * script tag, under a strict Content-Security-Policy, on a bad connection, and
 * driven by the page's own scripts.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {elementsRendered} from './embed';
import {test, expect, fillCard, fillDonor} from './fixtures';
import {BASE, url} from './routes';

const SCRIPT = `${BASE}/coral/coral.js`;
const CONFIG = JSON.stringify({campaign: 'save-the-reef', frequencies: ['one-off', 'monthly']});
const FORM = `<coral-donate-form id="give" fallback-url="https://www.example.org/donate" config='${CONFIG}'><a href="https://www.example.org/donate">Donate on our website</a></coral-donate-form>`;

/** Serves a page made of `head` and `body` on the test server's origin, with any response headers. */
async function landingPage(
  page: Page,
  path: string,
  {head = '', body, headers = {}}: {head?: string; body: string; headers?: Record<string, string>},
) {
  const address = new URL(path, test.info().project.use.baseURL).href;
  await page.route(address, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers,
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Campaign</title>${head}</head><body><h1>Save the reef</h1>${body}</body></html>`,
    }),
  );
  return address;
}

/** Gives $60 once through the sandbox: the form is there, styled enough to use, and works. */
async function give(page: Page) {
  const form = page.locator('coral-donate-form').getByRole('form');
  await fillDonor(form);
  await fillCard(form);
  await form.getByRole('button', {name: 'Give $60'}).click();
  await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
}

test.describe('any script tag works', () => {
  for (const [name, where, tag] of [
    ['classic with defer, in the head', 'head', `<script defer src="${SCRIPT}"></script>`],
    ['classic with async, in the body', 'body', `<script async src="${SCRIPT}"></script>`],
    ['classic, plain, after the element', 'end', `<script src="${SCRIPT}"></script>`],
    ['a module, in the head', 'head', `<script type="module" src="${SCRIPT}"></script>`],
    ['loaded twice, classic and module', 'head', `<script defer src="${SCRIPT}"></script><script type="module" src="${SCRIPT}"></script>`],
  ] as const) {
    test(name, async ({page}) => {
      const head = where === 'head' ? tag : '';
      const body = where === 'body' ? tag + FORM : where === 'end' ? FORM + tag : FORM;
      await page.goto(await landingPage(page, '/robust/tag.html', {head, body}));
      await elementsRendered(page);
      await give(page);
    });
  }
});

test.describe('a release’s own address, checked with Subresource Integrity', () => {
  const release = JSON.parse(readFileSync('build/coral/release.json', 'utf8')) as {version: string; script: string; integrity: string};
  const pinned = (integrity: string) =>
    `<script defer src="${BASE}/coral/${release.script}" integrity="${integrity}" crossorigin="anonymous"></script>`;

  test('the pinned script with its published hash runs, with the code it loads from the same release', async ({page}) => {
    expect(release.script).toBe(`v${release.version}/coral.js`);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(await landingPage(page, '/robust/pinned.html', {head: pinned(release.integrity), body: FORM}));
    await elementsRendered(page);
    await give(page);
    const code = loaded.filter((path) => path.endsWith('.js'));
    expect(code.length).toBeGreaterThan(1);
    for (const path of code) expect(path.startsWith(`${BASE}/coral/v${release.version}/`), path).toBe(true);
  });

  test('a script that does not match the hash never runs, and the element’s own content stays', async ({page, watch}) => {
    watch.expectedErrors.push(/Failed to find a valid digest in the 'integrity' attribute/);
    const wrong = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;
    await page.goto(await landingPage(page, '/robust/tampered.html', {head: pinned(wrong), body: FORM}));
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeVisible();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => customElements.get('coral-donate-form') === undefined)).toBe(true);
  });
});

test('under a strict Content-Security-Policy the form renders styled and takes a gift, with nothing blocked', async ({page}) => {
  const policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.warn(`CSP ${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on('console', (message) => {
    if (message.text().startsWith('CSP ')) violations.push(message.text());
  });
  await page.goto(
    await landingPage(page, '/robust/csp.html', {
      head: `<script defer src="${SCRIPT}"></script>`,
      body: FORM,
      headers: {'content-security-policy': policy},
    }),
  );
  await elementsRendered(page);
  const button = page.locator('coral-donate-form').getByRole('button', {name: 'Give $60'});
  // Styled: the accent colour from Coral's own stylesheet, not the browser's grey button.
  await expect(button).toHaveCSS('background-color', 'rgb(10, 100, 129)');
  await give(page);
  expect(violations).toEqual([]);
});

test.describe('on a bad connection', () => {
  test('the element’s own content shows until the form arrives, late, and then steps aside', async ({page}) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/coral\/chunks\/donate-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(await landingPage(page, '/robust/slow.html', {head: `<script defer src="${SCRIPT}"></script>`, body: FORM}));
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeVisible();
    // The element is defined and waiting for the form's code: its content still shows, and a page's setAmount() is kept.
    await page.waitForFunction(() => customElements.get('coral-donate-form') !== undefined);
    await page.evaluate(() => document.querySelector('coral-donate-form')!.setAmount(40, 'monthly'));
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeVisible();
    release();
    const form = page.locator('coral-donate-form').getByRole('form');
    await expect(form.getByRole('radio', {name: '$40'})).toBeChecked();
    await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeHidden();
  });

  test('a form whose code never arrives is tried three times, then says so, with a way to try again and to give elsewhere', async ({
    page,
    watch,
  }) => {
    watch.expectedErrors.push(/ERR_CONNECTION_RESET|Failed to fetch dynamically imported module/);
    let blocked = true;
    let tries = 0;
    await page.route(/\/coral\/chunks\/donate-form-[\w-]+\.js$/, (route) => {
      tries += 1;
      return blocked ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(await landingPage(page, '/robust/offline.html', {head: `<script defer src="${SCRIPT}"></script>`, body: FORM}));
    const element = page.locator('coral-donate-form');
    await expect(element.getByRole('alert')).toContainText('The donate form could not load. Check your connection and try again.');
    expect(tries).toBe(3);
    await expect(element.getByRole('link', {name: 'Continue on our website'})).toHaveAttribute('href', 'https://www.example.org/donate');
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeVisible();
    blocked = false;
    await element.getByRole('button', {name: 'Try again'}).click();
    await expect(element.getByRole('button', {name: 'Give $60'})).toBeVisible();
    await expect(page.getByRole('link', {name: 'Donate on our website'})).toBeHidden();
  });
});

test.describe('page scripts', () => {
  test('a config changed by a script re-renders from a state that fits it, and the new choice works', async ({page}) => {
    await page.goto(await landingPage(page, '/robust/script.html', {head: `<script defer src="${SCRIPT}"></script>`, body: FORM}));
    await elementsRendered(page);
    await page.evaluate(() => {
      const element = document.querySelector('coral-donate-form')!;
      const config = JSON.parse(element.getAttribute('config')!) as {frequencies: string[]};
      element.setAttribute('config', JSON.stringify({...config, frequencies: [...config.frequencies, 'weekly']}));
    });
    const form = page.locator('coral-donate-form').getByRole('form');
    await form.getByRole('radio', {name: 'Weekly'}).check();
    await fillDonor(form);
    await fillCard(form);
    await form.getByRole('button', {name: /^Give \$\d+ weekly$/}).click();
    await expect(page.locator('coral-donate-form').getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  });

  test('an element removed and added again renders again and works', async ({page}) => {
    await page.goto(
      await landingPage(page, '/robust/move.html', {head: `<script defer src="${SCRIPT}"></script>`, body: `<main></main>${FORM}`}),
    );
    await elementsRendered(page);
    await page.evaluate(() => {
      const element = document.querySelector('coral-donate-form')!;
      element.remove();
      document.querySelector('main')!.append(element);
    });
    await elementsRendered(page);
    await give(page);
  });
});

test.describe('colour mode on a page that marks none', () => {
  test.use({colorScheme: 'dark'});
  const surface = (page: Page, id: string) =>
    page
      .locator(`#${id}`)
      .getByRole('form')
      .evaluate((form) => getComputedStyle(form).backgroundColor);

  test('"auto" is light on a light landing page, whatever the phone is set to; "system" follows the phone', async ({page}) => {
    const config = (theme: string) => JSON.stringify({campaign: 'save-the-reef', theme});
    const body = `<coral-donate-form id="auto" config='${config('auto')}'></coral-donate-form><coral-donate-form id="system" config='${config('system')}'></coral-donate-form>`;
    await page.goto(await landingPage(page, '/robust/modes.html', {head: `<script defer src="${SCRIPT}"></script>`, body}));
    await elementsRendered(page);
    expect(await surface(page, 'auto')).toBe('rgb(255, 255, 255)');
    expect(await surface(page, 'system')).toBe('rgb(31, 42, 48)');
    // A page that marks its own dark mode gets it with "auto".
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(() => surface(page, 'auto')).toBe('rgb(31, 42, 48)');
  });
});

test('an optional field is named with a space before "(optional)", on the site and in the embed', async ({page}) => {
  await page.goto(url('/demos/donate-form-medium'));
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await expect(page.locator('form#donate').getByRole('textbox', {name: 'Mobile (optional)', exact: true})).toHaveCount(1);
  const config = JSON.stringify({campaign: 'save-the-reef', fields: {phone: 'optional'}});
  await page.goto(
    await landingPage(page, '/robust/names.html', {
      head: `<script defer src="${SCRIPT}"></script>`,
      body: `<coral-donate-form config='${config}'></coral-donate-form>`,
    }),
  );
  await elementsRendered(page);
  await expect(page.locator('coral-donate-form').getByRole('textbox', {name: 'Mobile (optional)', exact: true})).toHaveCount(1);
});
