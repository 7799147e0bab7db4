/**
 * Whether a version still takes gifts and signatures, at the edges: withdrawn, just inside and just past the hours an
 * older version is kept, and a campaign listed or not.
 */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {campaignRefusal, HOUR_MS, versionRefusal} from './standing';

const DAY = 24 * HOUR_MS;
const PUBLISHED = Date.parse('2026-12-02T09:00:00Z');

describe('versionRefusal', () => {
  it('takes the newest version, and an older one until the hours after the newer one are up', () => {
    expect(versionRefusal({withdrawnAt: null, supersededAt: null}, PUBLISHED + 400 * DAY, DAY)).toBeNull();
    expect(versionRefusal({withdrawnAt: null, supersededAt: PUBLISHED}, PUBLISHED, DAY)).toBeNull();
    expect(versionRefusal({withdrawnAt: null, supersededAt: PUBLISHED}, PUBLISHED + DAY - 1, DAY)).toBeNull();
    expect(versionRefusal({withdrawnAt: null, supersededAt: PUBLISHED}, PUBLISHED + DAY, DAY)).toBe(
      'was replaced by a newer version more than 24 hours ago',
    );
    expect(versionRefusal({withdrawnAt: null, supersededAt: PUBLISHED}, PUBLISHED + HOUR_MS, HOUR_MS)).toBe(
      'was replaced by a newer version more than 1 hour ago',
    );
    // A clock a little behind the database's: the newer version is not yet out by it, and the older one is taken.
    expect(versionRefusal({withdrawnAt: null, supersededAt: PUBLISHED}, PUBLISHED - 5_000, DAY)).toBeNull();
  });

  it('takes a withdrawn version never, whether or not a newer one is out', () => {
    expect(versionRefusal({withdrawnAt: PUBLISHED, supersededAt: null}, PUBLISHED, DAY)).toBe('was withdrawn');
    expect(versionRefusal({withdrawnAt: PUBLISHED, supersededAt: PUBLISHED - 1}, PUBLISHED, DAY)).toBe('was withdrawn');
  });

  it('refuses exactly the versions withdrawn or superseded for at least the hours given', () => {
    const moment = fc.option(fc.integer({min: 0, max: 400 * DAY}), {nil: null});
    fc.assert(
      fc.property(
        moment,
        moment,
        fc.integer({min: 0, max: 400 * DAY}),
        fc.integer({min: 1, max: 720}),
        (withdrawnAt, supersededAt, now, hours) => {
          const refused = versionRefusal({withdrawnAt, supersededAt}, now, hours * HOUR_MS) !== null;
          expect(refused).toBe(withdrawnAt !== null || (supersededAt !== null && now - supersededAt >= hours * HOUR_MS));
        },
      ),
    );
  });
});

describe('campaignRefusal', () => {
  it('takes any campaign where none are listed, and only the listed ones where some are', () => {
    expect(campaignRefusal('reef-appeal', null)).toBeNull();
    expect(campaignRefusal('reef-appeal', new Set(['reef-appeal', 'deep-sea']))).toBeNull();
    expect(campaignRefusal('Reef-Appeal', new Set(['reef-appeal']))).toBe(
      `campaign: "Reef-Appeal" is not one of this endpoint's campaigns (CORAL_CAMPAIGNS)`,
    );
    expect(campaignRefusal('reef-appeal', new Set())).not.toBeNull();
  });
});
