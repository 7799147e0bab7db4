/**
 * Size budgets, held on the production build. Sizes are deterministic (the
 * same build gives the same bytes), so they are tested; times are not, and
 * live in `npm run bench`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {FORM_SHOWN, measurePage} from '../../scripts/lib/pageWeight.mjs';
import {dailyOneWeek} from '../../src/coral/donate-form/examples/daily';
import {documentation, spellings} from './docsText';
import type {Page} from '@playwright/test';
import {expect, openHydrated, test} from './fixtures';
import {url} from './routes';

const KB = 1024;
/** A stock Docusaurus 3.10 classic home page with faster mode loads about this much JS, gzipped. */
const STOCK_HOME_JS_GZIP = 172 * KB;
/** What a demo page may add to a doc page: the component's code, gzipped. */
const DEMO_EXTRA_JS_GZIP = 40 * KB;

/**
 * Strings only the component library holds: a form's events, the shared URL
 * parameter and config error messages, the hand-off's storage key, and the
 * schema package's global registry.
 */
const LIBRARY_MARKERS = [
  'coral:amount-change',
  'Coral: ignored URL parameter',
  'cannot be shown: its config has',
  'coral.handoff.supporter',
  '__zod_globalRegistry',
];

/** Of those, what a demo with a right config loads at once: a wrong config's explanation and the hand-off come only when needed. */
const LOADED_BY_A_DEMO = ['coral:amount-change', 'Coral: ignored URL parameter', '__zod_globalRegistry'];

/**
 * Opens the medium donate form's demo and waits for its form: the component's
 * code loads after hydration, which a busy machine can start more than the
 * network-idle window after the page's own scripts.
 */
async function openDemo(page: Page): Promise<void> {
  await page.goto(url('/demos/donate-form-medium'), {waitUntil: 'networkidle'});
  await expect(page.getByRole('button', {name: /^Give/})).toBeVisible();
}

test('the home page loads no more JS than a stock Docusaurus home page', async ({browser, baseURL}) => {
  const home = await measurePage(browser, baseURL + url('/'));
  expect(home.js.gzip).toBeLessThanOrEqual(STOCK_HOME_JS_GZIP);
});

test('a demo page loads at most 40 KB gzip of JS more than a doc page', async ({browser, baseURL}) => {
  const doc = await measurePage(browser, baseURL + url('/docs/intro'));
  const demo = await measurePage(browser, baseURL + url('/demos/donate-form-medium'), {ready: FORM_SHOWN});
  expect(demo.js.gzip - doc.js.gzip).toBeLessThanOrEqual(DEMO_EXTRA_JS_GZIP);
  expect(demo.js.gzip).toBeGreaterThan(doc.js.gzip);
});

test('the component library is never in the main bundle, nor loaded by pages that show no component', async ({page}) => {
  const dir = 'build/assets/js';
  const main = readdirSync(dir).filter((file) => /^(main|runtime~main)\.[\w]+\.js$/.test(file));
  expect(main.length).toBeGreaterThanOrEqual(1);
  for (const file of main) {
    const code = readFileSync(join(dir, file), 'utf8');
    for (const marker of LIBRARY_MARKERS) expect(code.includes(marker), `${file} holds "${marker}"`).toBe(false);
  }

  // Each script is kept as it arrives; its body is read after the page has loaded, so none is missed while still being read.
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.text());
  });
  // A doc, a blog post, and the authors' guide with its code blocks and live example.
  for (const route of ['/docs/intro', '/blog/launch', '/docs/mdx']) {
    scripts.clear();
    // Hydrated first: a page's own chunks are asked for only once the main bundle has run, which on a busy machine
    // can come after the network has been idle for a while.
    await openHydrated(page, url(route));
    await page.waitForLoadState('networkidle');
    expect(scripts.size, route).toBeGreaterThan(2);
    for (const [file, body] of scripts) {
      const code = await body;
      for (const marker of LIBRARY_MARKERS) expect(code.includes(marker), `${route} loads ${file}, which holds "${marker}"`).toBe(false);
    }
  }

  // A demo does load it, so the markers above would be seen.
  scripts.clear();
  await openDemo(page);
  const demoCode = (await Promise.all(scripts.values())).join('\n');
  for (const marker of LOADED_BY_A_DEMO) expect(demoCode.includes(marker), `the demo loads no script holding "${marker}"`).toBe(true);
});

test('a demo page carries neither the docs’ descriptions nor the other demos’ examples', async ({page}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await openDemo(page);
  const code = (await Promise.all(scripts)).join('\n');
  expect(code).toContain('coral:amount-change');
  const prose = documentation();
  expect(prose.length).toBeGreaterThan(100);
  expect(prose.filter((text) => spellings(text).some((spelling) => code.includes(spelling)))).toEqual([]);
  expect(code).not.toContain(dailyOneWeek.campaign);
});
