import {describe, expect, test} from 'vitest';
import {donateFormSchema} from '../../coral/donate-form/core';
import {parseDonateFormConfig} from '../../coral/donate-form/parse';
import {medium} from '../../coral/donate-form/examples/medium';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {optionTree, type OptionNode} from '../../coral/shared/docs';
import {moved, newItem, sameValue, starterFor, variantStarter, withKey, withoutDefaults} from './model';

const tree = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);
const option = (key: string) => tree.find((node) => node.key === key)!;

describe('withoutDefaults', () => {
  test('leaves out every option that repeats its default, and the groups that leaves empty', () => {
    const config = {
      campaign: 'save-the-reef',
      layout: 'single',
      size: 'large',
      frequencies: ['one-off', 'monthly'],
      gateway: {type: 'sandbox', delayMs: 900},
      coverFees: {enabled: false, percent: 3},
      fields: {phone: 'optional', address: 'required'},
      amounts: {monthly: {handles: [{amount: 15}, {amount: 25}, {amount: 40}], min: 5, max: 3000}},
    };
    expect(withoutDefaults(tree, config)).toEqual({
      campaign: 'save-the-reef',
      size: 'large',
      fields: {address: 'required'},
      amounts: {monthly: {max: 3000}},
    });
  });

  test('keeps required keys, a union’s shape and options the schema does not know', () => {
    const config = {campaign: 'reef', gateway: {type: 'http', endpoint: '/pay', timeoutMs: 15_000}, colour: 'red'};
    expect(withoutDefaults(tree, config)).toEqual({campaign: 'reef', gateway: {type: 'http', endpoint: '/pay'}, colour: 'red'});
  });

  test('a trimmed config parses to the same form as the full one', () => {
    const full = parseDonateFormConfig(medium);
    const trimmed = parseDonateFormConfig(withoutDefaults(tree, {...medium}));
    expect(full.ok && trimmed.ok).toBe(true);
    expect(trimmed).toEqual(full);
  });
});

describe('starters and lists', () => {
  test('a required option starts at the smallest value its schema takes', () => {
    const stripe = variantStarter(option('gateway') as OptionNode & {kind: 'union'}, 'stripe');
    expect(stripe).toEqual({type: 'stripe', publishableKey: '', endpoint: ''});
    const handles = (option('amounts') as OptionNode & {kind: 'group'}).children[0]!;
    const list = (handles as OptionNode & {kind: 'group'}).children.find((node) => node.key === 'handles')!;
    if (list.kind !== 'list') throw new Error('not a list');
    expect(starterFor(list.item)).toEqual({amount: 0.01});
    expect(newItem(list, [])).toEqual({amount: 0.01});
    const last = {amount: 50, impact: 'plants a tree'};
    const added = newItem(list, [{amount: 10}, last]);
    expect(added).toEqual(last);
    expect(added).not.toBe(last);
  });

  test('moves an item, and stays put past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  test('sets and removes keys without touching the original, "__proto__" included', () => {
    const original = {a: 1, b: 2};
    expect(withKey(original, 'b', undefined)).toEqual({a: 1});
    expect(withKey(original, 'c', 3)).toEqual({a: 1, b: 2, c: 3});
    expect(original).toEqual({a: 1, b: 2});
    const odd = withKey({}, '__proto__', {polluted: true});
    expect(Object.keys(odd)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(sameValue({a: [1, {b: 2}]}, {a: [1, {b: 2}]})).toBe(true);
    expect(sameValue({a: 1, b: 2}, {b: 2, a: 1})).toBe(true);
    expect(sameValue({a: 1}, {a: 1, b: undefined})).toBe(false);
  });
});
