/**
 * The Customise tab's publish step on the medium donate demo, against the built endpoint with an admin token, as a
 * newcomer follows the docs: the docs' experiment pasted and published whole, a publish with nothing changed refused,
 * the form's id following the campaign, a wrong token caught at the first request, and a panel that still fits the
 * page after publishing.
 */
import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {startEndpoint, type Endpoint} from './endpoint';
import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

/** Obviously fake, as every secret in a test must be. */
const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';

/** The experiment docs/results-and-experiments.mdx tells a campaigner to publish through Paste a config, as it is written there. */
const DOCS_EXAMPLE = (() => {
  const page = readFileSync('docs/results-and-experiments.mdx', 'utf8');
  const block = /```json title="save-the-reef-2026\.json"\n([\s\S]*?)```/.exec(page);
  if (block === null) throw new Error('docs/results-and-experiments.mdx has no save-the-reef-2026.json block');
  return block[1]!;
})();

let endpoint: Endpoint;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const pageOrigin = new URL(test.info().project.use.baseURL!).origin;
  endpoint = await startEndpoint('publish', {
    CORAL_ALLOWED_ORIGINS: pageOrigin,
    CORAL_ADMIN_ORIGINS: pageOrigin,
    CORAL_ADMIN_TOKEN: ADMIN_TOKEN,
  });
});

test.afterAll(() => endpoint?.stop());

/** The medium demo's Customise tab, with its publish step open. */
async function openPublish(page: Page): Promise<{editor: Locator; panel: Locator}> {
  await openHydrated(page, url('/demos/donate-form-medium'));
  await page.getByRole('tab', {name: 'Customise'}).click();
  const editor = page.getByRole('tabpanel');
  const panel = editor.locator('details').filter({has: page.locator('summary', {hasText: /^Publish to your endpoint$/})});
  await panel.locator('summary').click();
  return {editor, panel};
}

/** Fills in the endpoint and the token (the form's id is left to follow the campaign) and reads what the endpoint has. */
async function showChanges(panel: Locator, token = ADMIN_TOKEN): Promise<void> {
  await panel.getByLabel('Endpoint address', {exact: true}).fill(endpoint.base);
  await panel.getByLabel('Admin token', {exact: true}).fill(token);
  await panel.getByRole('button', {name: 'Show what will change'}).click();
}

const published = async (id: string) => {
  const response = await fetch(`${endpoint.base}/forms/${id}`);
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as {version: number; config: Record<string, unknown>}) : null,
  };
};

async function versionsOf(id: string): Promise<number[]> {
  const response = await fetch(`${endpoint.base}/forms`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}});
  const {forms} = (await response.json()) as {forms: {form: string; versions: {version: number}[]}[]};
  return forms.find((form) => form.form === id)?.versions.map((version) => version.version) ?? [];
}

async function expectNoAxeViolations(page: Page, scope: string): Promise<void> {
  const results = await new AxeBuilder({page}).include(scope).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the docs’ experiment, pasted as they say, is published whole and read back by its id with both variants', async ({page}) => {
  const {editor, panel} = await openPublish(page);
  await editor.getByText('Paste a config').click();
  await editor.getByRole('textbox', {name: 'Pasted config'}).fill(DOCS_EXAMPLE);
  await editor.getByRole('button', {name: 'Check and load'}).click();
  await expect(editor.getByText('Loaded: the form and the options above show it.')).toBeVisible();
  await expect(
    editor.getByText(
      'Kept beside the options: the experiment “higher-asks-eofy” with variants control and higher-asks; the visitor id kept in the browser’s storage. Publish to your endpoint sends them with the config. The form shows the control, “control”.',
    ),
  ).toBeVisible();
  // The preview is the control: the pasted handles, not the variant's.
  const form = page.getByRole('region', {name: 'Live demo'}).locator('form#donate');
  await expect(form.getByRole('radio', {name: '$120'})).toBeVisible();
  await expect(form.getByRole('radio', {name: '$200'})).toHaveCount(0);

  await expect(panel.getByText(/^Published with it, from Paste a config: the experiment “higher-asks-eofy”/)).toBeVisible();
  await expect(panel.getByLabel('Form id', {exact: true})).toHaveValue('save-the-reef-2026');
  await showChanges(panel);
  const status = panel.getByRole('status');
  await expect(status).toHaveText('“save-the-reef-2026” is new on this endpoint.');
  const lines = panel.getByRole('listitem');
  await expect(lines).toHaveText([
    'Campaign: added (save-the-reef-2026)',
    'Visitor id kept in: added (the browser’s storage)',
    'Experiment: added “higher-asks-eofy” with variants control and higher-asks',
    'Experiment › higher-asks › Amounts › One-off › Handles: 35, 60, 120 → 50, 100, 200',
  ]);
  await expectNoAxeViolations(page, '[role="tabpanel"]');

  await panel.getByRole('button', {name: 'Publish version 1'}).click();
  await expect(status).toContainText('Published as version 1.');
  await expect(status).toContainText('The experiment’s plan:');
  const {status: found, body} = await published('save-the-reef-2026');
  expect(found).toBe(200);
  expect(body).toMatchObject({
    version: 1,
    config: {
      campaign: 'save-the-reef-2026',
      visitor: 'browser',
      experiment: {
        id: 'higher-asks-eofy',
        variants: [
          {id: 'control', weight: 1, changes: {}},
          {id: 'higher-asks', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
        ],
      },
    },
  });
  await expectNoAxeViolations(page, '[role="tabpanel"]');
});

