/** The powerform's bar towards the goal, as drawn: its fill's width against its track's, on the site and in the embed. */
import type {Locator} from '@playwright/test';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

/** How much of the track the fill covers once drawn, as a percentage of the track's inner width. */
async function drawnPercent(bar: Locator): Promise<number> {
  // The fill grows into place with a transition; the drawn width is read once it has stopped moving.
  await bar.evaluate((track) => Promise.all(track.getAnimations({subtree: true}).map((animation) => animation.finished)));
  return bar.evaluate((track) => {
    const fill = track.firstElementChild!;
    return (fill.getBoundingClientRect().width / track.clientWidth) * 100;
  });
}

for (const {count, goal, percent, name} of [
  {count: 48_317, goal: 75_000, percent: 64, name: '48,317 of 75,000 signatures'},
  {count: 10, goal: 1_000, percent: 1, name: '10 of 1,000 signatures'},
]) {
  test(`the embedded powerform draws its bar ${percent} % full at ${name}`, async ({page}) => {
    const config = {campaign: 'ban-deep-sea-mining', counter: {count, goal}};
    await page.goto(
      await servePage(page, `/campaign/counter-${count}.html`, EMBED_SCRIPT + elementTag('coral-powerform', 'petition', config)),
    );
    await elementsRendered(page);
    const bar = page.locator('coral-powerform').getByRole('progressbar', {name});
    await expect(bar).toHaveAttribute('aria-valuenow', String(count));
    expect(Math.abs((await drawnPercent(bar)) - percent)).toBeLessThanOrEqual(1);
  });
}

test('the powerform on the site draws its bar 64 % full at 48,317 of 75,000', async ({page}) => {
  await openHydrated(page, url('/demos/powerform'));
  const bar = page.locator('#petition').getByRole('progressbar', {name: '48,317 of 75,000 signatures'});
  expect(Math.abs((await drawnPercent(bar)) - 64)).toBeLessThanOrEqual(1);
});
