import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

test('the table of contents lists h2 and h3 headings only', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await openHydrated(page, url('/docs/mdx'));
  const toc = page.locator('.table-of-contents').first();
  await expect(toc.getByRole('link', {name: 'Where files go'})).toBeVisible(); // h2
  await expect(toc.getByRole('link', {name: 'Front matter'})).toBeVisible(); // h3
  await expect(page.getByRole('heading', {level: 4, name: 'An example of a fourth-level heading'})).toBeVisible();
  await expect(toc.getByRole('link', {name: 'An example of a fourth-level heading'})).toHaveCount(0);
});

test('a blog post shows its reading time', async ({page}) => {
  await openHydrated(page, url('/blog/launch'));
  await expect(page.locator('article header').getByText(/\d+ min read/)).toBeVisible();
});

test('the blog sidebar groups posts by year', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await openHydrated(page, url('/blog'));
  const sidebar = page.getByRole('navigation', {name: 'Blog posts by year'});
  await expect(sidebar.getByRole('heading', {name: '2026'})).toBeVisible();
  await expect(sidebar.getByRole('heading', {name: '2025'})).toBeVisible();
  const years = await sidebar.getByRole('heading').allTextContents();
  expect(years.filter((text) => /^\d{4}$/.test(text))).toEqual(['2026', '2025']);
});

test('every landmark of a blog post has a name, the sidebar included', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await openHydrated(page, url('/blog/launch'));
  await expect(page.getByRole('complementary', {name: 'Blog posts'})).toBeVisible();
  await expect(page.getByRole('complementary', {name: 'On this page'})).toBeVisible();
  // The page's own landmarks: one main, one banner, one contentinfo; every aside and nav is named.
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('aside, nav, [role="complementary"], [role="navigation"], [role="region"]')]
      .filter((element) => !element.getAttribute('aria-label')?.trim() && !element.getAttribute('aria-labelledby'))
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);
});

test('the mdx guide runs its live React example', async ({page}) => {
  await openHydrated(page, url('/docs/mdx'));
  await expect(page.getByText('12,430 of 20,000 signatures')).toBeVisible();
  await page.getByRole('button', {name: 'Add a signature'}).click();
  await expect(page.getByText('12,431 of 20,000 signatures')).toBeVisible();
});

test('offline search finds a word that appears in one doc only', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await openHydrated(page, url('/docs/intro'));
  const box = page.getByRole('navigation', {name: 'Main'}).getByPlaceholder('Search');
  await box.fill('admonitions');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Writing pages in MDX');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/gpap-coral\/docs\/mdx#admonitions$/);
  await expect(page.getByRole('heading', {level: 2, name: /Admonitions/})).toBeVisible();
});

test('the search results page lists matches from the built index', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await openHydrated(page, url('/search?q=daisychain'));
  await expect(page.getByText(/^[1-9]\d* documents? found$/)).toBeVisible();
  const hit = page.getByRole('article').getByRole('link', {name: 'Daisychain', exact: true});
  await expect(hit).toHaveAttribute('href', /\/gpap-coral\/docs\/doc1#daisychain$/);
});
