/**
 * The docs list the guard's limits by hand, for people to read: this keeps each
 * table's variables and defaults in step with guard/settings.ts, and names the
 * guard's other variables on both pages.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {LIMITS} from './settings';

const DOCS = [
  {file: 'docs/taking-payments.mdx', open: '{/* guard-limits', close: '{/* /guard-limits */}'},
  {file: 'server/README.md', open: '<!-- guard-limits', close: '<!-- /guard-limits -->'},
];

/** Each row of the table between the comments: its variable and its default. */
function listedLimits(text: string, open: string, close: string): Array<[string, number]> {
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`expected the limits between ${open} and ${close}`);
  return [...text.slice(start, end).matchAll(/^\| `([A-Z_]+)` \| (\d+) \|/gm)].map((match) => [match[1]!, Number(match[2])]);
}

describe.each(DOCS)('$file', ({file, open, close}) => {
  const text = readFileSync(file, 'utf8');

  it('lists every limit once, with its default', () => {
    const expected = Object.values(LIMITS).map(({name, fallback}): [string, number] => [name, fallback]);
    expect(listedLimits(text, open, close)).toEqual(expected);
  });

  it('names the trusted proxies and the bot check’s variables', () => {
    for (const name of ['CORAL_TRUSTED_PROXIES', 'CORAL_TURNSTILE_SECRET', 'CORAL_TURNSTILE_WHEN']) expect(text).toContain(`\`${name}\``);
  });
});
