import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ts from 'typescript';
import {afterAll, expect, test} from 'vitest';
import {medium} from '../coral/donate-form/examples/medium';
import {DONATE_FORM_OPTIONS} from '../coral/donate-form/docs';
import {donateFormSchema} from '../coral/donate-form/core';
import {optionTree} from '../coral/shared/docs';
import {configDeclaration} from './configTypes';

const dir = mkdtempSync(join(tmpdir(), 'coral-config-types-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const declaration = configDeclaration('DonateFormConfig', 'The donate form’s config.', optionTree(donateFormSchema, DONATE_FORM_OPTIONS));

/** What TypeScript says of each of `pages` against the declaration, checked as one program (one compile is slow enough). */
function check(...pages: string[]): string[][] {
  writeFileSync(join(dir, 'config.d.ts'), declaration);
  const files = pages.map((code, i) => {
    const file = join(dir, `page${i}.ts`);
    writeFileSync(file, `import type {DonateFormConfig} from './config';\nexport const config: DonateFormConfig = ${code};\n`);
    return file;
  });
  const program = ts.createProgram(files, {strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: []});
  return files.map((file) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

test('declares the donate form’s config, each option with the description options.ts gives it', () => {
  for (const path of ['layout', 'gateway.publishableKey', 'amounts.one-off.handles[].impact', 'messages.submit.one-off']) {
    expect(declaration).toContain(`/** ${DONATE_FORM_OPTIONS[path as keyof typeof DONATE_FORM_OPTIONS]} */`);
  }
  expect(declaration).toContain('"submit.one-off"?: string;');
});

test('accepts an example config and refuses a wrong value, a misspelt key and a missing campaign', () => {
  const [example, stripe, size, misspelt, missing] = check(
    JSON.stringify(medium),
    "{campaign: 'reef', gateway: {type: 'stripe', publishableKey: 'pk', endpoint: '/gifts'}}",
    "{campaign: 'reef', size: 'huge'}",
    "{campaign: 'reef', layuot: 'wizard'}",
    "{layout: 'wizard'}",
  );
  expect(example).toEqual([]);
  expect(stripe).toEqual([]);
  expect(size!.join('\n')).toMatch(/not assignable/);
  expect(misspelt!.join('\n')).toMatch(/layuot/);
  expect(missing!.join('\n')).toMatch(/campaign/);
});
