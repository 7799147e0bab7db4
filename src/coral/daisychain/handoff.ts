/**
 * The daisychain hand-off: what one page tells the next about a supporter or
 * a gift, through same-origin session storage with an expiry. Never the URL,
 * so an email or phone number never lands in a query string, a referrer or
 * analytics. Reading never throws: storage that is missing, blocked, expired
 * or holds garbage reads as "nothing handed over".
 */
import * as zod from 'zod/mini';
import {FIELD_TABLE, type SupporterField} from '../shared/fields';
import {FREQUENCIES} from '../shared/money';
import {isUtcInstant} from './instant';

export const HANDOFF_VERSION = 1;
/** How long a hand-off stays readable: long enough to read page 2, short enough not to greet the next person on a shared device. */
export const HANDOFF_TTL_MS = 30 * 60 * 1000;

export const SUPPORTER_KEY = 'coral.handoff.supporter';
export const GIFT_KEY = 'coral.handoff.gift';

const envelope = <T extends zod.ZodMiniType>(data: T) =>
  zod.strictObject({
    version: zod.literal(HANDOFF_VERSION),
    /** Milliseconds since the epoch. */
    expiresAt: zod.int().check(zod.positive()),
    data,
  });

const text = (max: number) => zod.string().check(zod.trim(), zod.minLength(1), zod.maxLength(max));

/** A supporter field as the field table allows it: its length, and a postcode's digits (every country's are). Page 2 checks each value it takes by its own rules. */
const field = (name: SupporterField) =>
  name === 'postcode' ? text(FIELD_TABLE[name].maxLength).check(zod.regex(/^\d[\d -]*$/)) : text(FIELD_TABLE[name].maxLength);

/** The signer, as page 1 (a powerform) hands them to page 2 (a donate form). */
export const supporterHandoffSchema = zod.strictObject({
  firstName: field('firstName'),
  lastName: zod.optional(field('lastName')),
  email: zod.optional(field('email')),
  phone: zod.optional(field('phone')),
  postcode: zod.optional(field('postcode')),
  consent: zod.boolean(),
  /** The campaign signed, so page 2 can say what the gift supports. */
  campaign: text(64),
});
export type SupporterHandoff = zod.infer<typeof supporterHandoffSchema>;

/** A gift, as the donate form hands it to a thank-you page. Amounts in cents. */
export const giftHandoffSchema = zod.strictObject({
  firstName: zod.optional(text(50)),
  amount: zod.int().check(zod.positive()),
  currency: zod.string().check(zod.regex(/^[A-Z]{3}$/)),
  frequency: zod.enum(FREQUENCIES),
  reference: text(64),
  /** ISO date-time of the gift, in UTC. */
  date: zod.string().check(zod.refine(isUtcInstant)),
  campaign: text(64),
  /** Set when the supporter kept their card for a monthly gift: the thank-you page's ask for that amount then takes one tap. */
  oneTap: zod.optional(zod.strictObject({token: text(300), amount: zod.int().check(zod.positive())})),
});
export type GiftHandoff = zod.infer<typeof giftHandoffSchema>;

/** Why a hand-off could not be read: none was left, it was too old, it was damaged, or storage is blocked. */
export type ReadFailure = 'none' | 'expired' | 'corrupt' | 'unavailable';
export type ReadResult<T> = {ok: true; data: T} | {ok: false; reason: ReadFailure};

/** Storage as the hand-off needs it; `sessionStorage` in a browser. */
export type HandoffStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's session storage, or null where reading it throws (blocked cookies, sandboxed frames). */
export function sessionStore(): HandoffStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function write<T>(storage: HandoffStorage | null, key: string, schema: zod.ZodMiniType<T>, data: T, now: number): boolean {
  if (!storage) return false;
  const checked = schema.safeParse(data);
  if (!checked.success) return false;
  try {
    storage.setItem(key, JSON.stringify({version: HANDOFF_VERSION, expiresAt: now + HANDOFF_TTL_MS, data: checked.data}));
    return true;
  } catch {
    return false;
  }
}

function read<T>(storage: HandoffStorage | null, key: string, schema: zod.ZodMiniType<T>, now: number): ReadResult<T> {
  if (!storage) return {ok: false, reason: 'unavailable'};
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return {ok: false, reason: 'unavailable'};
  }
  if (raw === null) return {ok: false, reason: 'none'};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return forget(storage, key, 'corrupt');
  }
  const checked = envelope(schema).safeParse(parsed);
  if (!checked.success) return forget(storage, key, 'corrupt');
  if (checked.data.expiresAt <= now) return forget(storage, key, 'expired');
  return {ok: true, data: checked.data.data as T};
}

function forget(storage: HandoffStorage, key: string, reason: 'corrupt' | 'expired'): ReadResult<never> {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing more to do: the next read fails the same way.
  }
  return {ok: false, reason};
}

export const writeSupporterHandoff = (storage: HandoffStorage | null, data: SupporterHandoff, now = Date.now()) =>
  write(storage, SUPPORTER_KEY, supporterHandoffSchema, data, now);
export const readSupporterHandoff = (storage: HandoffStorage | null, now = Date.now()): ReadResult<SupporterHandoff> =>
  read(storage, SUPPORTER_KEY, supporterHandoffSchema, now);
/** Forgets a signer once their gift is made, so the next person on a shared device is not greeted as them. */
export function clearSupporterHandoff(storage: HandoffStorage | null): void {
  try {
    storage?.removeItem(SUPPORTER_KEY);
  } catch {
    // Storage that cannot be written cannot hold a hand-off either.
  }
}
export const writeGiftHandoff = (storage: HandoffStorage | null, data: GiftHandoff, now = Date.now()) =>
  write(storage, GIFT_KEY, giftHandoffSchema, data, now);
export const readGiftHandoff = (storage: HandoffStorage | null, now = Date.now()): ReadResult<GiftHandoff> =>
  read(storage, GIFT_KEY, giftHandoffSchema, now);
