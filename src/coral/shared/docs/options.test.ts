import {describe, expect, test} from 'vitest';
import type * as zod from 'zod/mini';
import {DONATE_FORM_OPTIONS} from '../../donate-form/docs';
import {donateFormSchema} from '../../donate-form/core';
import {POWERFORM_OPTIONS} from '../../powerform/docs';
import {powerformSchema} from '../../powerform/core';
import {THANK_YOU_OPTIONS} from '../../thank-you/docs';
import {thankYouSchema} from '../../thank-you/core';
import {BUNDLE_ENTRIES, modulesLoaded} from '../testing';
import {optionPaths, optionTree, type OptionDocs} from './schemaTree';

const COMPONENTS: [string, zod.ZodMiniType, OptionDocs][] = [
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

test('no bundle loads a module of descriptions', () => {
  const modules = modulesLoaded(BUNDLE_ENTRIES, {later: true});
  expect(modules).toContain('src/coral/donate-form/schema.ts');
  expect(modules.filter((file) => /\/options\.ts$|\/reference\.ts$|\/docs\.ts$|\/shared\/docs\//.test(file))).toEqual([]);
});
