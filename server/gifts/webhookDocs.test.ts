/**
 * The docs list the webhook's events by hand, for people to read: this keeps
 * both lists, and the API version they name, in step with the handler's own.
 * An event added to `READERS` in webhooks.ts fails here until the docs list it.
 */
import {readFileSync} from 'node:fs';
import Stripe from 'stripe';
import {describe, expect, it} from 'vitest';
import {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from './webhooks';

/** Each page, and the comments around its list: one event per list item, first in backticks. */
const DOCS = [
  {file: 'docs/taking-payments.mdx', open: '{/* webhook-events', close: '{/* /webhook-events */}'},
  {file: 'server/README.md', open: '<!-- webhook-events', close: '<!-- /webhook-events -->'},
];

function listedEvents(text: string, open: string, close: string): string[] {
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`expected the events between ${open} and ${close}`);
  return [...text.slice(start, end).matchAll(/^[-*] `([a-z_.]+)`/gm)].map((match) => match[1]!);
}

describe.each(DOCS)('$file', ({file, open, close}) => {
  const text = readFileSync(file, 'utf8');

  it('lists exactly the events the webhook handler reads, each once', () => {
    const listed = listedEvents(text, open, close);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('names the API version the handler reads events in, the stripe package’s own', () => {
    expect(WEBHOOK_API_VERSION).toBe(Stripe.API_VERSION);
    expect(text).toContain(`\`${WEBHOOK_API_VERSION}\``);
    // Any other version it names is one the handler would refuse.
    const named = new Set(text.match(/\b20\d\d-\d\d-\d\d\.[a-z]+\b/g));
    expect([...named]).toEqual([WEBHOOK_API_VERSION]);
  });
});
