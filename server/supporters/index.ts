/**
 * A supporter's rights: what is held about them, forgetting, correcting, the retention that runs each day, and the
 * routes for them.
 */
export {correctSupporter} from './correct';
export {emailKeyOf, forgetSupporter, type SupporterDeps} from './forget';
export {heldFor, isEmail} from './held';
export {applyRetention, retainDaily, startRetention} from './retention';
export {answerSupporterRoute, SUPPORTER_ROUTE_NAMES, type SupporterRoute} from './supportersRoute';
