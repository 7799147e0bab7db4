/**
 * How tall each demo's form stands on a phone: the height of its `<form>` at
 * 390 px wide (an iPhone 12 to 15), after hydration, in CSS pixels, and how
 * far down the first chosen amount sits. A shorter form scrolls less to the
 * button that sends it.
 */
import {FORM_DEMOS} from './demos.mjs';

export const PHONE = {width: 390, height: 844};

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @returns {Promise<Record<string, Record<string, number | string>>>}
 */
export async function formHeights(browser, origin, base = '/gpap-coral') {
  const context = await browser.newContext({viewport: PHONE, deviceScaleFactor: 1});
  const page = await context.newPage();
  /** @type {Record<string, Record<string, number | string>>} */
  const rows = {};
  try {
    for (const route of FORM_DEMOS) {
      await page.goto(origin + base + route, {waitUntil: 'networkidle'});
      await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
      const form = page.locator('form[part="form"]').first();
      await form.waitFor();
      const measured = await form.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const label = element.querySelector('[part="handle"][data-selected]');
        return {
          height: Math.round(box.height),
          top: Math.round(box.top + window.scrollY),
          chosenBottom: label ? Math.round(label.getBoundingClientRect().bottom + window.scrollY) : null,
        };
      });
      rows[route.replace('/demos/', '')] = {
        'form height (px)': measured.height,
        'form top (px)': measured.top,
        'chosen amount ends at (px)': measured.chosenBottom ?? '–',
      };
    }
  } finally {
    await context.close();
  }
  return rows;
}
