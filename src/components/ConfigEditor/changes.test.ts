import {describe, expect, test} from 'vitest';
import {donateFormSchema} from '../../coral/donate-form/core';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {optionTree} from '../../coral/shared/docs';
import {changeLine, configChanges, shown} from './changes';

const tree = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);
const lines = (before: Record<string, unknown> | null, after: Record<string, unknown>) =>
  configChanges(tree, before, after).map(changeLine);

const published = {
  campaign: 'save-the-reef',
  sourceCode: 'REEF-WEB',
  amounts: {'one-off': {handles: [{amount: 20}, {amount: 50}, {amount: 100}]}},
};

describe('configChanges', () => {
  test('names each changed option as the editor does, with the value before and after', () => {
    const next = {
      ...published,
      sourceCode: 'REEF-EOFY',
      defaultFrequency: 'monthly',
      amounts: {'one-off': {handles: [{amount: 25}, {amount: 50}, {amount: 150, label: 'Protects a reef'}]}},
    };
    expect(lines(published, next)).toEqual([
      'Source code: REEF-WEB → REEF-EOFY',
      'Default frequency: added (monthly)',
      'Amounts › One-off › Handles: 20, 50, 100 → 25, 50, 150 (Protects a reef)',
    ]);
  });

  test('finds nothing between a config and the same with its keys in another order or its defaults written out', () => {
    const same = {
      currency: 'AUD',
      amounts: {'one-off': {min: 5, handles: [{amount: 20}, {amount: 50}, {amount: 100}]}},
      sourceCode: 'REEF-WEB',
      campaign: 'save-the-reef',
    };
    expect(configChanges(tree, published, same)).toEqual([]);
  });

  test('compares an option left out with its default, and says what a removed option was', () => {
    expect(lines({...published, layout: 'wizard'}, published)).toEqual(['Layout: wizard → single']);
    expect(lines({...published, directDebit: true}, {...published, coverFees: {enabled: true}})).toEqual([
      'Direct debit: on → off',
      'Cover fees › Enabled: off → on',
    ]);
    expect(lines(published, {campaign: 'save-the-reef', amounts: published.amounts})).toEqual(['Source code: removed (was REEF-WEB)']);
  });

  test('reads a gateway of the same type option by option, and one of another type as a whole', () => {
    const sandbox = {...published, gateway: {type: 'sandbox', delayMs: 900}};
    expect(lines(sandbox, {...published, gateway: {type: 'sandbox', delayMs: 300}})).toEqual([
      'Gateway › Delay in milliseconds: 900 → 300',
    ]);
    const http = {...published, gateway: {type: 'http', endpoint: 'https://coral.example.org'}};
    expect(lines(sandbox, http)).toEqual(['Gateway: sandbox (900) → http (https://coral.example.org)']);
  });

  test('lists every option of a form not yet published as added, and keys the schema does not know by their key', () => {
    expect(lines(null, {campaign: 'save-the-reef', frequencies: ['monthly']})).toEqual([
      'Campaign: added (save-the-reef)',
      'Frequencies: added (monthly)',
    ]);
    expect(lines({...published, extra: 1}, published)).toEqual(['extra: removed (was 1)']);
  });
});

describe('shown', () => {
  test('writes text, switches, lists and long values for a line', () => {
    expect(shown('')).toBe('(empty)');
    expect(shown([])).toBe('(none)');
    expect(shown(false)).toBe('off');
    expect(shown('Ngā mihi '.repeat(20))).toHaveLength(80);
    expect(shown({image: {src: 'a.png'}})).toBe('{"image":{"src":"a.png"}}');
  });
});
