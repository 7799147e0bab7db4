import {describe, expect, test} from 'vitest';
import {donateFormSchema} from '../../coral/donate-form/core';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {optionTree} from '../../coral/shared/docs';
import {changeLine, configChanges, publishChanges, shown} from './changes';

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

  test('names each option inside a group of a new form by its place, never as JSON', () => {
    expect(lines(null, {...published, gateway: {type: 'sandbox', delayMs: 300}, fields: {phone: 'optional'}})).toEqual([
      'Campaign: added (save-the-reef)',
      'Source code: added (REEF-WEB)',
      'Amounts › One-off › Handles: added (20, 50, 100)',
      'Gateway › Type: added (sandbox)',
      'Gateway › Delay in milliseconds: added (300)',
      'Fields › Phone: added (optional)',
    ]);
  });

  test('reads a group set on one side only option by option, against its defaults', () => {
    expect(lines(published, {...published, amounts: {...published.amounts, weekly: {handles: [{amount: 10}, {amount: 20}]}}})).toEqual([
      'Amounts › Weekly › Handles: 5, 10, 20 → 10, 20',
    ]);
    expect(lines({...published, rgUpgrade: {enabled: true}}, published)).toEqual(['Monthly upgrade ask › Enabled: on → off']);
  });
});

const experiment = {
  id: 'higher-asks-eofy',
  variants: [
    {id: 'control', weight: 1, changes: {}},
    {id: 'higher-asks', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
  ],
};
const publishLines = (before: Record<string, unknown> | null, after: Record<string, unknown>) =>
  publishChanges(tree, before, after).map(changeLine);

describe('publishChanges', () => {
  test('says an experiment added in words: its id, its variants, and what each shows differently', () => {
    expect(publishLines(published, {...published, experiment})).toEqual([
      'Experiment: added “higher-asks-eofy” with variants control and higher-asks',
      'Experiment › higher-asks › Amounts › One-off › Handles: 20, 50, 100 → 50, 100, 200',
    ]);
    expect(publishLines(null, {...published, experiment, visitor: 'browser'})).toEqual([
      'Campaign: added (save-the-reef)',
      'Source code: added (REEF-WEB)',
      'Amounts › One-off › Handles: added (20, 50, 100)',
      'Visitor id kept in: added (the browser’s storage)',
      'Experiment: added “higher-asks-eofy” with variants control and higher-asks',
      'Experiment › higher-asks › Amounts › One-off › Handles: 20, 50, 100 → 50, 100, 200',
    ]);
  });

  test('says an experiment ended, replaced, or changed, and the visitor setting by what it means', () => {
    const running = {...published, experiment, visitor: 'browser'};
    expect(publishLines(running, published)).toEqual([
      'Visitor id kept in: the browser’s storage → the tab’s session',
      'Experiment: removed “higher-asks-eofy” with variants control and higher-asks',
    ]);
    const next = {
      id: 'monthly-first',
      metric: 'gifts-per-visitor',
      smallestLiftPercent: 20,
      variants: [
        {id: 'control', weight: 3, changes: {}},
        {id: 'monthly', weight: 1, changes: {defaultFrequency: 'monthly'}},
      ],
    };
    expect(publishLines(running, {...running, experiment: next})).toEqual([
      'Experiment: “higher-asks-eofy” with variants control and higher-asks → “monthly-first” with variants control (75 %) and monthly (25 %), decided on gifts per visitor, for a lift of 20 % or more',
      'Experiment › monthly › Default frequency: added (monthly)',
    ]);
    const reweighed = {
      ...experiment,
      metric: 'gifts-per-visitor',
      variants: [
        experiment.variants[0]!,
        {...experiment.variants[1]!, weight: 3, changes: {amounts: {'one-off': {handles: [{amount: 60}]}}}},
      ],
    };
    expect(publishLines(running, {...running, experiment: reweighed})).toEqual([
      'Experiment › Variants: control and higher-asks → control (25 %) and higher-asks (75 %)',
      'Experiment › Decided on: the default → gifts per visitor',
      'Experiment › higher-asks › Amounts › One-off › Handles: 50, 100, 200 → 60',
    ]);
    expect(publishLines(running, running)).toEqual([]);
  });

  test('never writes a line as JSON', () => {
    const odd = {
      ...published,
      messages: {heading: 'Give'},
      gateway: {type: 'http', endpoint: 'https://coral.example.org'},
      extra: {a: {b: 1}},
    };
    for (const line of [...publishLines(null, {...odd, experiment}), ...publishLines(published, {...odd, experiment})]) {
      expect(line).not.toMatch(/[{}"]/);
    }
  });
});

describe('shown', () => {
  test('writes text, switches, lists and long values for a line', () => {
    expect(shown('')).toBe('(empty)');
    expect(shown([])).toBe('(none)');
    expect(shown(false)).toBe('off');
    expect(shown('Ngā mihi '.repeat(20))).toHaveLength(80);
    expect(shown({image: {src: 'a.png'}})).toBe('image: a.png');
    expect(shown({'one-off': {handles: [{amount: 35}, {amount: 60}]}, monthly: {}})).toBe('one-off: handles: 35, 60; monthly: (none)');
  });
});
