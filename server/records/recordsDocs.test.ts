/**
 * "Signatures and records", "Taking real payments" and "Supporters' privacy", held to what the endpoint does: the
 * list of tables to the migrations, each page config to the campaigns file printed beside it, the local steps to
 * ports and a script a machine of its own can serve, and what `records` prints to what it answers.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {createPgStore} from './pgStore';
import {EXPORT_KINDS, exportHeaders} from './export';
import {heldFor} from '../supporters';
import {DATABASES} from '../testing/databases';
import {docSnippet, sameShape, withoutComments} from '../testing/docSnippets';
import {keptGift, keptSignature, paidRecord} from '../testing/records';

const RECORDS = 'docs/signatures-and-records.mdx';
const PAYMENTS = 'docs/taking-payments.mdx';
const PRIVACY = 'docs/supporters-privacy.mdx';
const MIGRATIONS = 'server/schema/migrations';

/** Every `create table` of the migrations and the migration runner (its own `coral_migrations`), with the columns later migrations add. */
function migratedTables(): Map<string, string[]> {
  const sql = [
    ...readdirSync(MIGRATIONS)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => readFileSync(join(MIGRATIONS, name), 'utf8')),
    readFileSync('server/schema/migrate.ts', 'utf8'),
  ].join('\n');
  const tables = new Map<string, string[]>();
  for (const [, name] of sql.matchAll(/create table (?:if not exists )?(\w+)/gi)) tables.set(name!, []);
  for (const [, table, column] of sql.matchAll(/alter table (\w+) add column (?:if not exists )?(\w+)/gi))
    tables.get(table!)?.push(column!);
  return tables;
}

