import {describe as group, expect, test} from 'vitest';
import * as zod from 'zod/mini';
import {donateFormSchema} from '../../donate-form/core';
import {DONATE_FORM_OPTIONS} from '../../donate-form/docs';
import {POWERFORM_OPTIONS} from '../../powerform/docs';
import {powerformSchema} from '../../powerform/core';
import {THANK_YOU_OPTIONS} from '../../thank-you/docs';
import {thankYouSchema} from '../../thank-you/core';
import {optionTree, TITLES, titleOf, type OptionNode} from './schemaTree';

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
  const donate = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);

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
    const question = find(optionTree(powerformSchema, POWERFORM_OPTIONS), 'question');
    expect(question).toMatchObject({kind: 'union', required: false});
  });

  test('a new option in a schema is in the tree with nothing else changed', () => {
    const schema = zod.strictObject({
      campaign: zod.string(),
      confetti: zod._default(zod.enum(['none', 'some', 'lots']), 'some'),
    });
    const docs = {campaign: 'The campaign.', confetti: 'How much confetti.'};
    expect(optionTree(schema, docs).map((node) => [node.key, node.kind, node.default, node.description])).toEqual([
      ['campaign', 'text', undefined, 'The campaign.'],
      ['confetti', 'choice', 'some', 'How much confetti.'],
    ]);
  });
});

const SCHEMAS = {
  'donate form': [donateFormSchema, DONATE_FORM_OPTIONS],
  powerform: [powerformSchema, POWERFORM_OPTIONS],
  'thank-you': [thankYouSchema, THANK_YOU_OPTIONS],
} as const;

/** Every name the tree gives a reader, with the option's path: each option, each union's shape picker, each list's items' options. */
function titlesOf(nodes: readonly OptionNode[], prefix: string): {path: string; key: string; title: string}[] {
  return nodes.flatMap((node) => {
    const path = prefix ? `${prefix}.${node.key}` : node.key;
    const own = {path, key: node.key, title: node.title};
    switch (node.kind) {
      case 'group':
        return [own, ...titlesOf(node.children, path)];
      case 'list':
        return [own, ...(node.item.kind === 'group' ? titlesOf(node.item.children, `${path}[]`) : [])];
      case 'union':
        return [
          own,
          {path: `${path}.${node.discriminator}`, key: node.discriminator, title: node.discriminatorTitle},
          ...node.variants.flatMap((variant) => titlesOf(variant.children, `${path}<${variant.value}>`)),
        ];
      default:
        return [own];
    }
  });
}

// Short forms a key may use, which a title writes out or in capitals: "Rg", "Url" or "utm" left in one is a key read aloud.
const LEFTOVER = /\b(rg|utm|urls?|id|cvc|bsb|ms|src|srcset|params|min|max)\b/i;
// Words a title may spell as their owners do.
const SPELLED = new Set(['UTM', 'URL', 'URLs', 'ID', 'CVC', 'BSB', 'WhatsApp']);

group('titles', () => {
  test.each(Object.entries(SCHEMAS))('every option of the %s reads as words, not as its key', (_, [schema, docs]) => {
    const titles = titlesOf(optionTree(schema, docs), '');
    expect(titles.length).toBeGreaterThan(50);
    const unreadable = titles.filter(
      ({key, title}) =>
        title === key ||
        !/^[A-Z]/.test(title) ||
        title.split(/[\s:]+/).some((word) => !SPELLED.has(word) && (/[a-z][A-Z]|_/.test(word) || LEFTOVER.test(word))),
    );
    expect(unreadable.map(({path, title}) => `${path}: ${title}`)).toEqual([]);
  });

  test('splits camelCase, writes out short forms and capitalises acronyms', () => {
    const donate = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);
    const titleAt = (path: string) => find(donate, path).title;
    expect(titleAt('sourceCode')).toBe('Source code');
    expect(titleAt('defaultFrequency')).toBe('Default frequency');
    expect(titleAt('directDebitAgreementUrl')).toBe('Direct debit agreement URL');
    expect(titleAt('urlParams')).toBe('URL parameters');
    expect(titleAt('thankYouUrl')).toBe('Thank-you URL');
    expect(titleAt('amounts.one-off')).toBe('One-off');
    expect(titleAt('amounts.one-off.min')).toBe('Minimum');
    const messages = find(donate, 'messages');
    if (messages.kind !== 'group') throw new Error('not a group');
    const message = (key: string) => messages.children.find((child) => child.key === key)?.title;
    expect(message('submit.one-off')).toBe('Submit: one-off');
    expect(message('cvcMissing')).toBe('CVC missing');
    const gateway = find(donate, 'gateway');
    if (gateway.kind !== 'union') throw new Error('not a union');
    expect(gateway.discriminatorTitle).toBe('Type');
    expect(gateway.variants[1]!.children.map((child) => child.title)).toEqual([
      'Publishable key',
      'Endpoint',
      'Wallets',
      'Save card for upgrade',
      'Timeout in milliseconds',
    ]);
    expect(find(optionTree(powerformSchema, POWERFORM_OPTIONS), 'question').title).toBe('Question');
  });

  test('gives the keys a split reads badly their own title, and each such key is an option of a component', () => {
    expect(find(optionTree(donateFormSchema, DONATE_FORM_OPTIONS), 'rgUpgrade').title).toBe('Monthly upgrade ask');
    expect(find(optionTree(thankYouSchema, THANK_YOU_OPTIONS), 'upgrade').title).toBe('Monthly upgrade ask');
    expect(find(optionTree(donateFormSchema, DONATE_FORM_OPTIONS), 'dailyDays').title).toBe('Days a daily gift runs');
    const keys = new Set(Object.values(SCHEMAS).flatMap(([schema, docs]) => titlesOf(optionTree(schema, docs), '').map(({key}) => key)));
    expect([...TITLES.keys()].filter((key) => !keys.has(key))).toEqual([]);
  });

  test('a title the schema carries wins over the split', () => {
    const level = zod._default(zod.enum(['none', 'some', 'lots']), 'some');
    const schema = zod.strictObject({
      confettiLevel: level.register(zod.globalRegistry, {title: 'How much confetti'}),
      confettiBursts: zod._default(zod.int(), 3),
    });
    expect(
      optionTree(schema, {confettiLevel: 'Confetti.', confettiBursts: 'How many bursts.'}).map((node) => [
        node.key,
        node.title,
        node.description,
      ]),
    ).toEqual([
      ['confettiLevel', 'How much confetti', 'Confetti.'],
      ['confettiBursts', 'Confetti bursts', 'How many bursts.'],
    ]);
    expect(titleOf('rgUpgrade')).toBe('Monthly upgrade ask');
    expect(titleOf('utmSource')).toBe('UTM source');
  });
});
