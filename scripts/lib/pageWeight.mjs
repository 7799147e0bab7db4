/**
 * What a reader downloads to open a page: every JS and CSS file the browser
 * fetches until the page has hydrated and the network is quiet (route chunks
 * included, not only the <script> tags), raw and gzip-compressed.
 */
import {gzipSync} from 'node:zlib';

export async function measurePage(browser, pageUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      files.set(response.url(), {type, raw: body.length, gzip: gzipSync(body).length});
    } catch {
      // A response without a body (a redirect) weighs nothing.
    }
  });
  await page.goto(pageUrl, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');
  await context.close();
  const sum = (type, key) => [...files.values()].filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
  return {
    files: [...files.entries()].map(([url, f]) => ({url, ...f})),
    js: {raw: sum('script', 'raw'), gzip: sum('script', 'gzip'), count: [...files.values()].filter((f) => f.type === 'script').length},
    css: {raw: sum('stylesheet', 'raw'), gzip: sum('stylesheet', 'gzip')},
  };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
