/**
 * The stand-in's customer portal sessions (docs.stripe.com/api/customer_portal/sessions): the short-lived
 * address at which a supporter manages their own gift and card on Stripe's pages. The pages themselves are
 * not served.
 */
import {randomBytes} from 'node:crypto';
import type {LedgerCore} from './stripeCore';
import {invalid, missing, ok, str, urlRefusal, type Params, type Reply} from './stripeValues';

/** The account's default portal configuration, which a session uses unless told otherwise: the stand-in's has saved one. */
const DEFAULT_CONFIGURATION = 'bpc_standin_default';
/** What the stand-in acts on; the others Stripe's types allow (flows, locale, another configuration) it refuses rather than ignore. */
const TAKEN = new Set(['customer', 'return_url']);

export function portalMethods(core: LedgerCore) {
  const {clock, id, billingPortalSessions} = core;
  return {
    /** POST /v1/billing_portal/sessions, for a customer not deleted, with the page to come back to. */
    createBillingPortalSession(params: Params): Reply {
      const other = Object.keys(params).find((name) => !TAKEN.has(name));
      if (other !== undefined) return invalid(`The stand-in does not take ${other} on a portal session.`, other);
      const customer = str(params.customer);
      if (customer === undefined) return invalid('Missing required param: customer.', 'customer', 'parameter_missing');
      if (!core.liveCustomer(customer)) return missing('customer', customer, 'customer');
      const refused = params.return_url === undefined ? null : urlRefusal(params.return_url, 'return_url');
      if (refused) return refused;
      const session = {
        id: id('bps'),
        object: 'billing_portal.session',
        configuration: DEFAULT_CONFIGURATION,
        created: clock(),
        customer,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: str(params.return_url) ?? null,
        // The address is the session's only secret, as Stripe's is.
        url: `https://billing.stripe.com/p/session/test_${randomBytes(24).toString('hex')}`,
      };
      billingPortalSessions.set(session.id, session);
      return ok(session);
    },
  };
}
