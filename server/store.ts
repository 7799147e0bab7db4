/**
 * Where the endpoint records what Stripe tells it about gifts. Stripe delivers
 * each webhook event at least once, and sometimes more than once, so every
 * write is keyed: a key already recorded is left as it is.
 */
import type {Frequency} from '../src/coral/shared/frequency';

export type GiftOutcome = 'paid' | 'failed' | 'ended' | 'upgraded';

export type GiftRecord = {
  outcome: GiftOutcome;
  /** The reference the supporter was given: the PaymentIntent (one-off) or the Subscription (recurring). */
  reference: string;
  /** The Stripe object this record is about: a PaymentIntent, an Invoice or a Subscription. */
  stripeId: string;
  campaign: string;
  frequency: Frequency | null;
  /** What was taken (or failed to be), in cents, fees included; null when the event carries no amount. */
  amount: number | null;
  currency: string | null;
  /** The Stripe event that told us, or null when the endpoint recorded it itself (an upgrade). */
  eventId: string | null;
  /** Seconds since the epoch, from the handler's clock. */
  recordedAt: number;
};

export interface GiftStore {
  /**
   * Records `value` under `key` unless the key is already there. Answers true
   * when this call recorded it, false when it was already recorded. A real
   * store must make this one atomic write (an INSERT … ON CONFLICT DO NOTHING,
   * a conditional put), so two deliveries of one event arriving at once still
   * record it once.
   */
  recordOnce(key: string, value: GiftRecord): Promise<boolean>;
  get(key: string): Promise<GiftRecord | undefined>;
}

/**
 * A store in the process's memory, for tests and `npm run server`. It forgets
 * everything on restart and is not shared between instances: a deployment
 * plugs in its database here (Postgres, DynamoDB, Workers KV or D1) behind the
 * same two methods.
 */
export function createMemoryGiftStore(): GiftStore & {all(): Array<[string, GiftRecord]>} {
  const records = new Map<string, GiftRecord>();
  return {
    recordOnce: async (key, value) => {
      if (records.has(key)) return false;
      records.set(key, value);
      return true;
    },
    get: async (key) => records.get(key),
    all: () => [...records],
  };
}
