/** The settings table: what start-up says about a CORAL_ variable it does not know. */
import {describe, expect, it} from 'vitest';
import {editDistance, SETTINGS, unknownSettings} from './settings';

describe('unknownSettings', () => {
  it('names each misspelt CORAL_ variable once, with the setting nearest to it', () => {
    expect(
      unknownSettings({
        CORAL_GIFT_PER_ADDRESS: '5',
        CORAL_BREAKER_DECLINE_PERCENTAGE: '30',
        CORAL_DATADIR: '/var/lib/coral',
        coral_log_level: 'debug',
        CORAL_ALLOWED_ORIGIN: 'https://www.example.org',
      }),
    ).toEqual([
      'CORAL_ALLOWED_ORIGIN is not a setting Coral knows; did you mean CORAL_ALLOWED_ORIGINS?',
      'CORAL_BREAKER_DECLINE_PERCENTAGE is not a setting Coral knows; did you mean CORAL_BREAKER_DECLINE_PERCENT?',
      'CORAL_DATADIR is not a setting Coral knows; did you mean CORAL_DATA_DIR?',
      'CORAL_GIFT_PER_ADDRESS is not a setting Coral knows; did you mean CORAL_GIFTS_PER_ADDRESS?',
    ]);
  });

  it('says nothing of a setting it knows, or of a variable that is not Coral’s', () => {
    const known = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, 'x']));
    expect(unknownSettings({...known, PATH: '/usr/bin', INIT_CWD: '/srv/coral', NODE_ENV: 'production'})).toEqual([]);
  });

  it('knows every variable the endpoint reads, the guard’s limits among them', () => {
    expect(Object.keys(SETTINGS)).toEqual(expect.arrayContaining(['CORAL_GIFTS_PER_ADDRESS', 'CORAL_BREAKER_WINDOW_SECONDS', 'PORT']));
  });
});

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['CORAL_PORT', 'PORT', 6],
    ['kitten', 'sitting', 3],
    ['CORAL_GIFT_PER_ADDRESS', 'CORAL_GIFTS_PER_ADDRESS', 1],
    ['CORAL_LOG_LEVLE', 'CORAL_LOG_LEVEL', 2],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});
