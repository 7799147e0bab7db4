import type {Locator, Page} from '@playwright/test';
import {test, expect, openHydrated} from './fixtures';
import {LIVE_ROUTES, url} from './routes';

test.describe('colour mode', () => {
  test('cycles light → dark → system → light, stored under `theme`, and survives a reload', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await openHydrated(page, url('/docs/intro'));
    const html = page.locator('html');
    const toggle = page.locator('.navbar').getByRole('button', {name: /dark and light mode/i});
    const stored = () => page.evaluate(() => localStorage.getItem('theme'));

    // A first visit has made no choice, so it follows the system (light here).
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(html).toHaveAttribute('data-theme-choice', 'system');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'light');
    expect(await stored()).toBe('light');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await stored()).toBe('dark');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    expect(await stored()).toBeNull();
    // In system mode the page follows the operating system's preference.
    await page.emulateMedia({colorScheme: 'dark'});
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await stored()).toBe('light');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveAttribute('data-theme-choice', 'dark');
  });

  test('a stored dark choice is applied before first paint, with no flash of light', async ({page}) => {
    await page.goto(url('/hello'));
    await page.emulateMedia({colorScheme: 'light'});
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // Record every value data-theme takes from the very start of the next load.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as {seenThemes: typeof seen}).seenThemes = seen;
      const record = () => seen.push(document.documentElement.getAttribute('data-theme'));
      // The <html> element does not exist yet: watch the document for it and its attribute.
      new MutationObserver(record).observe(document, {attributes: true, attributeFilter: ['data-theme'], subtree: true});
      document.addEventListener('DOMContentLoaded', record);
    });
    await openHydrated(page, url('/docs/intro'));
    const seen = await page.evaluate(() => (window as unknown as {seenThemes: (string | null)[]}).seenThemes);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value === 'dark')).toBe(true);
  });
});

test.describe('announcement bar', () => {
  const bar = '.theme-announcement-bar';

  test('once dismissed it stays hidden after a reload', async ({page}) => {
    await openHydrated(page, url('/'));
    await expect(page.locator(bar)).toBeVisible();
    await expect(page.locator(bar).getByRole('link', {name: 'Read the launch post'})).toHaveAttribute('href', '/gpap-coral/blog/launch');
    await page.locator(bar).getByRole('button', {name: /close/i}).click();
    await expect(page.locator(bar)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    await page.reload();
    await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
    await expect(page.locator(bar)).toHaveCount(0);
  });

  test('a dismissal stored for another announcement id shows it again', async ({page}) => {
    await page.goto(url('/hello'));
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    });
    await openHydrated(page, url('/hello'));
    await expect(page.locator(bar)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('coral-launch-2026');
  });
});

test.describe('navbar', () => {
  test('below 996 px it collapses into a menu that opens and closes', async ({page}) => {
    await page.setViewportSize({width: 990, height: 800});
    await openHydrated(page, url('/docs/intro'));
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await expect(toggle).toBeVisible();
    await expect(page.locator('.navbar__items .navbar__link', {hasText: 'Blog'})).toBeHidden();
    await toggle.click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu.getByRole('link', {name: 'Blog'})).toBeVisible();
    await menu.getByRole('button', {name: /close navigation bar/i}).click();
    await expect(menu.getByRole('link', {name: 'Blog'})).toBeHidden();
  });

  test('at 1000 px the links show in the bar itself', async ({page}) => {
    await page.setViewportSize({width: 1000, height: 800});
    await openHydrated(page, url('/docs/intro'));
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    const nav = page.getByRole('navigation', {name: 'Main'});
    await expect(nav.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', '/gpap-coral/docs/intro');
    await expect(nav.getByRole('link', {name: 'Blog', exact: true})).toBeVisible();
    await expect(nav.getByRole('link', {name: /GitHub/})).toHaveAttribute('href', /github\.com/);
  });

  test('hides while scrolling down and returns near the top', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 600});
    await openHydrated(page, url('/docs/doc1'));
    const navbar = page.locator('nav.navbar');
    // A reader scrolls in steps; the bar hides once the page keeps moving down.
    for (let step = 0; step < 6; step += 1) {
      await page.mouse.wheel(0, 150);
      await page.waitForTimeout(50);
    }
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });
});

