/** The donate form on its demo pages, driven the way a supporter would. */
import type {Locator, Page} from '@playwright/test';
import {SCRIPT_PAYLOADS, XSS_FLAG} from '../../src/coral/shared/hostile';
import {test, expect, openHydrated, fillCard, fillDonor, dataLayerOf, leaksOf, recordRequests} from './fixtures';
import {DONATE_DEMOS, url} from './routes';

const form = (page: Page): Locator => page.locator('form#donate');

/** Counts the `coral:` events the page sees, by name. */
async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as {coralSeen: Record<string, number>}).coralSeen = seen;
    for (const name of ['coral:submit', 'coral:success', 'coral:error', 'coral:upsell', 'coral:amount-change', 'coral:step']) {
      document.addEventListener(name, () => (seen[name] = (seen[name] ?? 0) + 1));
    }
  });
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as {coralSeen: Record<string, number>}).coralSeen);

/** Opens whatever the demo hides (small form, wizard steps) and fills in a gift. */
async function fillGift(page: Page, number?: string) {
  const donate = form(page);
  const opener = donate.getByRole('button', {name: /^Donate /});
  if (await opener.isVisible()) await opener.click();
  const wizard = (await donate.getAttribute('data-layout')) === 'wizard';
  if (wizard && (await donate.getByRole('button', {name: 'Next'}).isVisible())) {
    if (await donate.getByRole('heading', {name: /Step 1 of 3/}).isVisible()) await donate.getByRole('button', {name: 'Next'}).click();
  }
  await fillDonor(donate);
  if (wizard) await donate.getByRole('button', {name: 'Next'}).click();
  await fillCard(donate, number);
}

/** What the supporter typed that must never leave the form: in an address, a referrer or a dataLayer push. */
const PERSONAL = ['Mere', 'Tane', 'mere@example.org', 'mere%40example.org', '4242424242424242', '4242 4242'];

for (const route of DONATE_DEMOS) {
  test(`${route}: a gift with the approving test card reaches the thank-you, and nothing personal leaves the form`, async ({page}) => {
    const sent = recordRequests(page);
    await openHydrated(page, url(route));
    await fillGift(page);
    await form(page)
      .getByRole('button', {name: /^Give /})
      .click();
    const decline = form(page).getByRole('button', {name: /^No thanks/});
    if (await decline.isVisible({timeout: 500}).catch(() => false)) await decline.click();
    await expect(form(page).getByRole('heading', {name: 'Thank you, Mere!'})).toBeFocused({timeout: 10_000});
    await expect(form(page).getByText(/^CRL-[0-9A-F]{8}$/)).toBeVisible();
    expect(sent.length).toBeGreaterThan(5);
    expect(leaksOf(sent, PERSONAL, await dataLayerOf(page))).toEqual([]);
  });
}

test('a double click sends one gift', async ({page}) => {
  await recordEvents(page);
  await openHydrated(page, url('/demos/donate-form-medium'));
  await fillGift(page);
  const give = form(page).getByRole('button', {name: 'Give $60'});
  await give.dblclick();
  await expect(form(page).getByRole('button', {name: 'Processing your gift…'})).toBeDisabled();
  await expect(form(page).getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  expect(await seen(page)).toMatchObject({'coral:submit': 1, 'coral:success': 1});
});

test('a declined card keeps every field and says nothing was charged', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium'));
  await fillGift(page, '4000 0000 0000 0002');
  await form(page).getByRole('button', {name: 'Give $60'}).click();
  const alert = form(page).getByRole('alert');
  await expect(alert).toContainText('Your card was declined. Try another card. Nothing was charged');
  await expect(alert).toBeFocused();
  await expect(form(page).getByLabel('First name', {exact: true})).toHaveValue('Mere');
  await expect(form(page).getByLabel('Email', {exact: true})).toHaveValue('mere@example.org');
  await expect(form(page).getByLabel('Card number', {exact: true})).toHaveValue('4000 0000 0000 0002');
  await expect(form(page).getByLabel('Security code (CVC)')).toHaveValue('123');
  await expect(form(page).getByRole('radio', {name: '$60'})).toBeChecked();
});

test('a processing error says nothing was charged and a retry goes through', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium'));
  await fillGift(page, '4000 0000 0000 0119');
  await form(page).getByRole('button', {name: 'Give $60'}).click();
  await expect(form(page).getByRole('alert')).toContainText('Nothing was charged');
  await fillCard(form(page));
  await form(page).getByRole('button', {name: 'Give $60'}).click();
  await expect(form(page).getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
});

