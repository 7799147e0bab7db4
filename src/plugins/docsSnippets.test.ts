/**
 * Every config a docs page shows as JSON is one a component accepts: a
 * producer who pastes it (a fragment beside a campaign id) gets a form, not
 * an error box. A form to publish (one naming its `component`) is one its
 * component accepts in each variant of its experiment.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {componentConfig, variantConfig, type Experiment} from '../coral/contract';
import {parseDonateFormConfig} from '../coral/donate-form/parse';
import {parsePowerformConfig} from '../coral/powerform/parse';
import {describeError} from '../coral/shared/configErrors';
import {parseThankYouConfig} from '../coral/thank-you/parse';

const PARSERS = [parseDonateFormConfig, parsePowerformConfig, parseThankYouConfig];
const BY_COMPONENT: Record<string, (typeof PARSERS)[number]> = {
  'donate-form': parseDonateFormConfig,
  powerform: parsePowerformConfig,
  'thank-you': parseThankYouConfig,
};

/** The configs a snippet stands for: itself, or a form to publish as its component sees it in each variant. */
function configsOf(parsed: Record<string, unknown>): {config: Record<string, unknown>; parsers: typeof PARSERS}[] {
  const {component, ...published} = parsed;
  if (typeof component !== 'string') return [{config: {campaign: 'save-the-reef', ...parsed}, parsers: PARSERS}];
  const parsers = [BY_COMPONENT[component]!];
  const variants = (published.experiment as Experiment | undefined)?.variants ?? [];
  return [componentConfig(published), ...variants.map((variant) => variantConfig(published, variant.id)!)].map((config) => ({
    config,
    parsers,
  }));
}

function docsFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory() ? docsFiles(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}

const snippets = docsFiles('docs').flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/```json[^\n]*\n([\s\S]*?)```/g)].map((match, i) => ({
    name: `${file} #${i + 1}`,
    text: match[1]!.trim(),
  })),
);

describe('the docs’ JSON configs', () => {
  it('are there to check', () => {
    expect(snippets.length).toBeGreaterThan(10);
  });

  it.each(snippets)('$name is a config, or a part of one, that a component accepts', ({text}) => {
    const parsed = JSON.parse(text.startsWith('{') ? text : `{${text}}`) as Record<string, unknown>;
    for (const {config, parsers} of configsOf(parsed)) {
      const results = parsers.map((parse) => parse(config));
      const accepted = results.some((result) => result.ok);
      const errors = results.flatMap((result) => (result.ok ? [] : result.errors.map(describeError)));
      expect(accepted, errors.join('\n')).toBe(true);
    }
  });
});
