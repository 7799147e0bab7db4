/**
 * "Your first petition on your own page", run as printed: the snippets are read from the page by their titles,
 * written to a home folder of the test's own, and its commands run in bash, on free ports in place of the ones the
 * page names. The endpoint is the build the suite already made (`npm run server` builds it, then runs it); the
 * rest is the page's own: its page served by `npm run serve`, its campaigns file, its CRM stand-in checking each
 * record with the page's verification snippet, and its export.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {docSnippet, freePort, onPorts, startSnippet, type Started} from '../../server/testing/docSnippets';
import {test, expect} from './fixtures';

const PAGE = 'docs/signatures-and-records.mdx';
// Playwright runs from the repository's root, as the other specs that start the endpoint rely on.
const ROOT = process.cwd();
const SIGNER = {firstName: 'Aroha', email: 'aroha.ngata@example.org', postcode: '3010', answer: 'Kaimoana feeds my whānau.'};

let home: string;
let ports: Record<number, number>;
const running: Started[] = [];

/** A block as the reader runs it, on the test's ports. */
const snippet = (title: string) => onPorts(docSnippet(PAGE, title), ports);

/** The environment a reader's terminal gives each command: their PATH, and this test's home folder for `~`. */
const shell = () => ({cwd: ROOT, env: {PATH: process.env.PATH, HOME: home}});

/** Runs a block of commands in bash to its end, failing at the first that fails. */
const runBlock = (script: string) => execFileSync('bash', ['-eo', 'pipefail', '-c', script], {...shell(), encoding: 'utf8'});

async function startBlock(script: string, ready: RegExp): Promise<Started> {
  const started = await startSnippet('bash', ['-eo', 'pipefail', '-c', script], shell(), ready, 60_000);
  running.push(started);
  return started;
}

test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'coral-walkthrough-'));
  ports = {8080: await freePort(), 8787: await freePort(), 8788: await freePort()};
});

test.afterAll(async () => {
  for (const started of running.reverse()) await started.stop();
  if (home) rmSync(home, {recursive: true, force: true});
});

test('the page’s walkthrough takes a signature from its own page to an export and a verified forward', async ({page, watch}) => {
  test.setTimeout(90_000);
  // A browser asks for /favicon.ico, which the page's folder does not have.
  watch.expectedMissing.add('/favicon.ico');
  // 1. The script and the secrets. The suite's build has run `npm run build:embed` already.
  const folder = snippet("Make the petition's folder");
  expect(folder, 'the folder step builds the script').toMatch(/^npm run build:embed$/m);
  expect(existsSync(join(ROOT, '.embed/coral/coral.js')), 'the suite’s build wrote .embed/coral/').toBe(true);
  runBlock(folder.replace(/^npm run build:embed\n/m, ''));
  const petition = join(home, 'coral-petition');

  // 2. The page and the campaigns file, where their titles say.
  for (const title of ['~/coral-petition/site/index.html', '~/coral-petition/campaigns.json']) {
    const path = join(home, title.slice(2));
    mkdirSync(join(path, '..'), {recursive: true});
    writeFileSync(path, snippet(title));
  }

  // 3. The CRM stand-in, with the verification snippet beside it.
  writeFileSync(join(petition, 'verify.mjs'), snippet('verify.mjs'));
  writeFileSync(join(petition, 'crm.mjs'), snippet('crm.mjs'));
  const crm = await startBlock(snippet('Terminal 1: the CRM stand-in'), /listening/);

  // 4. The page, served.
  await startBlock(snippet('Terminal 2: serve the page'), /Serving/);

  // 5. The endpoint, with the page's variables; `npm run server` is its build, run.
  const endpointBlock = snippet('Terminal 3: the endpoint');
  expect(endpointBlock, 'the endpoint step ends with npm run server').toMatch(/\nnpm run server\n$/);
  const endpoint = await startBlock(
    endpointBlock.replace(/\nnpm run server\n$/, `\nexec node ${JSON.stringify(join(ROOT, 'server/dist/main.mjs'))}\n`),
    /listening on/,
  );
  expect(endpoint.output()).toContain(`records in ${join(petition, 'records')}`);

  // 6. Sign on the page, in the browser.
  await page.goto(`http://127.0.0.1:${ports[8080]}/`);
  const form = page.locator('coral-powerform');
  const counter = form.getByRole('progressbar');
  await expect(counter).toHaveAttribute('aria-valuenow', '0');
  await form.getByLabel('First name', {exact: true}).fill(SIGNER.firstName);
  await form.getByLabel('Email', {exact: true}).fill(SIGNER.email);
  await form.getByLabel('Postcode', {exact: true}).fill(SIGNER.postcode);
  await form.getByLabel('Why does the deep sea matter to you?').fill(SIGNER.answer);
  await form.getByRole('button', {name: 'Sign now'}).click();
  await expect(form.getByRole('heading', {name: `Thank you, ${SIGNER.firstName}!`})).toBeVisible();
  await expect(counter).toHaveAttribute('aria-valuenow', '1');
  await page.reload();
  await expect(page.locator('coral-powerform').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');

  // The forwarder sends what is waiting about every 5 seconds; the stand-in checked its signature.
  await expect
    .poll(crm.output, {message: 'the CRM stand-in verified the signature', timeout: 20_000})
    .toMatch(new RegExp(`verified signature:sig_\\w+: .*"email":"${SIGNER.email}"`));
  expect(crm.output()).not.toContain('refused');

  // 7. The export.
  runBlock(snippet('Export the signatures'));
  const csv = readFileSync(join(petition, 'signatures.csv'), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^reference,campaign,kind,/);
  expect(csv).toContain(
    `ban-deep-sea-mining,petition,DSM-PETITION,${SIGNER.firstName},,${SIGNER.email},,${SIGNER.postcode},why_it_matters`,
  );
  expect(csv).toContain(SIGNER.answer);
});
