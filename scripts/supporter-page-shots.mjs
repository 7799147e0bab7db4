#!/usr/bin/env node
/**
 * Screenshots of the supporter's page for the docs (docs/receipts-and-supporter-page.mdx): the form that asks for a
 * link, a supporter's page and the confirmation that forgets them, drawn by the endpoint's own
 * `server/supporterPage/pages.ts` from a sample view, at a phone's and a desktop's width, light and dark, as PNGs
 * under static/img/supporter-page/. A page whose whole length would make a large PNG is shot a screen at a time:
 * its top, and from the heading `more` names.
 *
 *   node scripts/supporter-page-shots.mjs
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';
import {chromium} from 'playwright-core';
import {CHROMIUM_FLAGS, findChromium} from './lib/chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'static', 'img', 'supporter-page');
/** A plain page's PNG stays under this; a longer page is shot a screen at a time. */
const MAX_BYTES = 150 * 1024;
const SIZES = [
  {size: 'phone', width: 390, height: 844},
  {size: 'desktop', width: 1000, height: 800},
];
const SCHEMES = /** @type {const} */ (['light', 'dark']);

/** @typedef {import('../server/supporterPage/pages')} Pages */

// jiti compiles the endpoint's TypeScript as it loads it, so the shots show the page exactly as the endpoint draws it.
/** @type {Pages} */
const pages = createJiti(fileURLToPath(import.meta.url), {interopDefault: true})('../server/supporterPage/pages.ts');

/** @type {import('../server/supporterPage/pages').PageLook} */
const look = {basePath: '', organisation: 'Reef Action Fund Ltd'};

// A supporter in Sydney's west who gives monthly and has given twice before, written as view.ts writes each value.
/** @type {import('../server/supporterPage/pages').SupporterView} */
const view = {
  email: 'losana.vakacegu@example.org',
  regular: [
    {
      reference: 'sub_1SXk4tLkdIwHu7ix0a2b3c4d',
      campaign: 'save-the-reef',
      amount: '$25 AUD a month',
      amountField: '25',
      currency: 'AUD',
      summary: 'Started 3 October 2026 · 2 payments',
      active: true,
      status: 'Active',
    },
  ],
  gifts: [
    {campaign: 'save-the-reef', kind: 'Monthly gift', amount: '$25 AUD', date: '3 October 2026', status: '2 payments so far'},
    {campaign: 'pacific-climate-appeal', kind: 'One-off gift', amount: '$120 AUD', date: '14 June 2026', status: 'Paid'},
    {campaign: 'cyclone-relief-vanuatu', kind: 'One-off gift', amount: '$60 AUD', date: '19 February 2026', status: 'Paid'},
  ],
  documents: [
    {href: '/me/documents/statement-2026.pdf', label: 'Statement of gifts for 2026', detail: '2025-07-01 to 2026-06-30'},
    {href: '/me/documents/receipt-000431.pdf', label: 'Receipt 000431', detail: '$25 AUD · 3 November 2026'},
    {href: '/me/documents/receipt-000388.pdf', label: 'Receipt 000388', detail: '$25 AUD · 3 October 2026'},
    {href: '/me/documents/receipt-000305.pdf', label: 'Receipt 000305', detail: '$120 AUD · 14 June 2026'},
    {href: '/me/documents/receipt-000187.pdf', label: 'Receipt 000187', detail: '$60 AUD · 19 February 2026'},
  ],
  signatures: [{campaign: 'ban-deep-sea-mining', date: '28 January 2026'}],
  details: {
    firstName: 'Losana',
    lastName: 'Vakacegu',
    email: 'losana.vakacegu@example.org',
    phone: '+61491570156',
    postcode: '2770',
    address: '14 Koroi Street, Mount Druitt NSW',
  },
  notice: null,
  problem: null,
};

const SHOTS = [
  {name: 'ask', html: pages.askPage(look)},
  {name: 'page', html: pages.supporterPage(look, view), more: {name: 'page-receipts', heading: 'Receipts and statements'}},
  {name: 'forget', html: pages.forgetPage(look, 1)},
];

const executablePath = findChromium();
if (!executablePath) {
  console.error('Chromium not found: install it with `apt-get install -y chromium`, or set CHROME_PATH.');
  process.exit(1);
}
mkdirSync(OUT, {recursive: true});

/** @param {string} name @param {Buffer} png */
function save(name, png) {
  const path = join(OUT, `${name}.png`);
  writeFileSync(path, png);
  console.log(`${relative(ROOT, path)}: ${Math.round(png.length / 1024)} KB`);
}

const browser = await chromium.launch({executablePath, headless: true, args: CHROMIUM_FLAGS});
try {
  for (const {size, width, height} of SIZES) {
    for (const colorScheme of SCHEMES) {
      const context = await browser.newContext({viewport: {width, height}, colorScheme, deviceScaleFactor: 1});
      const page = await context.newPage();
      for (const shot of SHOTS) {
        // A short viewport, so a whole page is as tall as its content and no taller.
        await page.setViewportSize({width, height: 200});
        await page.setContent(shot.html, {waitUntil: 'load'});
        const whole = await page.screenshot({fullPage: true});
        if (whole.length <= MAX_BYTES) {
          save(`${shot.name}-${size}-${colorScheme}`, whole);
          continue;
        }
        await page.setViewportSize({width, height});
        save(`${shot.name}-${size}-${colorScheme}`, await page.screenshot());
        if (!shot.more) continue;
        await page.getByRole('heading', {name: shot.more.heading}).evaluate((heading) => heading.scrollIntoView());
        save(`${shot.more.name}-${size}-${colorScheme}`, await page.screenshot());
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
