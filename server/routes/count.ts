/** GET /campaigns/<id>/count: a petition's live count, read by pages on any allowed origin. */
import {CAMPAIGN_PARAM, ROUTES} from '../../src/coral/contract';
import type {PowerformConfig} from '../../src/coral/contract/library';
import type {Logger} from '../log';
import {rejected, type Reply} from '../reply';
import type {GiftStore} from '../store';
import {answerFailures} from './shared';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const [beforeId = '', afterId = ''] = ROUTES.count.path.split(CAMPAIGN_PARAM);

/** The count's path, the campaign's id in its one group: an id as a campaigns file writes it. */
export const COUNT_PATH = new RegExp(`^${escaped(beforeId)}([A-Za-z0-9_-]{1,64})${escaped(afterId)}$`);

export type CountRouteDeps = {powerforms: ReadonlyMap<string, PowerformConfig>; store: GiftStore};

export async function answerCount(deps: CountRouteDeps, campaign: string, log: Logger): Promise<Reply> {
  const config = deps.powerforms.get(campaign);
  if (!config) return rejected('not a petition this endpoint counts', 404);
  // The campaign's configured count is what was gathered before this endpoint; every signature kept here adds to it.
  return answerFailures(log, async () => ({
    status: 200,
    body: {campaign, count: config.counter.count + (await deps.store.count(campaign))},
    // A shared cache (a CDN) may serve one count to a busy page's visitors for a few seconds; a browser asks
    // afresh each time, so a signer who reloads never sees the count from before their signature.
    headers: {'cache-control': 'public, max-age=0, s-maxage=5'},
  }));
}
