import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {describe, expect, test} from 'vitest';
import type * as z from 'zod/mini';
import {DONATE_FORM_OPTIONS} from '../../donate-form/docs';
import {donateFormSchema} from '../../donate-form/core';
import {POWERFORM_OPTIONS} from '../../powerform/docs';
import {powerformSchema} from '../../powerform/core';
import {THANK_YOU_OPTIONS} from '../../thank-you/docs';
import {thankYouSchema} from '../../thank-you/core';
import {optionPaths, optionTree, type OptionDocs} from './schemaTree';

const COMPONENTS: [string, z.ZodMiniType, OptionDocs][] = [
  ['donate form', donateFormSchema, DONATE_FORM_OPTIONS],
  ['powerform', powerformSchema, POWERFORM_OPTIONS],
  ['thank-you page', thankYouSchema, THANK_YOU_OPTIONS],
];

describe.each(COMPONENTS)('the %s’s descriptions', (_, schema, docs) => {
  const paths = optionPaths(optionTree(schema, docs));

  test('describe every option of its schema', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !Object.hasOwn(docs, path))).toEqual([]);
  });

  test('name no option the schema does not have', () => {
    expect(Object.keys(docs).filter((path) => !paths.includes(path))).toEqual([]);
  });

  test('say something', () => {
    expect(Object.entries(docs).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

const root = resolve(__dirname, '../../../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\b)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The source file an import names, as the bundlers resolve it. */
function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/** Every module a bundle entry loads, at once or later, by its relative imports (type-only imports load nothing). */
function loaded(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const next = fileOf(file, (match[1] ?? match[2])!);
      if (next) visit(next);
    }
  };
  visit(join(root, entry));
  return seen;
}

test('no bundle loads a module of descriptions', () => {
  const entries = ['src/embed/coral.ts', 'src/coral/donate-form/index.ts', 'src/coral/powerform/index.ts', 'src/coral/thank-you/index.ts'];
  const modules = [...new Set(entries.flatMap((entry) => [...loaded(entry)]))].map((file) => file.slice(root.length + 1));
  expect(modules).toContain('src/coral/donate-form/schema.ts');
  expect(modules.filter((file) => /\/options\.ts$|\/reference\.ts$|\/docs\.ts$|\/shared\/docs\//.test(file))).toEqual([]);
});
