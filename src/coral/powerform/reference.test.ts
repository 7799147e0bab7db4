import {describe, expect, it} from 'vitest';
import {powerformDocs} from './reference';

describe('the powerform reference the docs read', () => {
  const docs = powerformDocs();

  it('describes every option, and lists only the URL parameters the powerform reads', () => {
    expect(docs.options.map((row) => row.key)).toEqual(
      expect.arrayContaining(['campaign', 'sourceCode', 'variant', 'fields.phone', 'success']),
    );
    for (const row of docs.options.filter((r) => !r.key.startsWith('messages.'))) expect(row.description, row.key).not.toBe('');
    expect(docs.urlParameters.map((p) => p.name)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'postcode',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_content',
      'utm_term',
    ]);
  });

  it('documents every event and every dataLayer push', () => {
    expect(docs.events.map((e) => e.name)).toEqual(['coral:invalid', 'coral:submit', 'coral:success', 'coral:error', 'coral:share']);
    expect(docs.dataLayer.map((e) => e.event)).toEqual(['sign_up', 'generate_lead', 'share']);
    expect(docs.messages.find((m) => m.key === 'submit')).toEqual({key: 'submit', text: 'Sign now'});
  });

  it('shows the real errors of its example bad config, one per bad key', () => {
    expect(docs.badConfig.errors.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['campaign', 'variant', 'counter.goal', 'success.url']),
    );
  });
});