test('an other amount under the minimum is refused with the limit named', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium'));
  await form(page).getByLabel('Other amount', {exact: true}).fill('2');
  await form(page).getByRole('button', {name: /^Give/}).click();
  const summary = form(page).getByRole('group', {name: /^There (is a problem|are \d+ problems)$/});
  await expect(summary).toBeFocused();
  // Each line is the field's own message, which names what to fix, with no label before it.
  await expect(summary.getByRole('link').first()).toHaveText('The smallest one-off gift we can take is $5.');
  await expect(form(page).getByLabel('Other amount', {exact: true})).toHaveValue('2');
  await expect(form(page).getByLabel('Other amount', {exact: true})).toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link', {name: 'The smallest one-off gift we can take is $5.'}).click();
  await expect(form(page).getByLabel('Other amount', {exact: true})).toBeFocused();
});

test('the wizard moves between steps with the browser back button and keeps what was typed', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-wizard'));
  const donate = form(page);
  await donate.getByRole('radio', {name: '$40'}).check();
  await donate.getByRole('button', {name: 'Next'}).click();
  await expect(donate.getByRole('heading', {name: 'Step 2 of 3: Your details'})).toBeFocused();
  await fillDonor(donate);
  await donate.getByRole('button', {name: 'Next'}).click();
  await expect(donate.getByRole('heading', {name: 'Step 3 of 3: Payment'})).toBeVisible();
  await donate.getByLabel('Card number', {exact: true}).fill('4242 4242 4242 4242');

  await page.goBack();
  await expect(donate.getByRole('heading', {name: 'Step 2 of 3: Your details'})).toBeVisible();
  await expect(donate.getByLabel('Email', {exact: true})).toHaveValue('mere@example.org');
  await page.goBack();
  await expect(donate.getByRole('radio', {name: '$40'})).toBeChecked();
  await page.goForward();
  await page.goForward();
  await expect(donate.getByLabel('Card number', {exact: true})).toHaveValue('4242 4242 4242 4242');
  expect(new URL(page.url()).pathname).toBe('/gpap-coral/demos/donate-form-wizard');
});

test('the daily demo shows the total for seven days', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-daily-one-week'));
  await expect(form(page).getByText('$5 a day for 7 days = $35')).toBeVisible();
  await form(page).getByRole('radio', {name: '$10'}).check();
  await expect(form(page).getByText('$10 a day for 7 days = $70')).toBeVisible();
  await expect(form(page).getByRole('button', {name: 'Give $10 a day'})).toBeVisible();
});

test('an external handle in the page copy selects its amount and brings the form into view', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await openHydrated(page, url('/demos/donate-form-external-dollar-handles'));
  const handle = page.getByRole('button', {name: /^\$150 funds a day of legal work/});
  await expect(handle).toHaveAttribute('aria-pressed', 'false');
  await handle.click();
  await expect(form(page).getByRole('radio', {name: '$150'})).toBeChecked();
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(form(page).getByRole('heading', {name: 'Make a donation'})).toBeInViewport();
  await page.getByRole('button', {name: /^\$30 a month/}).click();
  await expect(form(page).getByRole('radio', {name: 'Monthly'})).toBeChecked();
  await expect(form(page).getByRole('radio', {name: '$30'})).toBeChecked();
  await expect(handle).toHaveAttribute('aria-pressed', 'false');
});

test('URL parameters prefill the form, and script payloads never run or render', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium?amount=80&first_name=Mere&utm_source=newsletter'));
  await expect(form(page).getByLabel('Other amount', {exact: true})).toHaveValue('80');
  await expect(form(page).getByLabel('First name', {exact: true})).toHaveValue('Mere');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const payload of SCRIPT_PAYLOADS) {
    const query = new URLSearchParams();
    for (const name of ['amount', 'frequency', 'first_name', 'last_name', 'email', 'phone', 'postcode', 'utm_source', 'utm_campaign']) {
      query.set(name, payload);
    }
    await openHydrated(page, url(`/demos/donate-form-medium?${query}`));
    await expect(form(page).getByRole('radio', {name: '$60'})).toBeChecked();
    for (const label of ['First name', 'Last name', 'Email', 'Postcode']) {
      await expect(form(page).getByLabel(label, {exact: true})).toHaveValue('');
    }
    expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  }
});

test('a gift can be completed with the keyboard alone', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium'));
  const focusedName = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el ? (el.labels?.[0]?.textContent ?? el.textContent ?? '').trim() : '';
    });
  const tabTo = async (name: RegExp) => {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      if (name.test(await focusedName())) return;
    }
    throw new Error(`Tab never reached ${name}`);
  };
  // Tab enters the handles at the checked one; an arrow key moves to, and checks, the next.
  await tabTo(/^\$(35|60|120)$/);
  const first = await focusedName();
  await page.keyboard.press('ArrowRight');
  const chosen = await focusedName();
  expect(chosen).not.toBe(first);
  await expect(form(page).getByRole('radio', {name: chosen, exact: true})).toBeChecked();
  await tabTo(/^First name$/);
  await page.keyboard.type('Mere');
  await tabTo(/^Last name$/);
  await page.keyboard.type('Tane');
  await tabTo(/^Email$/);
  await page.keyboard.type('mere@example.org');
  await tabTo(/^Postcode$/);
  await page.keyboard.type('2000');
  await tabTo(/^Keep me updated/);
  await page.keyboard.press('Space');
  await tabTo(/^Card number$/);
  await page.keyboard.type('4242424242424242');
  await tabTo(/^Expiry/);
  await page.keyboard.type('12/34');
  await tabTo(/^Security code/);
  await page.keyboard.type('123');
  await tabTo(new RegExp(`^Give \\${chosen}$`));
  await page.keyboard.press('Enter');
  await expect(form(page).getByRole('heading', {name: 'Thank you, Mere!'})).toBeFocused({timeout: 10_000});
});

