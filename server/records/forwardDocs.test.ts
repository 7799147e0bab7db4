/**
 * The CRM's side of forwarding exactly as "Signatures and records" prints it (`verify.mjs` and the `crm.mjs` that
 * answers with it), run in its own Node process against records the real forwarder signs and sends, and against
 * requests that must be refused: no Coral-Signature, a malformed one, a wrong secret, a body changed on the way.
 * A supporter's erasure and correction reach it in the shapes "Supporters' privacy" prints.
 */
import {randomBytes} from 'node:crypto';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPgStore} from './pgStore';
import {createForwarder, signRecord} from './forward';
import {correctSupporter, forgetSupporter, type SupporterDeps} from '../supporters';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {docSnippet, freePort, onPorts, sameShape, startSnippet, type Started} from '../testing/docSnippets';
import {keptGift, keptSignature, paidRecord} from '../testing/records';

const PAGE = 'docs/signatures-and-records.mdx';
const PRIVACY = 'docs/supporters-privacy.mdx';
/** Made afresh for each run, as the docs say to: never a value that looks like one in use. */
const SECRET = randomBytes(32).toString('hex');

let folder: string;
let crm: Started;
let url: string;
let test: TestDatabase;
let verify: (secret: string, header: string | undefined, rawBody: string | Buffer) => boolean;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'coral-crm-'));
  const port = await freePort();
  writeFileSync(join(folder, 'verify.mjs'), docSnippet(PAGE, 'verify.mjs'));
  writeFileSync(join(folder, 'crm.mjs'), onPorts(docSnippet(PAGE, 'crm.mjs'), {8788: port}));
  verify = ((await import(pathToFileURL(join(folder, 'verify.mjs')).href)) as {verifyCoralSignature: typeof verify}).verifyCoralSignature;
  crm = await startSnippet(
    process.execPath,
    ['crm.mjs'],
    {cwd: folder, env: {PATH: process.env.PATH, CORAL_FORWARD_SECRET: SECRET}},
    /listening/,
  );
  url = `http://127.0.0.1:${port}/coral`;
  test = await DATABASES[0]!.create();
});

afterAll(async () => {
  await crm?.stop();
  await test?.drop();
  if (folder) rmSync(folder, {recursive: true, force: true});
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(url, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body}).then((answer) => answer.status);

/** A record as the forwarder sends it, and its header signed now by the forwarder's own signing. */
async function signed(): Promise<{body: string; header: string}> {
  const body = JSON.stringify({id: 'signature:sig_1', type: 'signature', occurredAt: new Date().toISOString(), data: {campaign: 'x'}});
  return {body, header: await signRecord(SECRET, Date.now() / 1000, body)};
}

describe('the docs’ CRM side of forwarding', () => {
  it('takes each record the forwarder signs with the shared secret, and refuses one signed with another', async () => {
    const store = createPgStore(test.db, {outbox: true});
    const {reference} = await store.sign(keptSignature({supporter: {firstName: 'Mere', email: 'mere.tane@example.org'}}));
    const wrong = createForwarder({db: test.db, url, secret: randomBytes(32).toString('hex')});
    expect(await wrong.runOnce()).toEqual({delivered: 0, waiting: true});
    expect(crm.output()).toContain(`refused signature:${reference}`);

    // The forwarder waits a second after a failure before it tries the record again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const right = createForwarder({db: test.db, url, secret: SECRET});
    expect(await right.runOnce()).toEqual({delivered: 1, waiting: false});
    expect(crm.output()).toMatch(new RegExp(`verified signature:${reference}: .*"email":"mere.tane@example.org"`));
  });

  it('refuses a record with no Coral-Signature with 401, where a thrown TypeError would answer 500', async () => {
    const {body} = await signed();
    expect(await post(body, {})).toBe(401);
    expect(verify(SECRET, undefined, body)).toBe(false);
  });

  it('refuses a malformed Coral-Signature with 401', async () => {
    const {body, header} = await signed();
    for (const malformed of ['', 'nonsense', 'v1=', `t=${Date.now()}`, header.replace(/v1=/, 'v1'), header.replace(/^t=\d+/, 't=soon')]) {
      expect(await post(body, {'coral-signature': malformed}), malformed).toBe(401);
    }
  });

  it('refuses a body changed after it was signed, or a signature from more than 5 minutes ago, with 401', async () => {
    const {body, header} = await signed();
    expect(await post(body.replace('"campaign":"x"', '"campaign":"y"'), {'coral-signature': header})).toBe(401);
    const old = await signRecord(SECRET, Date.now() / 1000 - 301, body);
    expect(await post(body, {'coral-signature': old})).toBe(401);
    expect(await post(body, {'coral-signature': header})).toBe(204);
  });
});

describe('a supporter’s erasure and correction, as the CRM receives them', () => {
  it('reach the docs’ CRM signed, in the shapes the page prints, and leave nothing of the supporter in the outbox once taken', async () => {
    const store = createPgStore(test.db, {outbox: true});
    await store.keepGift(keptGift({reference: 'pi_erased', supporter: {firstName: 'Ada', email: 'ada@example.org'}}));
    await store.recordOnce('paid:pi_erased', paidRecord({reference: 'pi_erased', stripeId: 'pi_erased'}));
    await store.sign(keptSignature({supporter: {firstName: 'Ada', email: 'ada@example.org'}}));
    const hemi = {firstName: 'Hemi', email: 'hemi@example.org', phone: '+64211234567'};
    await store.keepGift(keptGift({reference: 'pi_corrected', supporter: hemi}));
    await store.sign(keptSignature({supporter: hemi}));
    const deps: SupporterDeps = {db: test.db, stripe: null, guardSecret: null, outbox: true, now: Date.now};
    const corrected = await correctSupporter(deps, 'hemi@example.org', {email: 'hemi.walker@example.org', phone: ''}, {by: 'route'});
    expect(corrected.ok).toBe(true);
    expect((await forgetSupporter(deps, 'ada@example.org', {by: 'route'})).crmRecord).toMatch(/^erasure:/);

    const sent = new Map<string, {type: string; data: unknown}>();
    const forwarder = createForwarder({
      db: test.db,
      url,
      secret: SECRET,
      fetch: async (to, init) => {
        const record = JSON.parse(init?.body as string) as {id: string; type: string; data: unknown};
        sent.set(record.type, record);
        return fetch(to, init);
      },
    });
    while ((await forwarder.runOnce()).waiting);
    for (const [type, title] of [
      ['supporter.erased', 'An erasure, as your CRM receives it'],
      ['supporter.corrected', 'A correction, as your CRM receives it'],
    ] as const) {
      const shown = JSON.parse(docSnippet(PRIVACY, title)) as {id: string; type: string};
      const record = sent.get(type);
      expect(record, type).toBeDefined();
      expect(shown.type).toBe(type);
      expect(crm.output()).toContain(`verified ${shown.id.replace(/\d+$/, '')}`);
      const [page, forwarded] = sameShape(shown, record);
      expect(page, title).toEqual(forwarded);
    }
    const [left] = await test.db.query<{payloads: string}>(
      "select string_agg(payload::text, ' ') as payloads from outbox where kind like 'supporter.%'",
    );
    expect(left!.payloads).not.toContain('hemi');
    expect(left!.payloads).not.toContain('pi_erased');
  });
});
