import {describe, expect, it} from 'vitest';
import {dataLayerFor, eventFor, THANK_YOU_EVENTS} from './events';
import type {Receipt} from './state';
import {parseThankYouConfig} from './parse';

const parsed = parseThankYouConfig({campaign: 'save-the-reef'});
if (!parsed.ok) throw new Error('config');
const config = parsed.config;

const receipt: Receipt = {
  source: 'handoff',
  amount: 6000,
  currency: 'AUD',
  frequency: 'one-off',
  reference: 'CRL-1',
  date: '2026-03-14T02:30:00.000Z',
  firstName: 'Mere',
  oneTap: null,
};

describe('thank-you events', () => {
  it('reports where the gift came from, in dollars, without the name', () => {
    const event = eventFor(config, {type: 'view', receipt});
    expect(event).toEqual({
      name: 'coral:thank-you',
      detail: {campaign: 'save-the-reef', currency: 'AUD', source: 'handoff', amount: 60, frequency: 'one-off'},
    });
    expect(JSON.stringify(event)).not.toContain('Mere');
    expect(eventFor(config, {type: 'view', receipt: null}).detail).toMatchObject({source: 'none', amount: null, frequency: null});
    expect(dataLayerFor(config, {type: 'view', receipt})).toBeNull();
  });

  it('pushes a GA4 share only when something was shared', () => {
    expect(dataLayerFor(config, {type: 'share', method: 'whatsapp', outcome: 'opened'})).toEqual({
      event: 'share',
      method: 'whatsapp',
      content_type: 'campaign',
      item_id: 'save-the-reef',
    });
    expect(dataLayerFor(config, {type: 'share', method: 'native', outcome: 'cancelled'})).toBeNull();
    expect(dataLayerFor(config, {type: 'share', method: 'copy', outcome: 'failed'})).toBeNull();
  });

  it('records the ask with both amounts, valuing each answer by the gift it leaves', () => {
    const offer = {oneOff: 6000, monthly: 2000};
    expect(eventFor(config, {type: 'upsell', action: 'accepted', offer}).detail).toEqual({
      campaign: 'save-the-reef',
      currency: 'AUD',
      action: 'accepted',
      oneOff: 60,
      monthly: 20,
    });
    expect(dataLayerFor(config, {type: 'upsell', action: 'accepted', offer})).toMatchObject({event: 'upsell_accepted', value: 20});
    expect(dataLayerFor(config, {type: 'upsell', action: 'declined', offer})).toMatchObject({
      event: 'upsell_declined',
      value: 60,
      original_value: 60,
      suggested_value: 20,
      upsell_location: 'thank_you',
    });
  });

  it('lists every event for the docs', () => {
    expect(THANK_YOU_EVENTS).toEqual(['coral:thank-you', 'coral:share', 'coral:upsell']);
  });
});
