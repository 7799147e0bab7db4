/**
 * The donate form without its view, and without React: its config schema and
 * types, messages, gift arithmetic and its events. The endpoint checks gifts with
 * these, and the embed checks a config with them before the form's code loads.
 */
export {
  donateFormSchema,
  checkDonateFormConfig,
  FREQUENCIES,
  type DonateFormConfig,
  type DonateFormConfigInput,
  type Frequency,
} from './schema';
export {DONATE_FORM_MESSAGES, type DonateFormMessages} from './messages';
export {DONATE_FORM_EVENTS, type DonateFormEventDetails, type DonateFormEventName} from './events';
export {checkOtherAmount, giftTotal, type GiftTotal, limitsFor} from './rules';
export {keepsCardFor, oneTapMonthly} from './keepCard';
