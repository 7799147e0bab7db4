/** POST /checkout: checks a gift, creates a Stripe Checkout Session, keeps the gift, and replies the address of Stripe's page. */
import {checkCheckout, createCheckout} from './checkout';
import {checkedAgainst} from '../forms';
import {rejected, type Reply, type PageRequest} from '../http';
import {admitGift, keepGift, NO_GIFTS, stripeKeyOf, underAttempt, type GiftRouteDeps} from './routeParts';

/** `allowedOrigins`: the pages a supporter may be sent back to from Stripe's. */
export async function answerCheckout(
  deps: (GiftRouteDeps & {allowedOrigins: ReadonlySet<string>}) | null,
  request: PageRequest,
): Promise<Reply> {
  if (!deps) return NO_GIFTS;
  const key = stripeKeyOf(request.key);
  return deps.deadline.inTime(request.log, async () => {
    const against = await checkedAgainst(request.body, deps.campaigns, deps.published);
    const checked = against.ok ? checkCheckout(request.body, against.value.configs, deps.allowedOrigins) : against;
    if (!checked.ok) return rejected(checked.reason);
    const {gift, urls} = checked.value;
    const refused = await admitGift(deps.guard, gift, request);
    if (refused) return refused;
    return underAttempt(deps, request.key, async (attempt) => {
      const session = await createCheckout(deps.stripe, deps.productFor, gift, urls, attempt.key);
      await keepGift(deps, gift, {reference: session.reference, key, via: 'checkout'});
      return {status: 200, body: {status: 'redirect', ...session}};
    });
  });
}
