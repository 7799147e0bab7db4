import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ts from 'typescript';
import {afterAll, expect, test} from 'vitest';
import {medium} from '../coral/donate-form/examples/medium';
import {DONATE_FORM_OPTIONS} from '../coral/donate-form/options';
import {donateFormSchema} from '../coral/donate-form/schema';
import {optionTree} from '../coral/shared/schemaTree';
import {configDeclaration} from './configTypes';

const dir = mkdtempSync(join(tmpdir(), 'coral-config-types-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const declaration = configDeclaration('DonateFormConfig', 'The donate form’s config.', optionTree(donateFormSchema, DONATE_FORM_OPTIONS));

/** What TypeScript says of `code` against the declaration. */
function check(code: string): string[] {
  writeFileSync(join(dir, 'config.d.ts'), declaration);
  writeFileSync(join(dir, 'page.ts'), `import type {DonateFormConfig} from './config';\n${code}\n`);
  const program = ts.createProgram([join(dir, 'page.ts')], {strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: []});
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('declares the donate form’s config, each option with the description options.ts gives it', () => {
  for (const path of ['layout', 'gateway.publishableKey', 'amounts.one-off.handles[].impact', 'messages.submit.one-off']) {
    expect(declaration).toContain(`/** ${DONATE_FORM_OPTIONS[path as keyof typeof DONATE_FORM_OPTIONS]} */`);
  }
  expect(declaration).toContain('"submit.one-off"?: string;');
});

test('accepts an example config and refuses a wrong value, a misspelt key and a missing campaign', () => {
  expect(check(`export const config: DonateFormConfig = ${JSON.stringify(medium)};`)).toEqual([]);
  expect(
    check(
      `export const config: DonateFormConfig = {campaign: 'reef', gateway: {type: 'stripe', publishableKey: 'pk', endpoint: '/gifts'}};`,
    ),
  ).toEqual([]);
  expect(check(`export const config: DonateFormConfig = {campaign: 'reef', size: 'huge'};`).join('\n')).toMatch(/not assignable/);
  expect(check(`export const config: DonateFormConfig = {campaign: 'reef', layuot: 'wizard'};`).join('\n')).toMatch(/layuot/);
  expect(check(`export const config: DonateFormConfig = {layout: 'wizard'};`).join('\n')).toMatch(/campaign/);
});
