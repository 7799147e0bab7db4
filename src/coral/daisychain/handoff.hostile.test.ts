/** The hand-off against storage that fails, lies or holds garbage: reads say why nothing was handed over, and nothing throws. */
import {describe, expect, it, vi} from 'vitest';
import fc from 'fast-check';
import {compact, optional, hostileString, PROPERTY_TIMEOUT_MS, MemoryStorage} from '../shared/testing';
import {
  clearSupporterHandoff,
  GIFT_KEY,
  HANDOFF_TTL_MS,
  HANDOFF_VERSION,
  readGiftHandoff,
  readSupporterHandoff,
  sessionStore,
  SUPPORTER_KEY,
  writeGiftHandoff,
  writeSupporterHandoff,
  type GiftHandoff,
  type HandoffStorage,
  type ReadResult,
  type SupporterHandoff,
} from './handoff';

const now = Date.parse('2026-11-22T10:00:00Z');

/** Text as the schema keeps it: already trimmed, any script. */
const trimmed = (max: number) =>
  fc.string({unit: 'binary', minLength: 1, maxLength: Math.floor(max / 2)}).filter((value) => value.trim() === value);

const supporter: fc.Arbitrary<SupporterHandoff> = fc
  .record({
    firstName: trimmed(50),
    lastName: optional(trimmed(50)),
    email: optional(trimmed(254)),
    phone: optional(trimmed(20)),
    postcode: optional(fc.stringMatching(/^\d{4}$/)),
    consent: fc.boolean(),
    campaign: trimmed(64),
  })
  .map(compact);

const gift: fc.Arbitrary<GiftHandoff> = fc
  .record({
    firstName: optional(trimmed(50)),
    amount: fc.integer({min: 1, max: Number.MAX_SAFE_INTEGER}),
    currency: fc.stringMatching(/^[A-Z]{3}$/),
    frequency: fc.constantFrom('one-off', 'weekly', 'monthly', 'daily'),
    reference: trimmed(64),
    date: fc.date({min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true}).map((d) => d.toISOString()),
    campaign: trimmed(64),
  })
  .map(compact);

const envelope = (data: unknown, expiresAt = now + 1000, version: unknown = HANDOFF_VERSION) => JSON.stringify({version, expiresAt, data});

/** Both hand-offs, so every property runs against each. */
const KINDS = [
  {
    name: 'supporter',
    key: SUPPORTER_KEY,
    other: GIFT_KEY,
    valid: supporter as fc.Arbitrary<unknown>,
    read: readSupporterHandoff,
    write: writeSupporterHandoff as (s: HandoffStorage | null, d: unknown, n?: number) => boolean,
  },
  {
    name: 'gift',
    key: GIFT_KEY,
    other: SUPPORTER_KEY,
    valid: gift as fc.Arbitrary<unknown>,
    read: readGiftHandoff,
    write: writeGiftHandoff as (s: HandoffStorage | null, d: unknown, n?: number) => boolean,
  },
] as const;

/** Stores `raw` under the hand-off's key beside an untouched neighbour, reads it, and checks what the read left behind. */
function readStored(kind: (typeof KINDS)[number], raw: string, at = now): {result: ReadResult<unknown>; storage: MemoryStorage} {
  const storage = new MemoryStorage();
  storage.setItem(kind.key, raw);
  storage.setItem(kind.other, 'the other page’s hand-off');
  const result = kind.read(storage, at);
  expect(storage.getItem(kind.other)).toBe('the other page’s hand-off');
  return {result, storage};
}

