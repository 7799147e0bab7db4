/**
 * The type-aware lint rules stay on: the repository's own ESLint config reads
 * small sources in place of a file of each linted folder (the type-aware rules
 * read only files the tsconfig holds), and must report the promise mistakes
 * they hold. Nothing is written: the text alone is linted.
 */
import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import {beforeAll, describe, expect, it} from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

// One file of each folder the lint covers, whose text the sources stand in for.
const FILES = [
  'src/coral/contract/index.ts',
  'server/doorway/handler.ts',
  'tests/e2e/fixtures.ts',
  'scripts/serve.mjs',
  'scripts/lib/demos.mjs',
  'eslint.config.mjs',
] as const;

const SOURCES = {
  '@typescript-eslint/no-floating-promises': {
    ts: `async function send(): Promise<void> {}\nexport function go(): void {\n  send();\n}\n`,
    js: `async function send() {}\nexport function go() {\n  send();\n}\n`,
  },
  '@typescript-eslint/no-misused-promises': {
    ts: `export function watch(target: EventTarget): void {\n  target.addEventListener('change', async () => {});\n}\n`,
    js: `/** @param {EventTarget} target */\nexport function watch(target) {\n  target.addEventListener('change', async () => {});\n}\n`,
  },
  '@typescript-eslint/await-thenable': {
    ts: `export async function twice(value: number): Promise<number> {\n  return (await value) * 2;\n}\n`,
    js: `/** @param {number} value */\nexport async function twice(value) {\n  return (await value) * 2;\n}\n`,
  },
} as const;

// The same code with its promises handled: the config must find nothing in it.
const CLEAN = {
  ts: `async function send(): Promise<void> {}\nexport async function go(target: EventTarget): Promise<void> {\n  target.addEventListener('change', () => {\n    send().catch(() => {});\n  });\n  await send();\n}\n`,
  js: `async function send() {}\n/** @param {EventTarget} target */\nexport async function go(target) {\n  target.addEventListener('change', () => {\n    send().catch(() => {});\n  });\n  await send();\n}\n`,
};

let eslint: ESLint;

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, {filePath: `${root}/${filePath}`, warnIgnored: true});
  if (!result) throw new Error(`ESLint gave no result for ${filePath}`);
  return result.messages.map(({ruleId, message}) => ({ruleId, message}));
}

// The first lint builds the whole program's types, which on a busy machine takes longer than a test may.
beforeAll(async () => {
  eslint = new ESLint({cwd: root});
  await lint(CLEAN.ts, FILES[0]);
}, 180_000);

describe('type-aware lint rules', () => {
  for (const file of FILES) {
    const kind = file.endsWith('.ts') ? 'ts' : 'js';

    it.each(Object.entries(SOURCES))(`reports %s in place of ${file}`, async (rule, sources) => {
      expect(await lint(sources[kind], file)).toEqual([expect.objectContaining({ruleId: rule})]);
    });

    it(`finds nothing in place of ${file} when every promise is handled`, async () => {
      expect(await lint(CLEAN[kind], file)).toEqual([]);
    });
  }
});

// The doors: a file that reaches past another folder's door, or closes an import loop, fails the lint with a message
// that names the door. Each source stands in for a real file, so its relative imports resolve as that file's would.
describe('doors and loops', () => {
  const SIDE_DOORS = [
    [
      'src/coral/thank-you/schema.ts',
      `import {checkDonateFormConfig} from '../donate-form/schema';\nexport const check = checkDonateFormConfig;\n`,
      'core.ts (without its view or React)',
    ],
    ['src/embed/elements.ts', `export const view = () => import('../coral/powerform/Powerform');\n`, 'not Powerform.tsx'],
    ['src/coral/donate-form/state.ts', `import {fill} from '../shared/basics/template';\nexport const said = fill;\n`, 'basics/index.ts'],
    // The endpoint's rooms: a gift's code reaching into the records' Postgres store rather than through their door.
    [
      'server/gifts/checkout.ts',
      `import {createPgStore} from '../records/pgStore';\nexport const make = createPgStore;\n`,
      'server/records/index.ts',
    ],
    ['server/index.ts', `export {answerGift} from './gifts/giftRoute';\n`, 'through its door, server/gifts/index.ts, not giftRoute.ts'],
  ] as const;

  it.each(SIDE_DOORS)('refuses a side door in place of %s', async (file, code, says) => {
    expect(await lint(code, file)).toEqual([{ruleId: 'boundaries/dependencies', message: expect.stringContaining(says)}]);
  });

  it('takes the same imports through the doors', async () => {
    const code = `import {checkDonateFormConfig} from '../donate-form';\nimport {fill} from '../shared/basics';\nexport const used = [checkDonateFormConfig, fill];\n`;
    expect(await lint(code, 'src/coral/thank-you/schema.ts')).toEqual([]);
  });

  it('takes the endpoint’s rooms through their doors, and a room’s own files as they are', async () => {
    const code = `import {createPgStore} from '../records';\nimport {checkGift} from './gift';\nexport const used = [createPgStore, checkGift];\n`;
    expect(await lint(code, 'server/gifts/checkout.ts')).toEqual([]);
  });

  it('refuses an import that closes a loop between the endpoint’s rooms', async () => {
    // The gifts keep their records through the records' door; the records reading the gifts back would close the loop.
    const code = `import {checkGift} from '../gifts';\nexport const check = checkGift;\n`;
    expect(await lint(code, 'server/records/export.ts')).toEqual([expect.objectContaining({ruleId: 'import-x/no-cycle'})]);
  });

  it('refuses an import that closes a loop', async () => {
    // The fields' checks read money; money reading the fields back would close the loop.
    const code = `import {checkField} from '../fields';\nexport const check = checkField;\n`;
    expect(await lint(code, 'src/coral/shared/money/money.ts')).toEqual([expect.objectContaining({ruleId: 'import-x/no-cycle'})]);
  });
});
