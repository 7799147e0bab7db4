/** The demos' Customise tab: controls from the schema, a live form that follows them, and a config that travels by snippet and by link. */
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {servePage} from './embed';
import {test, expect, openHydrated} from './fixtures';
import {LIVE_ROUTES, url} from './routes';

const editorOf = (page: Page) => page.getByRole('tabpanel');

/** Opens a group of options by its summary: its title, its key beside it, and maybe a count of its problems. */
const openGroup = (scope: Locator, title: string, key: string) =>
  scope
    .locator('summary')
    .filter({hasText: new RegExp(`^${title} ${key}( \\(|$)`)})
    .first()
    .click();

async function openEditor(page: Page, path: string): Promise<Locator> {
  await openHydrated(page, url(path));
  await page.getByRole('tab', {name: 'Customise'}).click();
  const editor = editorOf(page);
  await expect(editor.getByRole('button', {name: 'Reset'})).toBeVisible();
  return editor;
}

/** What the customised medium form shows, wherever it is: the wizard's first step, weekly, and the changed handle with its impact. */
async function expectCustomised(form: Locator): Promise<void> {
  await expect(form.getByRole('heading', {name: /^Step 1 of 3/})).toBeVisible();
  await expect(form.getByRole('radio', {name: 'Weekly'})).toBeVisible();
  await form.getByRole('radio', {name: '$40'}).check();
  await expect(form.getByText('plants 40 mangroves')).toBeVisible();
  await expect(form.getByRole('radio', {name: '$35'})).toHaveCount(0);
}

