/**
 * A petition signed across the Pacific (issue 51), on the React demo and on the embedded element on a plain page:
 * signers in Fiji, Papua New Guinea, Australia and New Zealand, each with the postcode and mobile of their own country.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {pacific} from '../../src/coral/powerform/examples/pacific';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

const DEMO = '/demos/powerform-pacific';

/** What one signer types: the country they choose (the form's own, Australia, when none), and what their address has. */
type Signer = {country?: string; firstName: string; email: string; mobile?: string; postcode?: string};

/** The `coral:submit` events the page hears, kept from its first load: what each signature sent, by field name. */
async function keepSubmits(page: Page): Promise<() => Promise<{fields: string[]}[]>> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as {coralSubmits: unknown[]}).coralSubmits = seen;
    document.addEventListener('coral:submit', (event) => seen.push((event as CustomEvent).detail));
  });
  return () => page.evaluate(() => (window as unknown as {coralSubmits: {fields: string[]}[]}).coralSubmits);
}

/** The same petition, as a campaign page shows it: the demo's React component, or the element on a page of its own. */
const TARGETS = [
  {
    name: 'the React demo',
    open: async (page: Page): Promise<Locator> => {
      await openHydrated(page, url(DEMO));
      return page.getByRole('region', {name: 'Live demo'});
    },
  },
  {
    name: 'the embedded <coral-powerform> on a plain page',
    open: async (page: Page, config: unknown = pacific): Promise<Locator> => {
      await page.goto(await servePage(page, '/campaign/pacific.html', EMBED_SCRIPT + elementTag('coral-powerform', 'pacific', config)));
      await elementsRendered(page);
      return page.locator('coral-powerform');
    },
  },
] as const;

const country = (root: Locator) => root.getByLabel('Country', {exact: true});
const postcode = (root: Locator) => root.getByLabel('Postcode', {exact: true});
const mobile = (root: Locator) => root.getByLabel('Mobile (optional)');

/** Types a signer's details, choosing their country first: the fields below it follow the choice. */
async function fill(root: Locator, signer: Signer): Promise<void> {
  if (signer.country) await country(root).selectOption({label: signer.country});
  await root.getByLabel('First name', {exact: true}).fill(signer.firstName);
  await root.getByLabel('Email', {exact: true}).fill(signer.email);
  if (signer.mobile) await mobile(root).fill(signer.mobile);
  if (signer.postcode) await postcode(root).fill(signer.postcode);
}

async function signs(root: Locator, signer: Signer): Promise<void> {
  await fill(root, signer);
  await root.getByRole('button', {name: 'Sign now'}).click();
  await expect(root.getByRole('heading', {name: `Thank you, ${signer.firstName}!`})).toBeVisible();
  await expect(root.getByText('Test mode: this signature was sent to no one')).toBeVisible();
}

for (const target of TARGETS) {
  test.describe(target.name, () => {
    test('offers the five countries, the form’s own first, with Australia’s postcode to start with', async ({page}) => {
      const root = await target.open(page);
      await expect(country(root)).toHaveValue('AU');
      await expect(country(root).locator('option')).toHaveText(['Australia', 'New Zealand', 'Fiji', 'Papua New Guinea', 'Solomon Islands']);
      await expect(postcode(root)).toBeVisible();
    });

    for (const number of ['701 2345', '+679 701 2345']) {
      test(`a signer in Fiji signs with no postcode and the mobile ${number}`, async ({page}) => {
        const submits = await keepSubmits(page);
        const root = await target.open(page);
        await country(root).selectOption({label: 'Fiji'});
        await expect(postcode(root)).toHaveCount(0);
        await signs(root, {firstName: 'Litia', email: 'litia@example.org', mobile: number});
        expect((await submits()).map((submit) => submit.fields)).toEqual([['country', 'firstName', 'email', 'phone']]);
      });
    }

    test('a signer in Papua New Guinea gives a postcode of 3 digits and a +675 mobile', async ({page}) => {
      const root = await target.open(page);
      await fill(root, {
        country: 'Papua New Guinea',
        firstName: 'Kila',
        email: 'kila@example.org',
        mobile: '+675 7012 3456',
        postcode: '2000',
      });
      await root.getByRole('button', {name: 'Sign now'}).click();
      await expect(postcode(root)).toHaveAccessibleDescription('Postcode must be 3 digits.');
      await postcode(root).fill('11');
      await root.getByRole('button', {name: 'Sign now'}).click();
      await expect(postcode(root)).toHaveAccessibleDescription('Enter a postcode of 3 digits, like 111.');
      await postcode(root).fill('111');
      await root.getByRole('button', {name: 'Sign now'}).click();
      await expect(root.getByRole('heading', {name: 'Thank you, Kila!'})).toBeVisible();
    });

    test('switching the country hides the postcode where there are none and asks for it again where there are', async ({page}) => {
      const submits = await keepSubmits(page);
      const root = await target.open(page);
      await postcode(root).fill('2000');
      for (const [name, asked] of [
        ['Fiji', false],
        ['Papua New Guinea', true],
        ['Solomon Islands', false],
        ['New Zealand', true],
        ['Fiji', false],
      ] as const) {
        await country(root).selectOption({label: name});
        await expect(postcode(root), name).toHaveCount(asked ? 1 : 0);
      }
      // A postcode typed before choosing Fiji is neither asked for nor sent.
      await signs(root, {firstName: 'Sereana', email: 'sereana@example.org'});
      expect((await submits()).map((submit) => submit.fields)).toEqual([['country', 'firstName', 'email']]);
    });

    test('an Australian signer signs with postcode 2000 and an Australian mobile, as before', async ({page}) => {
      const root = await target.open(page);
      await signs(root, {firstName: 'Mere', email: 'mere@example.org', mobile: '0412 345 678', postcode: '2000'});
    });

    test('a New Zealand mobile is taken with Australia chosen, and a New Zealand signer gives their own postcode', async ({page}) => {
      const root = await target.open(page);
      await signs(root, {firstName: 'Aroha', email: 'aroha@example.org', mobile: '021 123 4567', postcode: '2000'});

      const again = await target.open(page);
      await signs(again, {
        country: 'New Zealand',
        firstName: 'Wiremu',
        email: 'wiremu@example.org',
        mobile: '021 123 4567',
        postcode: '6011',
      });
    });

    test('a Fijian mobile typed without +679 with Australia chosen says how to write it', async ({page}) => {
      const root = await target.open(page);
      await fill(root, {firstName: 'Litia', email: 'litia@example.org', mobile: '701 2345', postcode: '2000'});
      await root.getByRole('button', {name: 'Sign now'}).click();
      await expect(mobile(root)).toHaveAccessibleDescription(/If this is a mobile in Fiji, start with \+679, like \+679 701 2345\./);
      await country(root).selectOption({label: 'Fiji'});
      await root.getByRole('button', {name: 'Sign now'}).click();
      await expect(root.getByRole('heading', {name: 'Thank you, Litia!'})).toBeVisible();
    });
  });
}

