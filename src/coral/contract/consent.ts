/**
 * The words beside a form's consent box, as the supporter read them: the
 * component's default with the config's `messages` on top, resolved as the
 * form itself resolves them, so a record can name what was agreed to.
 */
import {DONATE_FORM_MESSAGES} from '../donate-form/messages';
import type {DonateFormConfig} from '../donate-form/schema';
import {POWERFORM_MESSAGES} from '../powerform/messages';
import type {PowerformConfig} from '../powerform/schema';
import {withOverrides} from '../shared/form/machine';

export const donateFormConsentLabel = (config: DonateFormConfig): string =>
  withOverrides(DONATE_FORM_MESSAGES, config.messages).consentLabel;

export const powerformConsentLabel = (config: PowerformConfig): string => withOverrides(POWERFORM_MESSAGES, config.messages).consentLabel;
