/**
 * The doorway: `createCoralHandler`, the table of routes and what each kind of request is checked for before its route
 * is asked; the options a host passes it, and reading them from the environment.
 */
export {type EndpointEnv, type EnvResult, readEndpointEnv, readRecordsEnv, type RecordsSettings, type StripeSettings} from './env';
export {type CoralHandler, type CoralHandlerOptions, createCoralHandler, STRIPE_CALL_LIMITS} from './handler';
export {type RoutedPath} from './route';
