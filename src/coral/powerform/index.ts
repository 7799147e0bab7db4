/** The powerform's public door: the component, with all that its core door (./core.ts) holds, and the sandbox's test emails. */
export {Powerform, type PowerformProps} from './Powerform';
export * from './core';
export {POWERFORM_URL_PARAMS} from './derive';
export {SANDBOX_SIGNUP_EMAILS} from '../shared/gateways';
