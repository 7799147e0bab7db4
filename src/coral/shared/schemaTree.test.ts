import {describe as group, expect, test} from 'vitest';
import * as z from 'zod/mini';
import {donateFormSchema} from '../donate-form/schema';
import {powerformSchema} from '../powerform/schema';
import {describe} from './schemaParts';
import {optionTree, type OptionNode} from './schemaTree';

const find = (nodes: readonly OptionNode[], path: string): OptionNode => {
  const [head, ...rest] = path.split('.');
  const node = nodes.find((candidate) => candidate.key === head);
  if (!node) throw new Error(`no option ${head}`);
  if (rest.length === 0) return node;
  if (node.kind === 'group') return find(node.children, rest.join('.'));
  if (node.kind === 'list' && node.item.kind === 'group') return find(node.item.children, rest.join('.'));
  throw new Error(`${head} has no options inside`);
};

group('optionTree', () => {
  const donate = optionTree(donateFormSchema);

  test('gives each kind of option its control kind, description and default', () => {
    expect(find(donate, 'layout')).toMatchObject({kind: 'choice', values: ['single', 'wizard'], default: 'single', required: false});
    expect(find(donate, 'layout').description).toMatch(/^single: one page/);
    expect(find(donate, 'directDebit')).toMatchObject({kind: 'switch', default: false});
    expect(find(donate, 'campaign')).toMatchObject({kind: 'text', required: true});
    expect(find(donate, 'sourceCode')).toMatchObject({kind: 'text', minLength: 0, maxLength: 40, required: false});
    expect(find(donate, 'frequencies')).toMatchObject({kind: 'list', minItems: 1, default: ['one-off', 'monthly']});
    expect(find(donate, 'frequencies')).toHaveProperty('item.values', ['one-off', 'weekly', 'monthly', 'daily']);
  });

  test('reads number limits from the checks', () => {
    expect(find(donate, 'dailyDays')).toMatchObject({kind: 'number', integer: true, min: 2, max: 31, step: 1, default: 7});
    expect(find(donate, 'coverFees.percent')).toMatchObject({kind: 'number', integer: false, min: 0.5, max: 10, default: 3});
    expect(find(donate, 'amounts.one-off.min')).toMatchObject({kind: 'number', exclusiveMin: 0, max: 1_000_000, step: 0.01, default: 5});
    expect(find(donate, 'amounts.weekly.min')).toMatchObject({default: 2});
  });

  test('keeps nested groups and the items of a list of objects', () => {
    const handles = find(donate, 'amounts.monthly.handles');
    expect(handles).toMatchObject({kind: 'list', minItems: 1, maxItems: 6, default: [{amount: 15}, {amount: 25}, {amount: 40}]});
    expect(find(donate, 'amounts.monthly.handles.amount')).toMatchObject({kind: 'number', required: true});
    expect(find(donate, 'amounts.monthly.handles.impact')).toMatchObject({kind: 'text', maxLength: 160, required: false});
    expect(find(donate, 'amounts.monthly.handles.image')).toMatchObject({kind: 'group', required: false});
    expect(find(donate, 'fields.phone')).toMatchObject({kind: 'choice', values: ['required', 'optional', 'hidden'], default: 'optional'});
    expect(find(donate, 'messages').kind).toBe('group');
    expect(find(donate, 'messages.emailMissing')).toMatchObject({kind: 'text', description: 'Default: "Enter your email address."'});
  });

  test('reads a union by the constant that tells its shapes apart', () => {
    const gateway = find(donate, 'gateway');
    expect(gateway).toMatchObject({kind: 'union', discriminator: 'type', default: {type: 'sandbox'}});
    if (gateway.kind !== 'union') throw new Error('not a union');
    expect(gateway.variants.map((variant) => variant.value)).toEqual(['sandbox', 'stripe', 'http']);
    expect(gateway.variants[1]!.children.map((child) => [child.key, child.required])).toEqual([
      ['publishableKey', true],
      ['endpoint', true],
      ['wallets', false],
      ['saveCardForUpgrade', false],
      ['timeoutMs', false],
    ]);
    const question = find(optionTree(powerformSchema), 'question');
    expect(question).toMatchObject({kind: 'union', required: false});
  });

  test('a new option in a schema is in the tree with nothing else changed', () => {
    const schema = z.strictObject({
      campaign: describe(z.string(), 'The campaign.'),
      confetti: describe(z._default(z.enum(['none', 'some', 'lots']), 'some'), 'How much confetti.'),
    });
    expect(optionTree(schema).map((node) => [node.key, node.kind, node.default, node.description])).toEqual([
      ['campaign', 'text', undefined, 'The campaign.'],
      ['confetti', 'choice', 'some', 'How much confetti.'],
    ]);
  });
});
