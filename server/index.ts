/**
 * The endpoint's public door, for a host of one's own (an AWS Lambda behind a Request/Response adapter, a test): the
 * handler from its options, or from the environment as the fetch-style hosts read it. Node's server is main.ts, a
 * Worker's worker.ts.
 */
export {createCoralHandler, STRIPE_CALL_LIMITS, type CoralHandlerOptions} from './doorway';
export {handlerFromEnv, type WorkerEnv} from './workers';
