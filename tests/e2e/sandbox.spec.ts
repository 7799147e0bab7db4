/** A donate form or a powerform on the sandbox gateway says, on the form itself, that it is a test: on the site and in the embed. */
import type {Locator, Page} from '@playwright/test';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

const NOTICE = 'Test mode: no money is taken.';

/** The notice by the payment fields and by the give button, both seen and both in the accessibility tree; no promise of security. */
async function saysItIsATest(form: Locator): Promise<void> {
  const payment = form.getByRole('group', {name: 'Payment'});
  await expect(payment.getByLabel('Card number')).toBeVisible();
  await expect(payment.getByText(NOTICE)).toBeVisible();
  const give = form.getByRole('button', {name: /^Give /});
  const byButton = form.getByRole('listitem').filter({hasText: NOTICE});
  await expect(byButton).toBeVisible();
  const [button, line] = await Promise.all([give.boundingBox(), byButton.boundingBox()]);
  expect(line!.y).toBeGreaterThan(button!.y);
  await expect(form).not.toContainText('secure and encrypted');
}

/** The console's warnings on a page, as they come. */
function warnings(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') said.push(message.text());
  });
  return said;
}

test('the React donate form on a demo page says it is a test, by its fields and its give button', async ({page}) => {
  const said = warnings(page);
  await openHydrated(page, url('/demos/donate-form-medium'));
  await saysItIsATest(page.locator('#donate'));
  expect(said.filter((line) => line.includes('sandbox gateway'))).toHaveLength(1);
});

test('the embedded donate form on a plain page says it is a test, and the console names the key for real payments', async ({page}) => {
  const said = warnings(page);
  await page.goto(
    await servePage(page, '/campaign/appeal.html', EMBED_SCRIPT + elementTag('coral-donate-form', 'donate', {campaign: 'save-the-reef'})),
  );
  await elementsRendered(page);
  await saysItIsATest(page.locator('coral-donate-form').getByRole('form'));
  expect(said.filter((line) => line.includes("gateway: {type: 'stripe'"))).toHaveLength(1);
});

const SIGNATURE_NOTICE = 'Test mode: this signature was sent to no one, and counts on this page only.';

/** Signs `within`'s petition with the fields the form asks for, and finds the thanks saying the signature was a test. */
async function signsAsATest(within: Locator): Promise<void> {
  const form = within.getByRole('form');
  await form.getByLabel('First name', {exact: true}).fill('Mere');
  await form.getByLabel('Email', {exact: true}).fill('mere.tane@example.org');
  const postcode = form.getByLabel('Postcode', {exact: true});
  if ((await postcode.count()) > 0) await postcode.fill('2000');
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(within.getByRole('heading', {name: 'Thank you, Mere!'})).toBeVisible();
  await expect(within.getByText(SIGNATURE_NOTICE)).toBeVisible();
}

test('the React powerform on its demo page thanks the signer and says the signature was a test', async ({page}) => {
  await openHydrated(page, url('/demos/powerform'));
  await signsAsATest(page.locator('main'));
});

test('the embedded powerform on a plain page thanks the signer and says the signature was a test', async ({page}) => {
  await page.goto(
    await servePage(
      page,
      '/campaign/petition.html',
      EMBED_SCRIPT + elementTag('coral-powerform', 'petition', {campaign: 'ban-deep-sea-mining'}),
    ),
  );
  await elementsRendered(page);
  await signsAsATest(page.locator('coral-powerform'));
});
