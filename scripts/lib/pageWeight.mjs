/**
 * What a reader downloads to open a page: every JS and CSS file the browser
 * fetches until the page has hydrated and the network is quiet (route chunks
 * included, not only the <script> tags), raw and gzip-compressed.
 */
import {gzipSync} from 'node:zlib';

/** What shows once a demo's form has rendered: its code loads after hydration. */
export const FORM_SHOWN = 'form button[type="submit"]';

/** `ready`, a CSS selector, names what must show before the page counts as loaded (a demo's form, whose code comes after hydration). */
/**
 * @typedef {{type: 'script' | 'stylesheet', raw: number, gzip: number}} FileWeight
 * @param {import('playwright-core').Browser} browser
 * @param {string} pageUrl
 * @param {{ready?: string}} [options]
 */
export async function measurePage(browser, pageUrl, {ready} = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Each body is read as its response arrives and awaited before the context closes, so none is lost mid-read.
  /** @type {Promise<[string, FileWeight] | null>[]} */
  const reads = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    reads.push(
      response.body().then(
        (body) => [response.url(), {type, raw: body.length, gzip: gzipSync(body).length}],
        // A response without a body (a redirect) weighs nothing.
        () => null,
      ),
    );
  });
  await page.goto(pageUrl, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  if (ready) await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = new Map((await Promise.all(reads)).filter((entry) => entry !== null));
  await context.close();
  /**
   * @param {FileWeight['type']} type
   * @param {'raw' | 'gzip'} key
   */
  const sum = (type, key) => [...files.values()].filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
  return {
    files: [...files.entries()].map(([url, f]) => ({url, ...f})),
    js: {raw: sum('script', 'raw'), gzip: sum('script', 'gzip'), count: [...files.values()].filter((f) => f.type === 'script').length},
    css: {raw: sum('stylesheet', 'raw'), gzip: sum('stylesheet', 'gzip')},
  };
}

export const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