test('a producer customises a donate form: the live form follows each change, and the snippet and the link carry it', async ({page}) => {
  const editor = await openEditor(page, '/demos/donate-form-medium');
  const live = page.getByRole('region', {name: 'Live demo'});
  const form = live.locator('form#donate');

  // A choice, from the schema's enum, named by its title with its key beside it.
  const layout = editor.getByRole('group', {name: 'Layout', exact: true});
  await expect(layout.locator('legend code')).toHaveText('layout');
  // The option's description (from options.ts, which the page's own bundles never import) and default: the editor loads them.
  await expect(layout).toContainText('single: one page; wizard: Amount → Your details → Payment, with a step indicator. Default: single.');
  await layout.getByRole('radio', {name: 'wizard'}).check();
  await expect(form.getByRole('heading', {name: /^Step 1 of 3/})).toBeVisible();

  // A list: add weekly to the frequencies.
  const frequencies = editor.getByRole('group', {name: 'Frequencies', exact: true});
  await frequencies.getByLabel('Add to frequencies').selectOption('weekly');
  await frequencies.getByRole('button', {name: 'Add', exact: true}).click();
  await expect(frequencies.getByRole('listitem')).toHaveText([/^one-off/, /^monthly/, /^weekly/]);
  await expect(form.getByRole('radio', {name: 'Weekly'})).toBeVisible();

  // A handle and its impact line, inside the nested groups.
  const amounts = editor.getByRole('group', {name: 'Amounts', exact: true});
  await openGroup(editor, 'Amounts', 'amounts');
  await openGroup(amounts, 'One-off', 'one-off');
  const oneOff = amounts.getByRole('group', {name: 'One-off', exact: true});
  const first = oneOff.getByRole('group', {name: 'Handles 1', exact: true});
  await first.getByRole('spinbutton', {name: 'Amount', exact: true}).fill('40');
  await first.getByRole('textbox', {name: 'Impact', exact: true}).fill('plants 40 mangroves');
  await expectCustomised(form);

  // min above max: the schema's own message beside the control, and the form keeps its last valid config.
  const min = oneOff.getByRole('spinbutton', {name: 'Minimum', exact: true});
  await min.fill('20000');
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(oneOff.getByText('expected min to be no more than max (10000)')).toBeVisible();
  await expect(
    editor.getByRole('status').getByText('amounts.one-off.min: got 20000; expected min to be no more than max (10000)'),
  ).toBeVisible();
  await expect(form.getByRole('radio', {name: '$40'})).toBeVisible();

  // Config shows only what differs from the defaults, and the last valid config.
  await page.getByRole('tab', {name: 'Config'}).click();
  const config = JSON.parse(await editorOf(page).locator('pre code').innerText()) as Record<string, unknown>;
  expect(config).toMatchObject({
    campaign: 'save-the-reef',
    layout: 'wizard',
    frequencies: ['one-off', 'monthly', 'weekly'],
    amounts: {'one-off': {handles: [{amount: 40, impact: 'plants 40 mangroves'}, {amount: 60}, {amount: 120}], defaultAmount: 60}},
  });
  expect(config).not.toHaveProperty('amounts.one-off.min');
  expect(config).not.toHaveProperty('fields');

  // The link, opened afresh, gives the same form.
  await page.getByRole('tab', {name: 'Customise'}).click();
  const link = await editorOf(page).getByRole('textbox', {name: 'Link to this config'}).inputValue();
  expect(link).toMatch(/\/gpap-coral\/demos\/donate-form-medium#config=[\w-]+$/);
  const reopened = await page.context().newPage();
  await openHydrated(reopened, link);
  await expect(reopened.getByRole('status').getByText(/^This demo shows the config carried in its address/)).toBeVisible();
  await expectCustomised(reopened.locator('form#donate'));
  await reopened.close();

  // The Embed snippet, pasted into an empty page, gives the same form.
  await page.getByRole('tab', {name: 'Embed'}).click();
  const snippet = await editorOf(page).locator('pre code').innerText();
  const local = snippet.replaceAll('https://greenpeace.github.io', new URL(page.url()).origin);
  await page.goto(await servePage(page, '/campaign/customised.html', local));
  await expectCustomised(page.locator('coral-donate-form').locator('form'));
});

test('Reset brings back the demo’s own config, and a pasted config is checked before it loads', async ({page}) => {
  const editor = await openEditor(page, '/demos/donate-form-medium');
  const form = page.getByRole('region', {name: 'Live demo'}).locator('form#donate');
  await editor.getByRole('group', {name: 'Size', exact: true}).getByRole('radio', {name: 'small'}).check();
  await expect(form.getByRole('radio', {name: '$60'})).toBeVisible();
  await expect(form.getByLabel('Email', {exact: true})).toBeHidden();

  await editor.getByText('Paste a config').click();
  const box = editor.getByRole('textbox', {name: 'Pasted config'});
  await box.fill(`<coral-donate-form config='{"campaign": "reef", "size": "huge"}'></coral-donate-form>`);
  await editor.getByRole('button', {name: 'Check and load'}).click();
  await expect(editor.getByText('size: got "huge"; expected one of small, medium, large')).toBeVisible();

  await box.fill(
    `<coral-donate-form config='{"campaign": "reef", "layout": "wizard", "messages": {"heading": "<b>Give</b> &amp; thanks"}}'>`,
  );
  await editor.getByRole('button', {name: 'Check and load'}).click();
  await expect(editor.getByText('Loaded: the form and the options above show it.')).toBeVisible();
  await expect(form.getByRole('heading', {name: '<b>Give</b> & thanks'})).toBeVisible();
  await expect(form.locator('b')).toHaveCount(0);
  await expect(editor.getByRole('group', {name: 'Layout', exact: true}).getByRole('radio', {name: 'wizard'})).toBeChecked();

  await editor.getByRole('button', {name: 'Reset'}).click();
  await expect(editor.getByRole('group', {name: 'Size', exact: true}).getByRole('radio', {name: 'medium'})).toBeChecked();
  await expect(form.getByLabel('Email', {exact: true})).toBeVisible();
  await expect(form.getByRole('heading', {name: /^Step 1/})).toHaveCount(0);
});

test('a text the schema takes as "" for none can be emptied, and Use the default brings it back', async ({page}) => {
  const editor = await openEditor(page, '/demos/powerform');
  const live = page.getByRole('region', {name: 'Live demo'});
  const intro = live.getByText('Add your name, and we will keep you posted on what happens next.');
  await expect(intro).toBeVisible();
  await openGroup(editor, 'Messages', 'messages');
  const box = editor.getByRole('textbox', {name: 'Intro', exact: true});
  await box.fill('Sign before the vote.');
  await expect(live.getByText('Sign before the vote.')).toBeVisible();
  await box.fill('');
  await expect(live.getByText('Sign before the vote.')).toHaveCount(0);
  await expect(intro).toHaveCount(0);
  await page.getByRole('tab', {name: 'Config'}).click();
  await expect(editorOf(page).locator('pre code')).toContainText('"intro": ""');
  await page.getByRole('tab', {name: 'Customise'}).click();
  await openGroup(editorOf(page), 'Messages', 'messages');
  await expect(editorOf(page).getByRole('textbox', {name: 'Intro', exact: true})).toHaveValue('');
  await editorOf(page).getByRole('button', {name: 'Use the default for intro'}).click();
  await expect(intro).toBeVisible();
});

test('the address follows the edits, so a reload keeps them and Back leaves the page; Reset clears it', async ({page}) => {
  await openHydrated(page, url('/docs/intro'));
  const editor = await openEditor(page, '/demos/donate-form-medium');
  const form = () => page.getByRole('region', {name: 'Live demo'}).locator('form#donate');
  await expect(page).toHaveURL(/\/demos\/donate-form-medium$/);
  await editor.getByRole('group', {name: 'Layout', exact: true}).getByRole('radio', {name: 'wizard'}).check();
  await expect(form().getByRole('heading', {name: /^Step 1 of 3/})).toBeVisible();
  await expect(page).toHaveURL(/\/demos\/donate-form-medium#config=[\w-]+$/);

  await page.reload();
  await expect(form().getByRole('heading', {name: /^Step 1 of 3/})).toBeVisible();
  await expect(page.getByRole('status').getByText(/^This demo shows the config carried in its address/)).toBeVisible();
  await page.getByRole('tab', {name: 'Customise'}).click();
  await expect(editorOf(page).getByRole('group', {name: 'Layout', exact: true}).getByRole('radio', {name: 'wizard'})).toBeChecked();
  await editorOf(page).getByRole('button', {name: 'Reset'}).click();
  await expect(form().getByRole('heading', {name: /^Step 1/})).toHaveCount(0);
  await expect(page).toHaveURL(/\/demos\/donate-form-medium$/);

  // Replaced, never pushed: Back goes to the page before the demo.
  await page.goBack();
  await expect(page).toHaveURL(/\/docs\/intro$/);
});

test('a link with a wrong config says why and keeps the demo’s own', async ({page}) => {
  const wrong = Buffer.from(JSON.stringify({campaign: 'reef', layout: 'sideways'})).toString('base64url');
  await openHydrated(page, `${url('/demos/donate-form-medium')}#config=${wrong}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The link’s config was not loaded');
  await expect(alert).toContainText('layout: got "sideways"; expected one of single, wizard');
  await expect(page.getByRole('region', {name: 'Live demo'}).getByRole('radio', {name: '$120'})).toBeVisible();

  await openHydrated(page, `${url('/demos/powerform')}#config=<img src=x onerror=alert(1)>`);
  await expect(page.getByRole('alert')).toContainText('The link’s config is damaged');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

const DEMOS = LIVE_ROUTES.filter((route) => route.startsWith('/demos/') && route !== '/demos/test1');

for (const route of DEMOS) {
  test(`${route}: Customise starts from the demo’s config and its changes reach the Config tab`, async ({page}) => {
    await openHydrated(page, url(route));
    const own = JSON.parse(await editorOf(page).locator('pre code').innerText()) as {campaign: string};
    await page.getByRole('tab', {name: 'Customise'}).click();
    const campaign = editorOf(page).getByRole('textbox', {name: 'Campaign', exact: true});
    await expect(campaign).toHaveValue(own.campaign);
    await campaign.fill('customised-demo');
    await page.getByRole('tab', {name: 'Config'}).click();
    await expect(editorOf(page).locator('pre code')).toContainText('"campaign": "customised-demo"');
  });
}

for (const width of [390, 320] as const) {
  test(`the open editor fits a ${width} px phone with no sideways scroll`, async ({page}) => {
    await page.setViewportSize({width, height: 800});
    const editor = await openEditor(page, '/demos/donate-form-marlin-features');
    for (const summary of await editor.locator('summary').all()) await summary.click();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(width);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`${mode} mode: axe finds no violation in the open editor, every group open and a problem shown`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    const editor = await openEditor(page, '/demos/powerform');
    for (const summary of await editor.locator('summary').all()) await summary.click();
    await editor.getByRole('textbox', {name: 'Campaign', exact: true}).fill('Not a campaign!');
    await expect(editor.getByRole('textbox', {name: 'Campaign', exact: true})).toHaveAttribute('aria-invalid', 'true');
    const results = await new AxeBuilder({page}).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}