/** The rows of the page's list of tables, between its `{/* tables *\/}` comments: each table's name and its row. */
function listedTables(text: string): Map<string, string> {
  const start = text.indexOf('{/* tables');
  const end = text.indexOf('{/* /tables */}', start);
  if (start < 0 || end < 0) throw new Error(`${RECORDS} should list the tables between {/* tables */} and {/* /tables */}`);
  return new Map([...text.slice(start, end).matchAll(/^\| `(\w+)` \|(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

/** A page's config as the endpoint's copy should read it: what only the page needs (the gateway, the count's address) left out. */
function endpointCopy(config: Record<string, unknown>): Record<string, unknown> {
  const {gateway: _gateway, counter, ...rest} = config;
  const {url: _url, ...count} = (counter ?? {}) as Record<string, unknown>;
  return counter === undefined ? rest : {...rest, counter: count};
}

const powerform = (campaigns: string, campaign: string) =>
  (JSON.parse(campaigns) as {powerforms: Array<{campaign: string}>}).powerforms.find((entry) => entry.campaign === campaign);

describe('the list of tables in Signatures and records', () => {
  const listed = () => listedTables(readFileSync(RECORDS, 'utf8'));
  const tables = migratedTables();

  it('names every table the migrations create, and no other', () => {
    expect(tables.size).toBeGreaterThan(5);
    expect([...listed().keys()].sort()).toEqual([...tables.keys()].sort());
  });

  it('says what each holds and how long it is kept', () => {
    for (const [name, row] of listed()) expect(row.split('|').filter((cell) => cell.trim() !== '').length, name).toBe(2);
  });

  it('names the columns later migrations add to a table in its row', () => {
    for (const [table, columns] of tables) for (const column of columns) expect(listed().get(table), table).toContain(`\`${column}\``);
  });
});

describe('the export’s columns in Signatures and records', () => {
  it('are each kind’s header row, in its order, the country last', () => {
    const text = readFileSync(RECORDS, 'utf8');
    for (const kind of EXPORT_KINDS) {
      const row = new RegExp(`^\\| \`${kind}\` \\| (.*) \\|$`, 'm').exec(text)?.[1];
      expect(row, kind).toBeDefined();
      expect(
        [...row!.matchAll(/`(\w+)`/g)].map((match) => match[1]),
        kind,
      ).toEqual(exportHeaders(kind));
      expect(exportHeaders(kind).at(-1)).toBe('country');
    }
  });
});

describe('the page configs and the endpoint’s copies', () => {
  it('agree on the petition, as the page asks them to', () => {
    const page = JSON.parse(docSnippet(RECORDS, 'A powerform config that signs through your endpoint')) as {campaign: string};
    expect(powerform(docSnippet(RECORDS, 'campaigns.json'), page.campaign)).toEqual(endpointCopy(page));
  });

  it('agree in the walkthrough: the page’s element and the campaigns file it starts the endpoint with', () => {
    const html = docSnippet(RECORDS, '~/coral-petition/site/index.html');
    const json = /<coral-powerform[^>]*>\s*<script type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json, 'a <coral-powerform> holding its config in a <script type="application/json">').toBeDefined();
    const page = JSON.parse(json!) as {campaign: string};
    expect(powerform(docSnippet(RECORDS, '~/coral-petition/campaigns.json'), page.campaign)).toEqual(endpointCopy(page));
  });
});

describe('the steps to try the endpoint on your own machine', () => {
  // `npm start` serves this site on 3000, and `npm run serve` too unless told otherwise.
  const SITE_PORT = '3000';

  it.each([
    [PAYMENTS, '## Run the endpoint against your test account'],
    [RECORDS, '## Your first petition on your own page'],
  ])('%s (%s) serve the page on a port the docs site does not take, with Coral’s script built locally', (file, heading) => {
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf(`${heading}\n`);
    expect(start, `${file} has a section "${heading}"`).toBeGreaterThanOrEqual(0);
    const end = text.indexOf('\n## ', start + heading.length);
    const steps = text.slice(start, end < 0 ? undefined : end);
    const ports = [...steps.matchAll(/(?:localhost|127\.0\.0\.1):(\d+)|--port (\d+)/g)].map((match) => match[1] ?? match[2]);
    expect(ports.length).toBeGreaterThan(1);
    expect(ports).not.toContain(SITE_PORT);
    expect(steps).toContain('npm run build:embed');
    expect(steps).toContain('.embed/coral');
    expect(steps).not.toMatch(/src="https?:\/\/(?!127\.0\.0\.1|localhost)/);
    expect(steps).not.toContain('greenpeace.github.io');
  });
});

describe('the embed snippets of the README and both pages', () => {
  it.each(['README.md', RECORDS, PAYMENTS])('%s give each element its config the same way, in a JSON script inside it', (file) => {
    const html = [...readFileSync(file, 'utf8').matchAll(/```html[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!).join('\n');
    const all = [...html.matchAll(/<coral-[a-z-]+[^>]*>/g)].map((match) => match[0]);
    // An element naming a published form (`form="…"`) has no config on the page at all.
    const elements = all.filter((element) => !/\sform="/.test(element));
    expect(elements.length, `${file} shows an element`).toBeGreaterThan(0);
    for (const element of all) expect(element).not.toMatch(/\bconfig=/);
    expect(html.match(/<script type="application\/json">/g)).toHaveLength(elements.length);
  });
});

describe('what is held for an email, as Supporters’ privacy prints it', () => {
  it('has the shape `records` answers: each key where the page shows it, each value of the type shown', async () => {
    const test = await DATABASES[0]!.create();
    try {
      const store = createPgStore(test.db, {outbox: true});
      const utm = {utm_source: 'newsletter'};
      await store.keepGift(
        keptGift({
          reference: 'sub_1',
          frequency: 'monthly',
          amount: 2500,
          fee: 75,
          utm,
          supporter: {...keptGift().supporter, country: 'AU'},
        }),
      );
      await store.recordOnce('paid:in_1', paidRecord({reference: 'sub_1', stripeId: 'in_1', frequency: 'monthly', amount: 2575}));
      const signer = {...keptSignature().supporter, country: 'AU'};
      await store.sign(
        keptSignature({sourceCode: null, supporter: signer, answer: {id: 'why_it_matters', value: 'It is the last wild place.'}, utm}),
      );
      const held = await heldFor(test.db, 'ADA@example.org', null);
      expect(held.gifts).toHaveLength(1);
      expect(held.signatures).toHaveLength(1);
      const [shown, answered] = sameShape(withoutComments(docSnippet(PRIVACY, 'ada.json')), JSON.parse(JSON.stringify(held)));
      expect(shown).toEqual(answered);
    } finally {
      await test.drop();
    }
  });
});