test('the element sends each signer’s country, their mobile in international form, and a postcode only where there is one', async ({
  page,
}) => {
  const sent: {supporter: Record<string, unknown>}[] = [];
  await page.route(
    (address) => address.pathname === '/pacific-endpoint/signatures',
    async (route) => {
      sent.push(route.request().postDataJSON() as {supporter: Record<string, unknown>});
      await route.fulfill({contentType: 'application/json', body: JSON.stringify({status: 'accepted', reference: `sig_${sent.length}`})});
    },
  );
  const config = {...pacific, gateway: {type: 'http', endpoint: '/pacific-endpoint'}};
  const embedded = TARGETS[1];
  for (const signer of [
    {country: 'Fiji', firstName: 'Litia', email: 'litia@example.org', mobile: '701 2345'},
    {country: 'Papua New Guinea', firstName: 'Kila', email: 'kila@example.org', mobile: '+675 7012 3456', postcode: '111'},
    {firstName: 'Mere', email: 'mere@example.org', mobile: '021 123 4567', postcode: '2000'},
  ]) {
    const root = await embedded.open(page, config);
    await fill(root, signer);
    await root.getByRole('button', {name: 'Sign now'}).click();
    await expect(root.getByRole('heading', {name: `Thank you, ${signer.firstName}!`})).toBeVisible();
  }
  expect(sent.map(({supporter}) => supporter)).toEqual([
    {consent: false, country: 'FJ', firstName: 'Litia', email: 'litia@example.org', phone: '+6797012345'},
    {consent: false, country: 'PG', firstName: 'Kila', email: 'kila@example.org', phone: '+67570123456', postcode: '111'},
    {consent: false, country: 'AU', firstName: 'Mere', email: 'mere@example.org', phone: '+64211234567', postcode: '2000'},
  ]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`${mode} mode: axe finds no violation on the demo, with Papua New Guinea’s problems shown and after a Fiji signature`, async ({
    page,
  }) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    const root = await TARGETS[0].open(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const violations = async () =>
      (await new AxeBuilder({page}).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );

    await fill(root, {country: 'Papua New Guinea', firstName: 'Kila', email: 'kila@example', postcode: '2000'});
    await root.getByRole('button', {name: 'Sign now'}).click();
    await expect(root.getByText('There are 2 problems')).toBeVisible();
    expect(await violations()).toEqual([]);

    await country(root).selectOption({label: 'Fiji'});
    await signs(root, {firstName: 'Litia', email: 'litia@example.org', mobile: '701 2345'});
    expect(await violations()).toEqual([]);
  });
}

test('the recipe’s live petition takes a signer in Fiji without a postcode, and asks one in Papua New Guinea for 3 digits', async ({
  page,
}) => {
  await openHydrated(page, url('/docs/recipes/powerform-whole-pacific'));
  const form = page.locator('form#pacific-recipe');
  await country(form).selectOption({label: 'Papua New Guinea'});
  await postcode(form).fill('2000');
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(postcode(form)).toHaveAccessibleDescription('Postcode must be 3 digits.');
  await country(form).selectOption({label: 'Fiji'});
  await expect(postcode(form)).toHaveCount(0);
  await fill(form, {firstName: 'Litia', email: 'litia@example.org', mobile: '701 2345'});
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(page.getByRole('heading', {name: 'Thank you, Litia!'})).toBeVisible();
});
