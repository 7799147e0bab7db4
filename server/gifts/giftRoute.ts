/** POST /gifts: checks a gift, creates its PaymentIntent or Subscription, keeps it, and replies its client secret. */
import {oneTapMonthly} from '../../src/coral/contract/library';
import {checkedAgainst} from '../forms';
import {checkGift} from './gift';
import {rejected, type Reply, type PageRequest} from '../http';
import {createGift} from './stripeGifts';
import {admitGift, keepGift, NO_GIFTS, stripeKeyOf, underAttempt, type GiftRouteDeps} from './routeParts';

export async function answerGift(deps: GiftRouteDeps | null, request: PageRequest): Promise<Reply> {
  if (!deps) return NO_GIFTS;
  const key = stripeKeyOf(request.key);
  return deps.deadline.inTime(request.log, async () => {
    const against = await checkedAgainst(request.body, deps.campaigns, deps.published);
    const checked = against.ok ? checkGift(request.body, against.value.configs) : against;
    if (!checked.ok) return rejected(checked.reason);
    const gift = checked.value;
    const refused = await admitGift(deps.guard, gift, request);
    if (refused) return refused;
    return underAttempt(deps, request.key, async (attempt) => {
      const making = {stripe: deps.stripe, notes: deps.store, giftKey: key, attempt};
      const pending = await createGift(making, deps.productFor, gift);
      await keepGift(deps, gift, {reference: pending.reference, key, via: 'gifts'});
      const monthly = gift.savePaymentMethod ? oneTapMonthly(gift.config, gift.amount) : null;
      return {status: 200, body: {status: 'requires_confirmation', ...pending, ...(monthly === null ? {} : {oneTapMonthly: monthly})}};
    });
  });
}
