/** Browsers whose storage throws (blocked cookies, some private modes) or holds garbage: the site and the forms still work. */
import type {Page} from '@playwright/test';
import {test, expect, openHydrated, fillCard, fillDonor} from './fixtures';
import {url} from './routes';

/** Every Storage method throws, as in a browser that blocks site data. */
const blockStorage = (page: Page) =>
  page.addInitScript(() => {
    for (const name of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
      Object.defineProperty(Storage.prototype, name, {
        configurable: true,
        value() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });

const toggle = (page: Page) => page.getByRole('button', {name: /Switch between dark and light mode/});

/** The toggle cycles system → light → dark: two presses from the start reach dark. */
async function switchToDark(page: Page): Promise<void> {
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test.describe('storage that throws', () => {
  test.beforeEach(async ({page, watch}) => {
    // Docusaurus reports each refused read or write; that is expected here, and nothing else may fail.
    watch.expectedErrors.push(/^Docusaurus storage error/);
    await blockStorage(page);
  });

  test('the colour mode still switches, and the announcement bar still closes', async ({page}) => {
    await openHydrated(page, url('/'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await switchToDark(page);
    await page.locator('.theme-announcement-bar').getByRole('button', {name: /close/i}).click();
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  });

  test('a gift still goes through on a demo', async ({page}) => {
    await openHydrated(page, url('/demos/donate-form-medium'));
    const form = page.locator('form#donate');
    await fillDonor(form);
    await fillCard(form);
    await form.getByRole('button', {name: 'Give $60'}).click();
    await expect(form.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  });

  test('the daisychain falls back to the plain ask, and page 1 still signs', async ({page}) => {
    await page.addInitScript(() => {
      document.addEventListener('coral:handoff', (event) => {
        (window as unknown as {handoff: string}).handoff = (event as CustomEvent<{status: string}>).detail.status;
      });
    });
    await openHydrated(page, url('/demos/daisychain-page-1'));
    const petition = page.locator('form#petition');
    await petition.getByLabel('First name', {exact: true}).fill('Mere');
    await petition.getByLabel('Email', {exact: true}).fill('mere@example.org');
    await petition.getByLabel('Postcode', {exact: true}).fill('2000');
    await petition.getByRole('button', {name: 'Sign now'}).click();
    await expect(page).toHaveURL(/\/demos\/daisychain-page-2$/);
    await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
    await expect(page.locator('form#donate').getByRole('heading', {name: 'Make a donation'})).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as {handoff?: string}).handoff)).toBe('unavailable');
  });
});

test.describe('storage holding garbage', () => {
  test('an unknown colour mode and announcement keys give the defaults', async ({page}) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('theme', '"><script>window.__coralXss=1</script>');
      localStorage.setItem('docusaurus.announcement.dismiss', '{not json');
      localStorage.setItem('docusaurus.announcement.id', '\u202e\u0000');
    });
    await openHydrated(page, url('/'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await switchToDark(page);
    expect(await page.evaluate(() => (window as unknown as {__coralXss?: number}).__coralXss)).toBeUndefined();
  });

  test('a hand-off of the wrong shape is dropped and page 2 shows the plain ask', async ({page}) => {
    await page.addInitScript(() =>
      sessionStorage.setItem(
        'coral.handoff.supporter',
        JSON.stringify({version: 1, expiresAt: Date.now() + 60_000, data: {firstName: '<img src=x onerror=alert(1)>', campaign: 7}}),
      ),
    );
    await openHydrated(page, url('/demos/daisychain-page-2'));
    await expect(page.locator('form#donate').getByRole('heading', {name: 'Make a donation'})).toBeVisible();
    await expect(page.locator('form#donate').getByLabel('First name', {exact: true})).toHaveValue('');
  });
});
