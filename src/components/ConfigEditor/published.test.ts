import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {parseDonateFormConfig} from '../../coral/donate-form/parse';
import {parsePowerformConfig} from '../../coral/powerform/parse';
import {checkOf, readPasted} from './published';

/** The experiment the docs tell a campaigner to publish through Paste a config, as the page shows it. */
const docsExample = (): Record<string, unknown> => {
  const page = readFileSync('docs/results-and-experiments.mdx', 'utf8');
  const block = /```json title="save-the-reef-2026\.json"\n([\s\S]*?)```/.exec(page);
  expect(block, 'the save-the-reef-2026.json block of docs/results-and-experiments.mdx').not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, unknown>;
};

const donate = checkOf(parseDonateFormConfig);
const paste = (value: unknown) => readPasted('donate-form', value, donate);

describe('readPasted', () => {
  test('takes the docs’ experiment whole: the component’s config to load, and the experiment and visitor setting kept aside', () => {
    const {component, experiment, visitor, ...config} = docsExample();
    expect(component).toBe('donate-form');
    expect(paste(docsExample())).toEqual({ok: true, config, kept: {experiment, visitor}});
    // What the component itself refuses, as a page would: the published keys are no options of its own.
    expect(donate(docsExample())).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^component: /),
        expect.stringMatching(/^experiment: /),
        expect.stringMatching(/^visitor: /),
      ]),
    );
  });

  test('takes a version as the endpoint answers it, to publish it again', () => {
    const {component: _, ...config} = docsExample();
    const answer = {form: 'save-the-reef-2026', version: 2, component: 'donate-form', campaign: 'save-the-reef-2026', config};
    const {experiment, visitor, ...own} = config;
    expect(paste(answer)).toEqual({ok: true, config: own, kept: {experiment, visitor}});
    expect(paste(config)).toEqual({ok: true, config: own, kept: {experiment, visitor}});
  });

  test('refuses a config of another component, saying where it goes', () => {
    expect(paste({...docsExample(), component: 'powerform'})).toEqual({
      ok: false,
      problems: ['component: got "powerform"; this is a donate-form demo: paste it on a powerform demo'],
    });
    expect(paste({...docsExample(), component: 'donate'})).toEqual({
      ok: false,
      problems: ['component: got "donate"; expected "donate-form", this demo’s'],
    });
    expect(readPasted('powerform', {campaign: 'reef', experiment: docsExample().experiment}, checkOf(parsePowerformConfig))).toMatchObject({
      ok: false,
    });
  });

  test('checks the experiment as the endpoint does, each line naming the key', () => {
    const example = docsExample();
    const experiment = example.experiment as {variants: {id: string; weight: number; changes: Record<string, unknown>}[]};
    const withVariant = (changes: Record<string, unknown>) => ({
      ...example,
      experiment: {...experiment, variants: [experiment.variants[0], {...experiment.variants[1], changes}]},
    });
    expect(paste(withVariant({layout: 'wizard'}))).toEqual({
      ok: false,
      problems: [
        'experiment.variants.1 ("higher-asks").changes: a variant may change amounts, defaultFrequency, rgUpgrade, messages; not layout',
      ],
    });
    expect(paste(withVariant({amounts: {'one-off': {handles: [{amount: 2}]}}}))).toEqual({
      ok: false,
      problems: [
        'experiment.variants.1 ("higher-asks").changes → amounts.one-off.handles.0.amount: got 2; expected a handle between min (5) and max (10000)',
      ],
    });
    expect(paste({...example, experiment: {...experiment, variants: [experiment.variants[0]]}})).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^experiment\.variants: /)],
    });
    expect(paste({...example, visitor: 'forever'})).toEqual({
      ok: false,
      problems: ['visitor: got "forever"; expected "tab" (the default) or "browser"'],
    });
  });

  test('says what is wrong with the component’s own config once, not again for every variant', () => {
    expect(paste({...docsExample(), size: 'huge'})).toEqual({
      ok: false,
      problems: ['size: got "huge"; expected one of small, medium, large'],
    });
  });
});
