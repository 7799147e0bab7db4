/**
 * The commands, as an operator runs them: `npm run forms`, the built `forms.mjs` against the endpoint's data folder (or
 * a Postgres server), publishing, listing, showing and importing, and refusing in one line while an endpoint holds the
 * folder; and `npm run statements`, queuing a year's statements once however often it runs, and saying how many.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {makePlan, planSentence} from '../results';
import {DATABASES} from '../testing/databases';
import {buildEndpoint, endpointEnv, run, SERVER, start, stop} from '../testing/endpointProcess';
import {openPglite} from '../node';
import {createPgStore} from '../records';
import {migrate} from '../schema';
import {keptGift, paidRecord} from '../testing/records';

const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const PETITION = {campaign: 'ban-deep-sea-mining', counter: {count: 100, goal: 1000}, fields: {postcode: 'optional'}};
const DONATE_FORM = {campaign: 'save-the-reef', sourceCode: 'REEF-WEB', frequencies: ['one-off', 'monthly']};

// Built apart from server/dist, which the endpoint's own process tests build and run at the same time.
let out: string;
let files: string;
beforeAll(async () => {
  out = mkdtempSync(join(SERVER, '.build-'));
  files = mkdtempSync(join(tmpdir(), 'coral-forms-'));
  await buildEndpoint(join(out, 'dist'));
}, 120_000);
afterAll(() => {
  rmSync(out, {recursive: true, force: true});
  rmSync(files, {recursive: true, force: true});
});

const forms = (env: Record<string, string | undefined>, ...args: string[]) =>
  run(join(out, 'dist/forms.mjs'), env, 60_000, undefined, args);
const json = (ran: {stdout: string}) => JSON.parse(ran.stdout) as unknown;
function configFile(name: string, body: unknown): string {
  const file = join(files, name);
  writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

describe('node server/dist/forms.mjs', () => {
  it('publishes, lists, shows and imports on the embedded database, publishes through a running endpoint, and refuses in one line where it cannot', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-data-'));
    const env = {...endpointEnv(folder), CORAL_ADMIN_TOKEN: ADMIN_TOKEN};
    // The campaigns file lists the petition only: the reef appeal's donate form is published with no campaigns file.
    const published = {...env, CORAL_CAMPAIGNS: undefined};
    const reef = configFile('save-the-reef.json', {component: 'donate-form', ...DONATE_FORM});
    try {
      expect(await forms(env, 'publish', reef)).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `coral forms: campaign: "save-the-reef" is not one of this endpoint's campaigns (CORAL_CAMPAIGNS), so the form would take nothing: list the campaign there first, or leave CORAL_CAMPAIGNS unset to publish every form here\n`,
      });
      // A donate form that takes real gifts is refused where there are no Stripe keys, before anything is opened.
      const paid = configFile('paid.json', {
        component: 'donate-form',
        ...DONATE_FORM,
        gateway: {type: 'http', endpoint: 'https://give.example.org'},
      });
      const giftless = await forms(published, 'publish', paid);
      expect(giftless).toMatchObject({code: 1, stdout: ''});
      expect(giftless.stderr).toMatch(/^coral forms: this endpoint takes no gifts \(STRIPE_SECRET_KEY is not set\).*\n$/);
      expect(giftless.stderr.trim().split('\n')).toHaveLength(1);

      const running = await start(published, {file: join(out, 'dist/main.mjs')});
      // Where it cannot tell the endpoint's address (here its port is the system's choice), it opens the records, held.
      const refused = await forms(published, 'publish', reef);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^coral forms: .*coral endpoint/);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      // Through the running endpoint's own route, with the admin token, it publishes while the endpoint holds them.
      const wrongToken = {...published, CORAL_ADMIN_TOKEN: 'not-the-admin-token-0000000000000000000'};
      expect(await forms(wrongToken, 'publish', reef, '--endpoint', running.base)).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `coral forms: the endpoint at ${running.base} refused CORAL_ADMIN_TOKEN: set the value it runs with\n`,
      });
      expect(await forms(published, 'publish', reef, '--by', 'Aroha Ngata', '--endpoint', `${running.base}/`)).toMatchObject({
        code: 0,
        stdout: '{"form":"save-the-reef","version":1}\n',
        stderr: '',
      });
      expect(await stop(running)).toBe(0);
      expect(await forms(published, 'publish', reef, '--endpoint', running.base)).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(new RegExp(`^coral forms: no endpoint answers at ${running.base} `)),
      });
      const changed = configFile('reef-eofy.json', {component: 'donate-form', ...DONATE_FORM, sourceCode: 'REEF-EOFY'});
      expect((await forms(published, 'publish', changed, '--id', 'save-the-reef')).stdout).toBe('{"form":"save-the-reef","version":2}\n');
      // A version with an experiment comes with its plan: this form has no visitors before it, so the plan assumes.
      const variants = [
        {id: 'control', weight: 1, changes: {}},
        {id: 'monthly-first', weight: 1, changes: {defaultFrequency: 'monthly'}},
      ];
      const experiment = {id: 'monthly-ask', metric: 'gifts-per-visitor', smallestLiftPercent: 20, variants};
      const tested = configFile('reef-test.json', {component: 'donate-form', ...DONATE_FORM, experiment});
      expect(json(await forms(published, 'publish', tested))).toEqual({
        form: 'reef-test',
        version: 1,
        plan: planSentence(makePlan('gifts-per-visitor', variants, 20, null)),
      });
      const wrong = configFile('wrong.json', {component: 'donate-form', ...DONATE_FORM, amounts: {'one-off': {handles: [{amount: '5'}]}}});
      expect(await forms(published, 'publish', wrong)).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `coral forms: ${wrong} is not a config Coral can publish:\n  amounts.one-off.handles.0.amount: got "5"; expected a number\n`,
      });

      expect(json(await forms(env, 'show', 'save-the-reef'))).toMatchObject({version: 2, config: {sourceCode: 'REEF-EOFY'}});
      expect(json(await forms(env, 'show', 'save-the-reef', '--version', '1'))).toMatchObject({
        version: 1,
        config: {sourceCode: 'REEF-WEB'},
      });
      expect(await forms(env, 'show', 'save-the-reef', '--version', '3')).toMatchObject({
        code: 1,
        stderr: 'coral forms: no form "save-the-reef" with a version 3\n',
      });

      // The campaigns file's petition becomes a form of its own; imported again, it is left as it is, and said so.
      expect((await forms(env, 'import')).stdout).toBe('imported: ban-deep-sea-mining (powerform) as version 1\n');
      expect((await forms(env, 'import')).stdout).toBe('skipped: ban-deep-sea-mining (powerform) is already there with the same config\n');
      const listed = json(await forms(env, 'list')) as {forms: Array<{form: string; versions: Array<{publishedBy: string | null}>}>};
      expect(listed.forms.map(({form, versions}) => [form, versions.map(({publishedBy}) => publishedBy)])).toEqual([
        ['ban-deep-sea-mining', [null]],
        ['reef-test', [null]],
        ['save-the-reef', ['Aroha Ngata', null]],
      ]);

      // Version 2 withdrawn: the form is version 1 again; withdrawn again, it says so; a form there is not, refused.
      expect(await forms(env, 'withdraw', 'save-the-reef', '--version', '2', '--by', 'Aroha Ngata')).toMatchObject({
        code: 0,
        stdout: '{"form":"save-the-reef","withdrawn":[2]}\n',
        stderr: '',
      });
      expect(json(await forms(env, 'show', 'save-the-reef'))).toMatchObject({version: 1});
      expect(await forms(env, 'withdraw', 'save-the-reef', '--version', '2')).toMatchObject({
        code: 0,
        stdout: '{"form":"save-the-reef","withdrawn":[]}\n',
        stderr: 'coral forms: version 2 was withdrawn already\n',
      });
      expect(await forms(env, 'withdraw', 'save-the-rivers')).toMatchObject({code: 1, stderr: 'coral forms: no form "save-the-rivers"\n'});
      const withdrawn = json(await forms(env, 'list')) as {forms: Array<{form: string; versions: Array<{withdrawnBy: string | null}>}>};
      expect(withdrawn.forms.find(({form}) => form === 'save-the-reef')?.versions.map(({withdrawnBy}) => withdrawnBy)).toEqual([
        null,
        'Aroha Ngata',
      ]);

      // The endpoint serves what the command published.
      const again = await start(env, {file: join(out, 'dist/main.mjs')});
      const served = (await (await fetch(`${again.base}/forms/ban-deep-sea-mining`)).json()) as {config: unknown};
      expect(served.config).toEqual(PETITION);
      expect(await stop(again)).toBe(0);
      expect((await forms(env, 'erase')).stderr).toMatch(/^usage: npm run forms -- publish <file.json>/);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'publishes on a Postgres server while the endpoint runs, which serves it at once',
    async () => {
      const database = await DATABASES.at(-1)!.create();
      const folder = mkdtempSync(join(tmpdir(), 'coral-data-'));
      const env = {...endpointEnv(folder), DATABASE_URL: database.url};
      try {
        const running = await start(env, {file: join(out, 'dist/main.mjs')});
        const file = configFile('thanks.json', {component: 'thank-you', campaign: 'save-the-reef'});
        expect((await forms(env, 'publish', file, '--id', 'reef-thanks')).stdout).toBe('{"form":"reef-thanks","version":1}\n');
        const served = await fetch(`${running.base}/forms/reef-thanks`);
        expect(await served.json()).toMatchObject({form: 'reef-thanks', component: 'thank-you', campaign: 'save-the-reef'});
        expect(await stop(running)).toBe(0);
      } finally {
        await database.drop();
        rmSync(folder, {recursive: true, force: true});
      }
    },
    180_000,
  );
});

describe('node server/dist/statements.mjs', () => {
  const statements = (env: Record<string, string | undefined>, ...args: string[]) =>
    run(join(out, 'dist/statements.mjs'), env, 60_000, undefined, args);
  const MAIL = {
    CORAL_SMTP_URL: 'smtp://127.0.0.1:2525',
    CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
    CORAL_RECEIPTS: JSON.stringify({legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'}),
  };

  it('queues a statement for each supporter who gave in the financial year, once however often it runs, and says how many', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-data-'));
    try {
      const db = await openPglite(folder);
      await migrate(db);
      const store = createPgStore(db);
      // Ada gave in March 2026, in Australia's financial year 2026, over by now; Vai in August 2026, in its 2027, which is not.
      const march = Date.UTC(2026, 2, 3) / 1000;
      const august = Date.UTC(2026, 7, 3) / 1000;
      await store.keepGift(keptGift({reference: 'pi_ada', createdAt: march}));
      await store.recordOnce('paid:pi_ada', paidRecord({reference: 'pi_ada', stripeId: 'pi_ada', recordedAt: march}));
      const vai = {...keptGift().supporter, firstName: 'Vai', email: 'vai@example.org'};
      await store.keepGift(keptGift({reference: 'pi_vai', createdAt: august, supporter: vai}));
      await store.recordOnce('paid:pi_vai', paidRecord({reference: 'pi_vai', stripeId: 'pi_vai', recordedAt: august}));
      await db.close();
      const env = {...endpointEnv(folder), ...MAIL};
      expect(await statements(env, '--year', '2026')).toMatchObject({
        code: 0,
        stdout: '1 statement for 2026 queued: the endpoint sends them through the relay\n',
      });
      expect(await statements(env, '--year', '2026')).toMatchObject({
        code: 0,
        stdout: '0 statements for 2026 queued; 1 statement queued by an earlier run, not again\n',
      });
      expect(await statements(env, '--year', '2027')).toMatchObject({
        code: 0,
        stdout:
          '0 statements for 2027 queued; 1 supporter whose financial year 2027 is not over yet, none queued: run it again once it is\n',
      });
      expect(await statements(env, '--year', '26')).toMatchObject({
        code: 1,
        stderr: 'coral statements: --year "26" is not a year like 2026 (a financial year is named by the year it ends in)\n',
      });
      expect(await statements(endpointEnv(folder), '--year', '2026')).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^coral statements: CORAL_SMTP_URL is not set: statements go by mail/),
      });
      const reopened = await openPglite(folder);
      expect(await reopened.query('select kind, count(*)::int as count from mail group by kind')).toEqual([{kind: 'statement', count: 1}]);
      await reopened.close();
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});
