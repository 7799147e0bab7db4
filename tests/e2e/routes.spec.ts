import {test, expect, openHydrated} from './fixtures';
import {LIVE_ROUTES, url} from './routes';

test.describe('every live route', () => {
  for (const route of LIVE_ROUTES) {
    test(`${route} renders and hydrates`, async ({page}) => {
      const response = await page.goto(url(route));
      expect(response?.status()).toBe(200);
      await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
      await expect(page).toHaveTitle(/Coral/);
      await expect(page.locator('main').first()).not.toBeEmpty();
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
    });
  }
});

test('an unknown path shows the not-found page', async ({page, watch}) => {
  watch.expectedMissing.add(url('/no/such/page'));
  const response = await page.goto(url('/no/such/page'));
  expect(response?.status()).toBe(404);
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
});

test('the docs root leads to the introduction', async ({page}) => {
  await page.goto(url('/docs'));
  await expect(page).toHaveURL(/\/gpap-coral\/docs\/intro$/);
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Coral'})).toBeVisible();
});

test.describe('.html paths show the clean page without a hydration error', () => {
  for (const [path, clean, heading] of [
    ['/gpap-coral/docs/intro.html', '/gpap-coral/docs/intro', 'Introduction to Coral'],
    ['/gpap-coral/index.html', '/gpap-coral/', 'Coral'],
    ['/gpap-coral/blog/launch.html', '/gpap-coral/blog/launch', 'Coral has a home'],
  ] as const) {
    test(path, async ({page}) => {
      await openHydrated(page, path);
      expect(new URL(page.url()).pathname).toBe(clean);
      await expect(page.getByRole('heading', {level: 1, name: heading})).toBeVisible();
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      // A client-side navigation afterwards still works.
      await page.getByRole('link', {name: 'Blog', exact: true}).first().click();
      await expect(page).toHaveURL(/\/gpap-coral\/blog$/);
    });
  }
});
