import {describe, expect, it} from 'vitest';
import {assignVariant, componentConfig, variantConfig, withChanges, type Experiment} from './variants';

/**
 * Visitor ids as pages make them, 16 random bytes in base64url (22 characters), from a seeded xorshift32 so every
 * run splits the same visitors.
 */
function visitors(count: number, seed = 88_675_123): string[] {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  return Array.from({length: count}, () => {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i += 4) new DataView(bytes.buffer).setUint32(i, next());
    return Buffer.from(bytes).toString('base64url');
  });
}

const experiment = (id: string, weights: readonly number[]): Experiment => ({
  id,
  variants: weights.map((weight, i) => ({id: i === 0 ? 'control' : `v${i}`, weight, changes: {}})),
});

/** How many visitors each variant got. */
function split(of: Experiment, ids: readonly string[]): Map<string, number> {
  const counts = new Map(of.variants.map((variant) => [variant.id, 0]));
  for (const id of ids) {
    const variant = assignVariant(of, id);
    counts.set(variant, counts.get(variant)! + 1);
  }
  return counts;
}

/** A share of `n` visitors is within four standard errors, √(p(1 − p)/n), of the share asked for: about 1 in 16,000 by luck. */
function expectShare(count: number, n: number, share: number) {
  expect(Math.abs(count / n - share)).toBeLessThan(4 * Math.sqrt((share * (1 - share)) / n));
}

const ids = visitors(100_000);

describe('assignVariant', () => {
  it('makes visitor ids as pages do', () => {
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives a visitor the same variant of the same experiment every time', () => {
    const three = experiment('asks-2026', [20, 30, 50]);
    const first = ids.slice(0, 1000).map((id) => assignVariant(three, id));
    // A copy of the experiment, as the endpoint and a page each read it from the published config.
    const again = ids.slice(0, 1000).map((id) => assignVariant(structuredClone(three), id));
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(3);
  });

  it.each([
    ['50/50', [50, 50]],
    ['20/30/50', [20, 30, 50]],
    ['1:3', [1, 3]],
    ['six ways', [1, 1, 1, 1, 1, 1]],
  ])('splits 100,000 visitors %s as the weights ask', (_, weights) => {
    const counts = split(experiment('split-check', weights), ids);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    [...counts.values()].forEach((count, i) => expectShare(count, ids.length, weights[i]! / total));
  });

  it('splits the same visitors independently in two experiments', () => {
    const first = experiment('headline-test', [1, 1]);
    const second = experiment('amounts-test', [1, 1]);
    const cells = new Map<string, number>();
    for (const id of ids) {
      const cell = `${assignVariant(first, id)}|${assignVariant(second, id)}`;
      cells.set(cell, (cells.get(cell) ?? 0) + 1);
    }
    expect(cells.size).toBe(4);
    for (const count of cells.values()) expectShare(count, ids.length, 0.25);
  });

  it('moves only the visitors past the edge when a weight changes', () => {
    // Points laid against the weights in order: from 50/50 to 60/40, only those between 0.5 and 0.6 change.
    const before = experiment('grow', [50, 50]);
    const after = experiment('grow', [60, 40]);
    const moved = ids.filter((id) => assignVariant(before, id) !== assignVariant(after, id));
    expect(moved.every((id) => assignVariant(after, id) === 'control')).toBe(true);
    expectShare(moved.length, ids.length, 0.1);
  });
});

describe('withChanges', () => {
  it('merges objects key by key, and replaces lists and values', () => {
    const config = {
      amounts: {'one-off': {handles: [{amount: 25}, {amount: 50}], default: 50}, monthly: {handles: [{amount: 15}]}},
      messages: {headline: 'Give today', button: 'Give'},
      defaultFrequency: 'one-off',
    };
    const changes = {amounts: {'one-off': {handles: [{amount: 40}]}}, messages: {headline: 'Give now'}, defaultFrequency: 'monthly'};
    expect(withChanges(config, changes)).toEqual({
      amounts: {'one-off': {handles: [{amount: 40}], default: 50}, monthly: {handles: [{amount: 15}]}},
      messages: {headline: 'Give now', button: 'Give'},
      defaultFrequency: 'monthly',
    });
    // The config it was given is left as it was.
    expect(config.amounts['one-off'].handles).toHaveLength(2);
  });

  it('replaces an object with a value and a value with an object', () => {
    expect(withChanges({rgUpgrade: {enabled: true}}, {rgUpgrade: false})).toEqual({rgUpgrade: false});
    expect(withChanges({rgUpgrade: false}, {rgUpgrade: {enabled: true}})).toEqual({rgUpgrade: {enabled: true}});
    expect(withChanges({a: 1}, {})).toEqual({a: 1});
  });
});

describe('variantConfig', () => {
  const published = {
    campaign: 'winter-appeal',
    messages: {headline: 'Keep them warm'},
    visitor: 'browser',
    experiment: {
      id: 'headline-2026',
      variants: [
        {id: 'control', weight: 1, changes: {}},
        {id: 'urgent', weight: 1, changes: {messages: {headline: 'Tonight, keep them warm'}}},
      ],
    },
  };

  it('lays the variant’s changes over the config, without the keys only publishing reads', () => {
    expect(variantConfig(published, 'urgent')).toEqual({campaign: 'winter-appeal', messages: {headline: 'Tonight, keep them warm'}});
    expect(variantConfig(published, 'control')).toEqual({campaign: 'winter-appeal', messages: {headline: 'Keep them warm'}});
    expect(componentConfig(published)).toEqual({campaign: 'winter-appeal', messages: {headline: 'Keep them warm'}});
  });

  it('is null for a variant the experiment does not have, or a config with no experiment', () => {
    expect(variantConfig(published, 'ended')).toBeNull();
    expect(variantConfig({campaign: 'winter-appeal'}, 'control')).toBeNull();
  });
});
