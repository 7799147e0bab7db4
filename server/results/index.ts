/**
 * An experiment's results: events kept and counted, the statistics and the verdict, the results page, its sign-in, and
 * their routes.
 */
export {foldBefore, foldEvents, publishedVariants, recordEvent} from './events';
export {answerEvent, type EventRequestContext} from './eventsRoute';
export {answerResultsPage, answerResultsScript} from './resultsPageRoute';
export {makePlan, planSentence} from './plan';
export {readCountries} from './read';
export {answerResults, publishedPlan, RESULTS_PATH} from './resultsRoute';
export {answerSignIn, answerSignOut} from './signInRoute';