test.describe('at 320 px nothing scrolls sideways (WCAG 1.4.10)', () => {
  for (const route of LIVE_ROUTES) {
    test(route, async ({page}) => {
      await page.setViewportSize({width: 320, height: 700});
      await openHydrated(page, url(route));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test('the footer has the Docs, Community and More columns', async ({page}) => {
  await openHydrated(page, url('/'));
  const footer = page.locator('footer');
  for (const title of ['Docs', 'Community', 'More']) {
    await expect(footer.locator('.footer__title', {hasText: title})).toBeVisible();
  }
  await expect(footer.getByRole('link', {name: 'Coral Intro'})).toHaveAttribute('href', '/gpap-coral/docs/intro');
  await expect(footer.getByRole('link', {name: 'Donate Form Demos'})).toHaveAttribute('href', '/gpap-coral/docs/donate-form-demos');
  await expect(footer.getByRole('link', {name: 'Chat'})).toBeVisible();
  await expect(footer.getByRole('link', {name: 'Updates'})).toHaveAttribute('href', '/gpap-coral/blog');
  await expect(footer.getByRole('link', {name: 'Greenpeace Australia Pacific'})).toHaveAttribute('href', /greenpeace\.org\.au/);
  await expect(footer.getByRole('link', {name: 'GitHub'})).toHaveAttribute('href', /github\.com/);
});

/**
 * Opens a doc with the search index held back, as on a slow connection, and
 * tabs to the search box; `indexArrives` lets the index through and waits for it.
 */
async function tabToSearchWithIndexHeld(page: Page): Promise<{search: Locator; indexArrives: () => Promise<void>}> {
  await page.setViewportSize({width: 1280, height: 900});
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/search-index\.json/, async (route) => {
    await held;
    await route.continue();
  });
  await openHydrated(page, url('/docs/intro'));
  const search = page.getByRole('navigation', {name: 'Main'}).getByPlaceholder('Search');
  for (let i = 0; i < 30 && !(await search.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(search).toBeFocused();
  const indexArrives = async () => {
    const loaded = page.waitForResponse(/search-index\.json/);
    release();
    await loaded;
  };
  return {search, indexArrives};
}

test('tabbing past the search box keeps focus moving when the search index arrives', async ({page}) => {
  const {search, indexArrives} = await tabToSearchWithIndexHeld(page);
  await page.keyboard.press('Tab');
  await indexArrives();
  // The plugin refocuses its box a moment after the index loads; give it that moment.
  await page.waitForTimeout(500);
  await expect(search).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
});

test('a reader who tabs to the search box and types at once keeps typing into it while the index arrives', async ({page}) => {
  const {search, indexArrives} = await tabToSearchWithIndexHeld(page);
  await page.keyboard.type('daisy');
  await indexArrives();
  // The plugin rebuilds the box's markup once the index is in; the reader types on meanwhile.
  await expect(page.locator('[role="listbox"], .aa-dropdown-menu').first()).toBeAttached();
  await page.keyboard.type('chain');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('daisychain');
});

test.describe('donate forms on a phone, 390 × 844', () => {
  test.use({viewport: {width: 390, height: 844}});

  /** The distinct line boxes an element's text takes. */
  const lineCount = (element: Element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  };

  test("keeps each handle's label on one line, and leaves no frequency alone on a row", async ({page}) => {
    await openHydrated(page, url('/demos/donate-form-weekly'));
    const form = page.locator('form#donate');
    const labels = form.locator('[part="handle"] > span');
    await expect(labels).toHaveText(['$4 a week', '$8 a week', '$15 a week']);
    for (const label of await labels.all()) expect(await label.evaluate(lineCount)).toBe(1);
    const rows = await form
      .locator('[part="frequencies"] > label')
      .evaluateAll((segments) => segments.map((segment) => Math.round(segment.getBoundingClientRect().top)));
    expect(rows).toHaveLength(3);
    const perRow = [...new Set(rows)].map((top) => rows.filter((other) => other === top).length);
    expect(perRow.every((count) => count > 1)).toBe(true);
  });

  test("shows the large form's chosen amount without scrolling", async ({page}) => {
    await openHydrated(page, url('/demos/donate-form-large'));
    const chosen = page.locator('form#donate [part="handle"][data-selected]');
    await expect(chosen).toContainText('$90');
    const box = (await chosen.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  });

  test("sets the wizard's steps on one row, each number above its name", async ({page}) => {
    await openHydrated(page, url('/demos/donate-form-wizard'));
    const steps = page.locator('form#donate [part="steps"] > li');
    await expect(steps).toHaveCount(3);
    const boxes = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
  });
});
