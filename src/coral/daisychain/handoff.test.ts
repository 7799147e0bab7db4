import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
  clearSupporterHandoff,
  GIFT_KEY,
  HANDOFF_TTL_MS,
  readGiftHandoff,
  readSupporterHandoff,
  SUPPORTER_KEY,
  writeGiftHandoff,
  writeSupporterHandoff,
  type HandoffStorage,
} from './handoff';
import {gift, signer, MemoryStorage} from '../shared/testing';

const throwing: HandoffStorage = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

const now = Date.parse('2026-11-22T10:00:00Z');

describe('supporter hand-off', () => {
  it('carries the signer to the next page', () => {
    const storage = new MemoryStorage();
    expect(writeSupporterHandoff(storage, signer, now)).toBe(true);
    expect(readSupporterHandoff(storage, now + 60_000)).toEqual({ok: true, data: signer});
  });

  it('reads as nothing when there is none, and forgets one that has expired', () => {
    const storage = new MemoryStorage();
    expect(readSupporterHandoff(storage, now)).toEqual({ok: false, reason: 'none'});
    writeSupporterHandoff(storage, signer, now);
    expect(readSupporterHandoff(storage, now + HANDOFF_TTL_MS)).toEqual({ok: false, reason: 'expired'});
    expect(storage.items.has(SUPPORTER_KEY)).toBe(false);
  });

  it('reads corrupt data as nothing and removes it', () => {
    const storage = new MemoryStorage();
    for (const garbage of ['{', 'null', '[]', '{"version":1}', JSON.stringify({version: 2, expiresAt: now + 1, data: signer})]) {
      storage.setItem(SUPPORTER_KEY, garbage);
      expect(readSupporterHandoff(storage, now)).toEqual({ok: false, reason: 'corrupt'});
      expect(storage.items.has(SUPPORTER_KEY)).toBe(false);
    }
    storage.setItem(SUPPORTER_KEY, JSON.stringify({version: 1, expiresAt: now + 1000, data: {...signer, firstName: '<b>x'.repeat(30)}}));
    expect(readSupporterHandoff(storage, now)).toEqual({ok: false, reason: 'corrupt'});
  });

  it('never throws when storage is missing or throws', () => {
    expect(writeSupporterHandoff(null, signer, now)).toBe(false);
    expect(readSupporterHandoff(null, now)).toEqual({ok: false, reason: 'unavailable'});
    expect(writeSupporterHandoff(throwing, signer, now)).toBe(false);
    expect(readSupporterHandoff(throwing, now)).toEqual({ok: false, reason: 'unavailable'});
  });

  it('refuses to write a payload outside the contract', () => {
    const storage = new MemoryStorage();
    expect(writeSupporterHandoff(storage, {...signer, postcode: 'abcd'}, now)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('survives any stored string without throwing', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const storage = new MemoryStorage();
        storage.setItem(SUPPORTER_KEY, raw);
        const result = readSupporterHandoff(storage, now);
        expect(result.ok).toBe(false);
      }),
      {numRuns: 1000},
    );
  });
});

describe('forgetting a signer', () => {
  it('removes the signer, and never throws when storage does', () => {
    const storage = new MemoryStorage();
    writeSupporterHandoff(storage, signer, now);
    clearSupporterHandoff(storage);
    expect(readSupporterHandoff(storage, now)).toEqual({ok: false, reason: 'none'});
    expect(() => clearSupporterHandoff(throwing)).not.toThrow();
    expect(() => clearSupporterHandoff(null)).not.toThrow();
  });
});

describe('gift hand-off', () => {
  it('carries the gift summary to a thank-you page', () => {
    const storage = new MemoryStorage();
    expect(writeGiftHandoff(storage, gift, now)).toBe(true);
    expect(storage.items.has(GIFT_KEY)).toBe(true);
    expect(readGiftHandoff(storage, now)).toEqual({ok: true, data: gift});
  });
});
