/** The donate form's docs: generated reference, demo gallery and the live examples in the recipes. */
import {test, expect, openHydrated} from './fixtures';
import {DONATE_DEMOS, url} from './routes';

test('the config reference is generated from the schema, with events and the real error text', async ({page}) => {
  await openHydrated(page, url('/docs/donate-form-config'));
  const options = page.getByRole('region', {name: /Every option of the donate form config/});
  await expect(options.getByRole('rowheader', {name: /^campaign\s*required$/})).toBeVisible();
  await expect(options.locator('#option-coverFees-percent')).toContainText('3');
  await expect(options.locator('#option-amounts-one-off-min')).toContainText('5');
  const events = page.getByRole('table', {name: /DOM events/});
  for (const name of ['coral:amount-change', 'coral:step', 'coral:submit', 'coral:success', 'coral:error', 'coral:upsell']) {
    await expect(events.getByRole('rowheader', {name})).toBeVisible();
  }
  await expect(page.getByRole('table', {name: /dataLayer pushes/}).getByRole('rowheader', {name: 'purchase'})).toBeVisible();
  await expect(page.getByRole('table', {name: /URL parameters/}).getByRole('rowheader', {name: 'utm_term'})).toBeVisible();
  await expect(page.getByText('size: got "huge"; expected one of small, medium, large')).toBeVisible();
});

test('a wide reference table scrolls on a phone and can be scrolled from the keyboard', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await openHydrated(page, url('/docs/donate-form-config'));
  const region = page.getByRole('region', {name: /Every option of the donate form config/});
  await region.focus();
  await expect(region).toBeFocused();
  const before = await region.evaluate((el) => el.scrollLeft);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the demo gallery links to every donate form demo', async ({page}) => {
  await openHydrated(page, url('/docs/donate-form-demos'));
  const links = page.locator('article').getByRole('heading', {level: 3}).getByRole('link');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual(DONATE_DEMOS.map((route) => url(route)).sort());
  await links.filter({hasText: 'Wizard'}).click();
  await expect(page).toHaveURL(/\/demos\/donate-form-wizard$/);
  await expect(page.getByRole('heading', {level: 1, name: /wizard/i})).toBeVisible();
});

test('the recipes category lists every recipe', async ({page}) => {
  await openHydrated(page, url('/docs/category/recipes'));
  for (const title of [
    'Daily giving for one week',
    'Daisychain a petition into a donation ask',
    'External dollar handles',
    'A large form with impact images',
    'Prefilling the form from the URL',
    'Ask one-off donors to give monthly on the thank-you page',
    'Weekly giving',
    'A petition for the whole Pacific',
  ]) {
    await expect(page.locator('article').getByRole('link', {name: new RegExp(title)})).toBeVisible();
  }
});

test('the setup page drives its form through setAmount and logs the event', async ({page}) => {
  await openHydrated(page, url('/docs/donate-form-setup'));
  const form = page.locator('form#api-donate');
  await page.getByRole('button', {name: "setAmount(25, 'monthly')"}).click();
  await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
  await expect(form.getByRole('radio', {name: '$25'})).toBeChecked();
  await page.getByRole('button', {name: 'setAmount(137.5)'}).click();
  await expect(form.getByLabel('Other amount', {exact: true})).toHaveValue('137.50');
  const log = page.getByTestId('event-log');
  await expect(log.locator('li').first()).toContainText('coral:amount-change');
  await expect(log.locator('li').first()).toContainText('"source":"api"');
});

test('the external handles recipe: page buttons pick a handle or fill in the other amount', async ({page}) => {
  await openHydrated(page, url('/docs/recipes/donate-form-external-dollar-handles'));
  const form = page.locator('form#handles-recipe');
  const notAHandle = page.getByRole('button', {name: /^\$42 is not a handle/});
  await notAHandle.click();
  await expect(form.getByLabel('Other amount', {exact: true})).toHaveValue('42');
  await expect(notAHandle).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', {name: /^\$30 a month/}).click();
  await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
  await expect(form.getByRole('radio', {name: '$30'})).toBeChecked();
  await expect(notAHandle).toHaveAttribute('aria-pressed', 'false');
});

test('the URL parameters recipe prefills from its links and ignores a payload', async ({page}) => {
  await openHydrated(page, url('/docs/recipes/donate-form-using-url-params'));
  const form = page.locator('form#params-recipe');
  await page.getByRole('link', {name: '$80 monthly, for Mere'}).click();
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await expect(form.getByRole('radio', {name: 'Monthly'})).toBeChecked();
  await expect(form.getByLabel('Other amount', {exact: true})).toHaveValue('80');
  await expect(form.getByLabel('First name', {exact: true})).toHaveValue('Mere');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', {name: 'Bad values and a script payload'}).click();
  await page.locator('html[data-has-hydrated]').waitFor({state: 'attached'});
  await expect(page).toHaveURL(/first_name=/);
  await expect(form.getByRole('radio', {name: 'One-off'})).toBeChecked();
  await expect(form.getByLabel('First name', {exact: true})).toHaveValue('');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('the daily recipe shows its total and follows an other amount', async ({page}) => {
  await openHydrated(page, url('/docs/recipes/donate-form-daily-for-one-week'));
  const form = page.locator('form#daily-recipe');
  await expect(form.getByText('$5 a day for 7 days = $35')).toBeVisible();
  await form.getByLabel('Other amount', {exact: true}).fill('3');
  await expect(form.getByText('$3 a day for 7 days = $21')).toBeVisible();
});
