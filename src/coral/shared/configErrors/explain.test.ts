import {describe, expect, it} from 'vitest';
import * as zod from 'zod/mini';
import {counted} from '../config';
import {BUNDLE_ENTRIES, modulesLoaded} from '../testing';
import {describeError, parseConfig} from './explain';

const lines = (schema: zod.ZodMiniType, input: unknown): string[] => {
  const result = parseConfig(schema, input);
  return result.ok ? [] : result.errors.map(describeError);
};

describe('counts a producer reads', () => {
  it('gives each count its noun in the form the count takes', () => {
    expect(counted('problem', 1)).toBe('1 problem');
    expect(counted('problem', 0)).toBe('0 problems');
    expect(counted('problem', 2)).toBe('2 problems');
    expect(counted('item', 1)).toBe('1 item');
    expect(counted('character', 40)).toBe('40 characters');
  });

  it('says "1 item" and "1 character" in a limit of one, at either end', () => {
    const schema = zod.strictObject({
      tags: zod.array(zod.string()).check(zod.minLength(1), zod.maxLength(1)),
      initial: zod.string().check(zod.minLength(1), zod.maxLength(1)),
      pair: zod.array(zod.string()).check(zod.minLength(2), zod.maxLength(2)),
      code: zod.string().check(zod.minLength(2), zod.maxLength(2)),
    });
    expect(lines(schema, {tags: ['a', 'b'], initial: 'ab', pair: ['a'], code: 'a'})).toEqual([
      'tags: got ["a","b"]; expected at most 1 item',
      'initial: got "ab"; expected at most 1 character',
      'pair: got ["a"]; expected at least 2 items',
      'code: got "a"; expected at least 2 characters',
    ]);
    expect(lines(schema, {tags: [], initial: '', pair: ['a', 'b', 'c'], code: 'abc'})).toEqual([
      'tags: got []; expected at least 1 item',
      'initial: got ""; expected at least 1 character',
      'pair: got ["a","b","c"]; expected at most 2 items',
      'code: got "abc"; expected at most 2 characters',
    ]);
  });
});

describe('where the explanation loads', () => {
  it('comes to a page only on demand: no form, and not the embed’s first script, loads it with its own code', () => {
    const explanation = /\/shared\/(configErrors|configErrorBox)\/|\/(donate-form|powerform|thank-you)\/parse\.ts$/;
    const later = modulesLoaded(BUNDLE_ENTRIES, {later: true});
    expect(later.filter((file) => explanation.test(file))).toContain('src/coral/shared/configErrors/explain.ts');
    expect(modulesLoaded(BUNDLE_ENTRIES, {later: false}).filter((file) => explanation.test(file))).toEqual([]);
  });
});
