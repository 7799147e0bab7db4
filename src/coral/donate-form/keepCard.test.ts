import {describe, expect, it} from 'vitest';
import {keepsCardFor, oneTapMonthly} from './keepCard';
import {parseDonateFormConfig} from './parse';
import {type DonateFormConfig, type DonateFormConfigInput} from './schema';

function config(input: Partial<DonateFormConfigInput> = {}): DonateFormConfig {
  const result = parseDonateFormConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

describe('keepsCardFor', () => {
  it('keeps the card of a one-off gift to a campaign that asks monthly gifts, and of no other', () => {
    const both = config({frequencies: ['one-off', 'monthly']});
    expect(keepsCardFor(both, 'one-off')).toBe(true);
    expect(keepsCardFor(both, 'monthly')).toBe(false);
    expect(keepsCardFor(config({frequencies: ['one-off']}), 'one-off')).toBe(false);
    expect(keepsCardFor(config({frequencies: ['one-off', 'daily'], dailyDays: 7}), 'one-off')).toBe(false);
  });
});

describe('oneTapMonthly', () => {
  const both = config({frequencies: ['one-off', 'monthly']});

  it('asks a third of the one-off gift by default, rounded to $5 and held to the monthly limits', () => {
    expect(oneTapMonthly(both, 12000)).toBe(4000);
    expect(oneTapMonthly(both, 10000)).toBe(3500);
    // A third of $6 is under the $5 monthly minimum: the minimum is asked.
    expect(oneTapMonthly(both, 600)).toBe(500);
    // A third of $6,000 is the $2,000 monthly maximum itself; a third of $6,008 rounds to $2,005, and no monthly gift fits.
    expect(oneTapMonthly(both, 600000)).toBe(200000);
    expect(oneTapMonthly(both, 600800)).toBeNull();
  });

  it('follows the rule and the limits of the config the gift was made under', () => {
    const sixth = config({
      frequencies: ['one-off', 'monthly'],
      rgUpgrade: {enabled: true, divisor: 6, roundTo: 5},
      amounts: {monthly: {handles: [{amount: 15}], min: 10, max: 50}},
    });
    expect(oneTapMonthly(sixth, 12000)).toBe(2000);
    expect(oneTapMonthly(sixth, 3000)).toBe(1000);
    expect(oneTapMonthly(sixth, 30000)).toBe(5000);
    expect(oneTapMonthly(sixth, 31800)).toBeNull();
  });

  it('asks none where the gift keeps no card', () => {
    expect(oneTapMonthly(config({frequencies: ['one-off']}), 12000)).toBeNull();
  });
});
