/** The donate form's public door: the component, its config schema and types, and its events. */
export {DonateForm, type DonateFormHandle, type DonateFormProps} from './DonateForm';
export {
  donateFormSchema,
  parseDonateFormConfig,
  FREQUENCIES,
  type DonateFormConfig,
  type DonateFormConfigInput,
  type Frequency,
} from './schema';
export {DONATE_FORM_MESSAGES, type DonateFormMessages} from './messages';
export {DONATE_FORM_EVENTS, type DonateFormEventDetails, type DonateFormEventName} from './events';
export {STEPS, type Step} from './machine';
