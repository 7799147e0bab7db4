/** The thank-you page without its view, and without React: its config schema and types, messages and its events. */
export {
  thankYouSchema,
  checkThankYouConfig,
  SHARE_CHANNELS,
  type ShareChannel,
  type ThankYouConfig,
  type ThankYouConfigInput,
} from './schema';
export {THANK_YOU_MESSAGES, type ThankYouMessages} from './messages';
export {THANK_YOU_EVENTS, type ThankYouEventDetails, type ThankYouEventName} from './events';
