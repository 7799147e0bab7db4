/** What `npm run bench:server` takes from the endpoint's own code and its test tools, loaded through Vite in one go. */
export {MIGRATIONS, migrate} from '../../server/schema';
// Each by name: the runner is closed once they are loaded, so nothing of them may be imported later, as open.ts imports PGlite.
export {openPglite} from '../../server/node';
export {openPostgres} from '../../server/db';
export {throwawayDatabase} from '../../server/testing/databases';
export {ORIGIN, start, stop} from '../../server/testing/endpointProcess';
export {GUARD_SECRET, WEBHOOK_SECRET, giftBody} from '../../server/testing/fixtures';
export {STAND_IN_SECRET_KEY, startStripeStandIn} from '../../server/testing/stripeStandIn';
