/** GET /campaigns/<id>/count: a petition's live count, read by pages on any allowed origin. */
import {CAMPAIGN_PARAM, ROUTES} from '../../src/coral/contract';
import type {PowerformConfig} from '../../src/coral/contract/library';
import {type Logger, rejected, type Reply, answerFailures, pathPattern} from '../http';
import type {GiftStore} from '../records';

/** The count's path, the campaign's id in its one group: an id as a campaigns file writes it. */
export const COUNT_PATH = pathPattern(ROUTES.count.path, CAMPAIGN_PARAM, '[A-Za-z0-9_-]{1,64}');

export type CountRouteDeps = {
  powerforms: ReadonlyMap<string, PowerformConfig>;
  /** The newest powerform published for a campaign the campaigns file does not list; null when there is none. */
  published: (campaign: string) => Promise<PowerformConfig | null>;
  counts: SharedCounts;
};

export type SharedCounts = {
  /** The campaign's signatures kept, read once for every request that asks while the same read is under way. */
  read(campaign: string): Promise<number>;
  /** Said as soon as this instance keeps a signature, before it answers the signer. */
  signed(campaign: string): void;
};

/**
 * One read of a campaign's count for all the requests that ask while it runs: a busy petition's page views cost the
 * database a read each few milliseconds, not one each. A request joins a read only if this instance kept no signature
 * for the campaign since that read began, so a signer who asks after their answer always finds their signature
 * counted. Another instance's signature made during a read shows in the next one, milliseconds later.
 */
export function sharedCounts(store: Pick<GiftStore, 'count'>): SharedCounts {
  const reading = new Map<string, {since: number; count: Promise<number>}>();
  const signatures = new Map<string, number>();
  return {
    read(campaign) {
      const since = signatures.get(campaign) ?? 0;
      const under = reading.get(campaign);
      if (under !== undefined && under.since === since) return under.count;
      const count = store.count(campaign).finally(() => {
        if (reading.get(campaign)?.count === count) reading.delete(campaign);
      });
      reading.set(campaign, {since, count});
      return count;
    },
    signed(campaign) {
      signatures.set(campaign, (signatures.get(campaign) ?? 0) + 1);
    },
  };
}

export async function answerCount(deps: CountRouteDeps, campaign: string, log: Logger): Promise<Reply> {
  return answerFailures(log, async () => {
    const config = deps.powerforms.get(campaign) ?? (await deps.published(campaign));
    if (!config) return rejected('not a petition this endpoint counts', 404);
    // The campaign's configured count is what was gathered before this endpoint; every signature kept here adds to it.
    return {
      status: 200,
      body: {campaign, count: config.counter.count + (await deps.counts.read(campaign))},
      // A shared cache (a CDN) may serve one count to a busy page's visitors for a few seconds; a browser asks
      // afresh each time, so a signer who reloads never sees the count from before their signature.
      headers: {'cache-control': 'public, max-age=0, s-maxage=5'},
    };
  });
}
