import {describe, expect, it} from 'vitest';
import {thankYouDocs} from './reference';

describe('the thank-you reference the docs read', () => {
  const docs = thankYouDocs();

  it('describes every option, URL parameter, event, dataLayer push and message', () => {
    const keys = docs.options.map((row) => row.key);
    expect(keys).toEqual(
      expect.arrayContaining(['campaign', 'variant', 'photo', 'share.channels', 'upgrade.divisor', 'upgrade.minMonthly', 'urlParams']),
    );
    for (const row of docs.options) expect(row.description, row.key).not.toBe('');
    expect(docs.options.find((row) => row.key === 'upgrade.divisor')).toMatchObject({default: '3'});
    expect(docs.urlParameters.map((p) => p.name)).toEqual(['amount', 'frequency', 'ref']);
    expect(docs.events.map((e) => e.name)).toEqual(['coral:thank-you', 'coral:share', 'coral:upsell']);
    expect(docs.dataLayer.map((e) => e.event)).toContain('upsell_accepted');
    expect(docs.messages).toContainEqual({key: 'upgradeAsk', text: 'Could you give {amount} every month?'});
  });

  it('shows the real errors of its example bad config', () => {
    const keys = docs.badConfig.errors.map((line) => line.split(':')[0]);
    expect(keys).toEqual(expect.arrayContaining(['photo', 'share.channels.1', 'upgrade.divisor']));
  });
});
