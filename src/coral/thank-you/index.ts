/** The thank-you component's public door: the component, its config schema and types, and its events. */
export {ThankYou, type ThankYouProps} from './ThankYou';
export {
  thankYouSchema,
  parseThankYouConfig,
  SHARE_CHANNELS,
  type ShareChannel,
  type ThankYouConfig,
  type ThankYouConfigInput,
} from './schema';
export {THANK_YOU_MESSAGES, type ThankYouMessages} from './messages';
export {THANK_YOU_EVENTS, type ThankYouEventDetails, type ThankYouEventName} from './events';
