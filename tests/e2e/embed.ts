/** What the embed's browser tests share: pages built around the elements, and waiting for the elements to render. */
import type {Page} from '@playwright/test';
import {test} from './fixtures';
import {BASE, url} from './routes';

/** Waits until every Coral element on the page has rendered its component. */
export async function elementsRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')];
    return elements.length > 0 && elements.every((element) => element.shadowRoot?.querySelector('.coral-root > *'));
  });
}

/** Opens a fixture and waits until its elements have rendered. */
export async function openFixture(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await elementsRendered(page);
}

/**
 * Serves a page with `body` at `path` on the test server's own origin, whatever query string it is opened with, and
 * returns its address. (Chromium keeps pages of other origins from loading scripts from a loopback address.)
 */
export async function servePage(page: Page, path: string, body: string): Promise<string> {
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
export const EMBED_SCRIPT = `<script type="module" src="${BASE}/coral/coral.js"></script>`;

/** One Coral element with its config as an attribute. */
export const elementTag = (tag: string, id: string, config: unknown) => `<${tag} id="${id}" config='${JSON.stringify(config)}'></${tag}>`;
