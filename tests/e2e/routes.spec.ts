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

test.describe('the docs root leads to the introduction', () => {
  for (const path of ['/docs', '/docs.html', '/docs/index.html']) {
    test(`from ${path}`, async ({page}) => {
      await page.goto(url(path));
      await expect(page).toHaveURL(/\/gpap-coral\/docs\/intro$/);
      await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Coral'})).toBeVisible();
    });
  }

  test('as a whole page, for a reader whose browser does not follow the refresh', async ({request}) => {
    for (const path of ['/docs', '/docs/index.html']) {
      const html = await (await request.get(url(path))).text();
      expect(html).toMatch(/<html lang="en">/);
      expect(html).toMatch(/<title>Introduction to Coral \| Coral<\/title>/);
      expect(html).toMatch(/<body>[\s\S]*<a href="\/gpap-coral\/docs\/intro">/);
    }
  });
});

test('every route answers at its .html and /index.html addresses with its own page, as GitHub Pages serves it', async ({request}) => {
  for (const route of LIVE_ROUTES.filter((route) => route !== '/')) {
    const clean = await request.get(url(route));
    expect(clean.status(), route).toBe(200);
    const page = await clean.text();
    for (const form of [`${route}.html`, `${route}/index.html`]) {
      const answer = await request.get(url(form));
      expect(answer.status(), form).toBe(200);
      expect(await answer.text(), form).toBe(page);
    }
  }
});

test.describe('.html, /index.html and trailing-slash addresses show the clean page without a hydration error', () => {
  for (const [path, clean, heading] of [
    ['/gpap-coral/docs/intro.html', '/gpap-coral/docs/intro', 'Introduction to Coral'],
    ['/gpap-coral/index.html', '/gpap-coral/', 'Coral'],
    ['/gpap-coral/blog/launch.html', '/gpap-coral/blog/launch', 'Coral has a home'],
    ['/gpap-coral/blog/index.html', '/gpap-coral/blog', 'Blog'],
    ['/gpap-coral/hello/index.html', '/gpap-coral/hello', 'Hello from Coral'],
    ['/gpap-coral/blog/launch/index.html', '/gpap-coral/blog/launch', 'Coral has a home'],
    ['/gpap-coral/blog/tags/react/index.html', '/gpap-coral/blog/tags/react', 'One post tagged with "React"'],
    ['/gpap-coral/demos/donate-form-medium/index.html', '/gpap-coral/demos/donate-form-medium', 'Donate form: medium'],
    ['/gpap-coral/docs/intro/', '/gpap-coral/docs/intro', 'Introduction to Coral'],
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