describe.each(KINDS)('the $name hand-off, given garbage in storage', {timeout: PROPERTY_TIMEOUT_MS}, (kind) => {
  it('reads any string that is not a hand-off as corrupt, and forgets it', () => {
    fc.assert(
      fc.property(hostileString, (raw) => {
        const {result, storage} = readStored(kind, raw);
        expect(result).toEqual({ok: false, reason: 'corrupt'});
        expect(storage.getItem(kind.key)).toBeNull();
      }),
      {numRuns: 1000},
    );
  });

  it('reads JSON of the wrong shape as corrupt, the other page’s hand-off included', () => {
    const otherKind = KINDS.find((k) => k.key === kind.other)!;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.jsonValue().map((data) => envelope(data)),
          otherKind.valid.map((data) => envelope(data)),
        ),
        (raw) => {
          const {result, storage} = readStored(kind, raw);
          expect(result).toEqual({ok: false, reason: 'corrupt'});
          expect(storage.getItem(kind.key)).toBeNull();
        },
      ),
      {numRuns: 1000},
    );
  });

  it('reads a hand-off of any other version, or with a bad expiry stamp, as corrupt', () => {
    const badVersion = fc.oneof(
      fc.integer().filter((v) => v !== HANDOFF_VERSION),
      fc.constantFrom('1', 1.5, null, true, [1], {v: 1}),
    );
    const badExpiry = fc.oneof(
      fc.integer({max: 0}),
      fc.double({noInteger: true}),
      fc.constantFrom(`${now + 1000}`, null, true, [now + 1000], Number.MAX_VALUE * 2),
    );
    fc.assert(
      fc.property(
        kind.valid,
        fc.oneof(
          badVersion.map((version) => (data: unknown) => envelope(data, now + 1000, version)),
          badExpiry.map((expiresAt) => (data: unknown) => envelope(data, expiresAt as number)),
          fc.constant((data: unknown) => JSON.stringify({version: HANDOFF_VERSION, data})),
        ),
        (data, wrap) => {
          expect(readStored(kind, wrap(data)).result).toEqual({ok: false, reason: 'corrupt'});
        },
      ),
      {numRuns: 1000},
    );
  });

  it('reads a hand-off with any key it does not know as corrupt, "__proto__" included, and pollutes nothing', () => {
    fc.assert(
      fc.property(kind.valid, fc.constantFrom('__proto__', 'constructor', 'extra', 'isAdmin', ''), fc.boolean(), (data, key, inData) => {
        const raw = inData
          ? envelope(data).replace('"data":{', `"data":{${JSON.stringify(key)}:{"polluted":true},`)
          : envelope(data).replace('{"version"', `{${JSON.stringify(key)}:{"polluted":true},"version"`);
        expect(readStored(kind, raw).result).toEqual({ok: false, reason: 'corrupt'});
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      {numRuns: 1000},
    );
  });

  it('reads an expired hand-off as expired and forgets it, and a live one as it was written', () => {
    fc.assert(
      fc.property(
        kind.valid,
        fc.oneof(fc.integer({min: 1, max: now + HANDOFF_TTL_MS}), fc.constantFrom(now, now + 1)),
        (data, expiresAt) => {
          const {result, storage} = readStored(kind, envelope(data, expiresAt));
          if (expiresAt <= now) {
            expect(result).toEqual({ok: false, reason: 'expired'});
            expect(storage.getItem(kind.key)).toBeNull();
          } else {
            expect(result).toEqual({ok: true, data});
            expect(storage.getItem(kind.key)).not.toBeNull();
          }
        },
      ),
      {numRuns: 1000},
    );
  });

  it('survives JSON nested far deeper than any hand-off', () => {
    for (const raw of ['['.repeat(100_000) + ']'.repeat(100_000), envelope(JSON.parse('['.repeat(1_000) + ']'.repeat(1_000)))]) {
      expect(readStored(kind, raw).result).toEqual({ok: false, reason: 'corrupt'});
    }
  });

  it('writes nothing and throws nothing when given a payload outside the contract', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (data) => {
        const storage = new MemoryStorage();
        expect(kind.write(storage, data, now)).toBe(false);
        expect(storage.items.size).toBe(0);
      }),
      {numRuns: 1000},
    );
  });
});

const THROWN: [string, unknown][] = [
  ['a SecurityError', new DOMException('blocked', 'SecurityError')],
  ['a QuotaExceededError', new DOMException('full', 'QuotaExceededError')],
  ['a string', 'storage is off'],
  ['undefined', undefined],
  [
    'an object that cannot be turned into text',
    {
      toString: () => {
        throw new Error('not even this');
      },
    },
  ],
];

const throwingStorage = (thrown: unknown): HandoffStorage => {
  const raise = (): never => {
    throw thrown;
  };
  return {getItem: raise, setItem: raise, removeItem: raise};
};

/** Storage whose every property throws when it is looked at, as some privacy modes make it. */
const trapped = new Proxy({} as HandoffStorage, {
  get() {
    throw new DOMException('denied', 'SecurityError');
  },
});

describe.each(KINDS)('the $name hand-off, with storage that fails', (kind) => {
  it.each(THROWN)('reads as unavailable and writes nothing when every method throws %s', (_what, thrown) => {
    const storage = throwingStorage(thrown);
    expect(kind.read(storage, now)).toEqual({ok: false, reason: 'unavailable'});
    expect(kind.write(storage, fc.sample(kind.valid, {numRuns: 1, seed: 1})[0], now)).toBe(false);
    expect(() => clearSupporterHandoff(storage)).not.toThrow();
  });

  it('reads as unavailable and writes nothing when merely looking at the storage throws', () => {
    expect(kind.read(trapped, now)).toEqual({ok: false, reason: 'unavailable'});
    expect(kind.write(trapped, fc.sample(kind.valid, {numRuns: 1, seed: 1})[0], now)).toBe(false);
    expect(() => clearSupporterHandoff(trapped)).not.toThrow();
  });

  it('still says why when it cannot forget what it read', () => {
    fc.assert(
      fc.property(kind.valid, fc.oneof(hostileString, fc.constant('expired')), (data, raw) => {
        const storage = new MemoryStorage();
        storage.removeItem = () => {
          throw new DOMException('blocked', 'SecurityError');
        };
        const stored = raw === 'expired' ? envelope(data, now) : raw;
        storage.setItem(kind.key, stored);
        expect(kind.read(storage, now)).toEqual({ok: false, reason: raw === 'expired' ? 'expired' : 'corrupt'});
        // Still there, and still read the same way next time.
        expect(storage.getItem(kind.key)).toBe(stored);
        expect(kind.read(storage, now)).toEqual({ok: false, reason: raw === 'expired' ? 'expired' : 'corrupt'});
      }),
      {numRuns: 200},
    );
  });

  it('reports a full storage as a failed write, leaving nothing half-written to read', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(kind.write(storage, fc.sample(kind.valid, {numRuns: 1, seed: 2})[0], now)).toBe(false);
    expect(kind.read(storage, now)).toEqual({ok: false, reason: 'none'});
  });
});

describe('the page’s session storage', () => {
  it('is null where reaching it throws, and the hand-off then reads as unavailable', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(sessionStore()).toBeNull();
      expect(readSupporterHandoff(sessionStore(), now)).toEqual({ok: false, reason: 'unavailable'});
      expect(readGiftHandoff(sessionStore(), now)).toEqual({ok: false, reason: 'unavailable'});
      expect(writeGiftHandoff(sessionStore(), fc.sample(gift, {numRuns: 1, seed: 3})[0]!, now)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