test('a publish with nothing changed is refused in the tab, with the reason, and makes no second version', async ({page}) => {
  const {panel} = await openPublish(page);
  await panel.getByLabel('Form id', {exact: true}).fill('medium-once');
  await showChanges(panel);
  await panel.getByRole('button', {name: 'Publish version 1'}).click();
  const status = panel.getByRole('status');
  await expect(status).toContainText('Published as version 1.');

  const again = panel.getByRole('button', {name: 'Publish version 2'});
  await expect(again).toBeDisabled();
  await expect(again).toHaveAccessibleDescription('No change from version 1: nothing to publish.');
  // The focus stays on the button, which says it is off; pressed anyway, it sends nothing.
  await again.focus();
  await page.keyboard.press('Enter');
  await panel.getByRole('button', {name: 'Show what will change'}).click();
  await expect(status).toHaveText('Read version 1 of “medium-once”.');
  await expect(again).toBeDisabled();
  await expect(panel.getByText('No change from version 1: nothing to publish.')).toBeVisible();
  expect(await versionsOf('medium-once')).toEqual([1]);
  await expectNoAxeViolations(page, '[role="tabpanel"]');
});

test('the form’s id follows the campaign changed in the tab, and the publish goes out under the new one', async ({page}) => {
  const {editor, panel} = await openPublish(page);
  const id = panel.getByLabel('Form id', {exact: true});
  await expect(id).toHaveValue('save-the-reef');
  await showChanges(panel);
  await expect(panel.getByRole('button', {name: 'Publish version 1'})).toBeVisible();

  await editor.getByRole('textbox', {name: 'Campaign', exact: true}).fill('reef-eofy-2026');
  await expect(id).toHaveValue('reef-eofy-2026');
  // What was read was of the old id: no publish is offered until the new one is read.
  await expect(panel.getByRole('button', {name: /^Publish version/})).toHaveCount(0);
  await panel.getByRole('button', {name: 'Show what will change'}).click();
  await expect(panel.getByRole('status')).toHaveText('“reef-eofy-2026” is new on this endpoint.');
  await panel.getByRole('button', {name: 'Publish version 1'}).click();
  await expect(panel.getByRole('status')).toContainText('Published as version 1.');
  expect((await published('reef-eofy-2026')).body).toMatchObject({version: 1, config: {campaign: 'reef-eofy-2026'}});
  expect((await published('save-the-reef')).status).toBe(404);
});

test('a wrong admin token is refused at the first request, before anything is shown', async ({page, watch}) => {
  // The endpoint's 401, as the browser logs it.
  watch.expectedErrors.push(/status of 401/);
  const {panel} = await openPublish(page);
  await showChanges(panel, 'not-the-admin-token-00000000000000000000');
  await expect(panel.getByRole('status')).toHaveText('The endpoint refused the admin token: paste the value of its CORAL_ADMIN_TOKEN.');
  await expect(panel.getByRole('button', {name: /^Publish version/})).toHaveCount(0);
  await expect(panel.getByRole('listitem')).toHaveCount(0);
});

for (const width of [1280, 390] as const) {
  test(`at ${width} px the panel keeps its snippet in its own box after publishing: no sideways scroll`, async ({page}) => {
    await page.setViewportSize({width, height: 900});
    const {panel} = await openPublish(page);
    await panel.getByLabel('Form id', {exact: true}).fill(`medium-${width}`);
    await showChanges(panel);
    await panel.getByRole('button', {name: 'Publish version 1'}).click();
    const snippet = panel.getByRole('status').locator('pre');
    await expect(snippet).toContainText(`<coral-donate-form form="medium-${width}" endpoint="${endpoint.base}">`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await snippet.evaluate((element) => ({scroll: element.scrollWidth, client: element.clientWidth}));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    // The panel stays in the column the tabs give it, its help text whole.
    const column = await page.getByRole('tabpanel').evaluate((element) => element.getBoundingClientRect().right);
    expect(await panel.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(column + 1);
    const hint = panel.getByText(/^Keeps this config on your Coral endpoint/);
    expect(await hint.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(column + 1);
  });
}
