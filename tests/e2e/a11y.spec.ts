import AxeBuilder from '@axe-core/playwright';
import {test, expect, openHydrated} from './fixtures';
import {LIVE_ROUTES, url} from './routes';

for (const mode of ['light', 'dark'] as const) {
  test.describe(`axe in ${mode} mode`, () => {
    for (const route of LIVE_ROUTES) {
      test(`${route} has no serious or critical violation`, async ({page}) => {
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        await openHydrated(page, url(route));
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const results = await new AxeBuilder({page}).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
      });
    }
  });
}
