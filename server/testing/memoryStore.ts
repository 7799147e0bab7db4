/** Records in the process's memory, for unit tests only: a running endpoint keeps them in Postgres (records/pgStore.ts). */
import {
  newSignatureReference,
  repeatReference,
  UPGRADE_LEASE_SECONDS,
  type GiftRecord,
  type GiftAttempt,
  type GiftStore,
  type KeptGift,
  type KeptSignature,
  type MadeCustomer,
} from '../records';

/** A store whose records tests can read back. */
export function createMemoryGiftStore(): GiftStore & {
  all(): Array<[string, GiftRecord]>;
  gifts: KeptGift[];
  links: Map<string, string>;
  signatures: Array<KeptSignature & {reference: string}>;
} {
  const records = new Map<string, GiftRecord>();
  const gifts: KeptGift[] = [];
  const signatures: Array<KeptSignature & {reference: string}> = [];
  const links = new Map<string, string>();
  const claims = new Map<string, {attempt: number; heldUntil: number | null; subscription: string | null}>();
  const keys = new Map<string, string>();
  const attempts = new Map<string, GiftAttempt>();
  const customers: MadeCustomer[] = [];
  const counts = new Map<string, {bucket: string; windowStart: number; hits: number}>();
  let breakerOpen = false;
  const outcomes = () => [...records.values()];
  return {
    recordOnce: async (key, value) => {
      if (records.has(key)) return false;
      records.set(key, value);
      return true;
    },
    get: async (key) => records.get(key),
    keepGift: async (gift) => {
      if (gifts.some((kept) => kept.reference === gift.reference)) return false;
      gifts.push(gift);
      return true;
    },
    linkCheckout: async (session, reference, method) => {
      if (!links.has(session)) links.set(session, reference);
      const gift = gifts.find((kept) => kept.reference === session);
      if (gift && method !== null) gift.method = method;
    },
    sign: async (signature) => {
      const email = signature.supporter.email;
      const earlier = signatures.find(
        (kept) =>
          kept.idempotencyKey === signature.idempotencyKey ||
          (email && kept.campaign === signature.campaign && kept.supporter.email === email),
      );
      if (earlier?.idempotencyKey === signature.idempotencyKey) return {reference: earlier.reference, created: false};
      if (earlier) return {reference: await repeatReference(earlier.reference, signature.idempotencyKey), created: false};
      const reference = newSignatureReference();
      signatures.push({...signature, reference});
      return {reference, created: true};
    },
    count: async (campaign) => signatures.filter((kept) => kept.campaign === campaign).length,
    claimUpgrade: async (firstGift, nowSeconds) => {
      const claim = claims.get(firstGift) ?? {attempt: 1, heldUntil: null, subscription: null};
      if (claim.subscription !== null) return {status: 'made', subscription: claim.subscription};
      if (claim.heldUntil !== null && claim.heldUntil > nowSeconds) return {status: 'held'};
      claims.set(firstGift, {...claim, heldUntil: nowSeconds + UPGRADE_LEASE_SECONDS});
      return {status: 'claimed', attempt: claim.attempt};
    },
    upgradeMade: async (firstGift, subscription) => {
      const claim = claims.get(firstGift);
      if (claim && claim.subscription === null) claims.set(firstGift, {...claim, heldUntil: null, subscription});
    },
    releaseUpgrade: async (firstGift, attempt, nextKey) => {
      const claim = claims.get(firstGift);
      if (claim && claim.subscription === null && claim.attempt === attempt) {
        claims.set(firstGift, {...claim, heldUntil: null, attempt: attempt + (nextKey ? 1 : 0)});
      }
    },
    giftAttempt: async (key, nowSeconds) => {
      const attempt = attempts.get(key) ?? {attempt: 0, startedAt: nowSeconds};
      attempts.set(key, attempt);
      return attempt;
    },
    nextGiftAttempt: async (key, attempt, nowSeconds) => {
      if ((attempts.get(key)?.attempt ?? 0) === attempt) attempts.set(key, {attempt: attempt + 1, startedAt: nowSeconds});
    },
    customerMade: async (made) => {
      if (!customers.some((kept) => kept.customer === made.customer)) customers.push(made);
    },
    customerOfKey: async (key) => customers.filter((kept) => kept.key === key).at(-1)?.customer ?? null,
    customerKept: async (key) => {
      for (const made of customers) if (made.key === key) made.email = null;
    },
    claimKey: async (key, route) => {
      const first = keys.get(key) ?? route;
      keys.set(key, first);
      return first;
    },
    ping: async () => {},
    countRequest: async (bucket, windowStart, forgetBefore) => {
      for (const [at, count] of counts) if (count.windowStart < forgetBefore) counts.delete(at);
      const at = `${bucket} ${windowStart}`;
      const count = counts.get(at) ?? {bucket, windowStart, hits: 0};
      counts.set(at, {...count, hits: count.hits + 1});
      return count.hits + 1;
    },
    failuresOf: async (stripeId) => outcomes().filter((record) => record.outcome === 'failed' && record.stripeId === stripeId).length,
    outcomesSince: async (sinceSeconds) => {
      const recent = outcomes().filter((record) => record.recordedAt >= sinceSeconds);
      return {paid: recent.filter((r) => r.outcome === 'paid').length, failed: recent.filter((r) => r.outcome === 'failed').length};
    },
    setBreaker: async (open) => {
      if (breakerOpen === open) return false;
      breakerOpen = open;
      return true;
    },
    all: () => [...records],
    gifts,
    links,
    signatures,
  };
}
