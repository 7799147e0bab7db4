/** The powerform without its view, and without React: its config schema and types, messages and its events. */
export {powerformSchema, checkPowerformConfig, type PowerformConfig, type PowerformConfigInput} from './schema';
export {POWERFORM_MESSAGES, type PowerformMessages} from './messages';
export {POWERFORM_EVENTS, type PowerformEventDetails, type PowerformEventName} from './events';
