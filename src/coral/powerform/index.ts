/** The powerform's public door: the component, its config schema and types, and its events. */
export {Powerform, type PowerformProps} from './Powerform';
export {powerformSchema, parsePowerformConfig, type PowerformConfig, type PowerformConfigInput} from './schema';
export {POWERFORM_MESSAGES, type PowerformMessages} from './messages';
export {POWERFORM_EVENTS, type PowerformEventDetails, type PowerformEventName} from './events';
export {POWERFORM_URL_PARAMS} from './derive';
export {SANDBOX_SIGNUP_EMAILS} from '../shared/gateways/sandbox';
