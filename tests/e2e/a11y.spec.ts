import AxeBuilder from '@axe-core/playwright';
import {test, expect, openHydrated} from './fixtures';
import {LIVE_ROUTES, url} from './routes';

const WIDTHS = [390, 1280] as const;

const shotName = (route: string, mode: string, width: number): string =>
  `test-results/screenshots/${route === '/' ? 'home' : route.slice(1).replaceAll('/', '__')}.${mode}.${width}.png`;

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    for (const route of LIVE_ROUTES) {
      test(`${route}: axe finds no violation at all; screenshots kept`, async ({page}) => {
        // Axe over a whole page and a full-page screenshot at two widths: the config reference, the longest page, takes
        // most of a minute of its own on two cores.
        test.slow();
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        await page.setViewportSize({width: 1280, height: 900});
        await openHydrated(page, url(route));
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const results = await new AxeBuilder({page}).analyze();
        const violations = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
        expect(violations).toEqual([]);

        for (const width of WIDTHS) {
          await page.setViewportSize({width, height: 900});
          await page.screenshot({path: shotName(route, mode, width), fullPage: true});
        }
      });
    }
  });
}