test('direct debit takes a weekly gift', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-weekly'));
  const donate = form(page);
  await expect(donate.getByRole('radio', {name: 'Weekly'})).toBeChecked();
  await fillDonor(donate);
  await donate.getByRole('radio', {name: 'Direct debit'}).check();
  await donate.getByLabel('BSB', {exact: true}).fill('062-000');
  await donate.getByLabel('Account number', {exact: true}).fill('12345678');
  await donate.getByLabel('Account name', {exact: true}).fill('M Tane');
  await donate.getByRole('button', {name: 'Give $8 weekly'}).click();
  await expect(donate.getByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).toContainText(
    'Tick the box to accept the service agreement, or pay by card.',
  );
  await donate.getByLabel(/direct debit request service agreement/).check();
  await donate.getByRole('button', {name: 'Give $8 weekly'}).click();
  await expect(donate.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
});

test('Marlin: the upgrade ask, cover fees and the on-screen event log', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-marlin-features'));
  const donate = form(page);
  await donate.getByLabel('Other amount', {exact: true}).fill('150');
  await expect(donate.getByText('$150 funds 30 hours of satellite tracking.')).toBeVisible();
  await donate.getByLabel(/cover processing fees/).check();
  await expect(donate.getByText('$154.50 once')).toBeVisible();
  await fillDonor(donate);
  await fillCard(donate);
  await donate.getByRole('button', {name: 'Give $154.50'}).click();
  await expect(donate.getByText('Could you give $50 every month instead?')).toBeFocused();
  // The button names what it charges: $50 a month and the 3% cover fee.
  await donate.getByRole('button', {name: 'Yes, give $51.50 monthly'}).click();
  await expect(donate.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  await expect(donate.getByText('You chose to give monthly instead of $150 once.', {exact: false})).toBeVisible();
  const log = page.getByTestId('event-log');
  for (const name of ['coral:success', 'purchase', 'upsell_accepted', 'coral:upsell', 'begin_checkout', 'add_payment_info']) {
    await expect(log.getByText(name, {exact: true}).first()).toBeVisible();
  }
  const pushes = JSON.stringify(await page.evaluate(() => window.dataLayer));
  expect(pushes).toContain('"item_variant":"monthly"');
  for (const personal of ['Mere', 'Tane', 'mere@example.org', '4242', '2000"']) expect(pushes).not.toContain(personal);
});

test('the form follows the site colour mode', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-medium'));
  const background = () => form(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const light = await background();
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const dark = await background();
  expect(light).toBe('rgb(255, 255, 255)');
  expect(dark).toBe('rgb(31, 42, 48)');
});

test('the small buttons in a sentence, the wizard’s “Change” and the email suggestion, are whole 44 px targets', async ({page}) => {
  await openHydrated(page, url('/demos/donate-form-wizard'));
  const donate = form(page);
  await donate.getByRole('button', {name: 'Next'}).click();
  const change = donate.getByRole('button', {name: 'Change'});
  await donate.getByLabel('Email', {exact: true}).fill('mere@gmial.com');
  await donate.getByLabel('Email', {exact: true}).blur();
  const suggestion = donate.getByRole('button', {name: 'Use mere@gmail.com'});
  for (const target of [change, suggestion]) {
    const box = (await target.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
});

test('in forced colours the chosen frequency and amount, and the petition’s progress, still show', async ({page}) => {
  await page.emulateMedia({forcedColors: 'active'});
  await openHydrated(page, url('/demos/donate-form-medium'));
  const donate = form(page);
  const look = (name: string) =>
    donate
      .getByRole('radio', {name, exact: true})
      .locator('xpath=..')
      .evaluate((label) => {
        const style = getComputedStyle(label);
        return `${style.backgroundColor} ${style.borderTopWidth} ${style.outlineStyle}`;
      });
  await donate.getByRole('radio', {name: '$60'}).check();
  expect(await look('$60')).not.toBe(await look('$35'));
  expect(await look('One-off')).not.toBe(await look('Monthly'));
  await openHydrated(page, url('/demos/powerform'));
  const fill = page.locator('[role="progressbar"] > *').first();
  const track = page.locator('[role="progressbar"]').first();
  const colours = await Promise.all([fill, track].map((part) => part.evaluate((element) => getComputedStyle(element).backgroundColor)));
  expect(colours[0]).not.toBe(colours[1]);
});
