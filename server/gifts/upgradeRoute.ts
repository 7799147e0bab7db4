/** POST /gifts/upgrade: the thank-you page's one-tap monthly gift, on the payment method saved with consent (upgrade.ts). */
import type {CheckedGift} from './gift';
import {type Reply, type PageRequest} from '../http';
import {upgradeGift} from './upgrade';
import {keepGift, NO_GIFTS, stripeKeyOf, type GiftRouteDeps} from './routeParts';

export async function answerUpgrade(deps: GiftRouteDeps | null, request: PageRequest): Promise<Reply> {
  if (!deps) return NO_GIFTS;
  const key = stripeKeyOf(request.key);
  const keep = (gift: CheckedGift, reference: string) => keepGift(deps, gift, {reference, key, via: 'upgrade'});
  // Stripe's key comes from the first gift, not from `key`: every tap, whatever its key, asks for the same monthly gift.
  return deps.deadline.inTime(
    request.log,
    async () =>
      (await deps.guard.admit({address: request.address, email: null, botCheck: null, upgrade: true}, request.log)) ??
      upgradeGift({...deps, nowSeconds: deps.seconds(), keep}, request.body),
  );
}
