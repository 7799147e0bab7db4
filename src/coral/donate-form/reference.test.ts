import {describe, expect, it} from 'vitest';
import {donateFormDocs} from './reference';

describe('the donate form reference the docs read', () => {
  const docs = donateFormDocs();

  it('describes every option, URL parameter, event and dataLayer push', () => {
    expect(docs.options.length).toBeGreaterThan(20);
    for (const row of docs.options) expect(row.description, row.key).not.toBe('');
    expect(docs.urlParameters.map((p) => p.name)).toContain('utm_campaign');
    expect(docs.events.map((e) => e.name)).toContain('coral:success');
    expect(docs.dataLayer.map((e) => e.event)).toContain('purchase');
  });

  it('shows the real errors of its example bad config, one per bad key', () => {
    const keys = docs.badConfig.errors.map((line) => line.split(':')[0]);
    expect(keys).toEqual(expect.arrayContaining(['campaign', 'size', 'frequencies.1', 'fields.email']));
    expect(docs.badConfig.errors.find((line) => line.startsWith('size'))).toContain('small, medium, large');
  });
});
