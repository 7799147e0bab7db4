/**
 * The words beside a form's consent box, as the supporter read them: the
 * component's default with the config's `messages` on top, resolved as the
 * form itself resolves them, so a record can name what was agreed to.
 */
import {DONATE_FORM_MESSAGES, type DonateFormConfig} from '../donate-form/core';
import {POWERFORM_MESSAGES, type PowerformConfig} from '../powerform/core';
import {withOverrides} from '../shared/basics';

export const donateFormConsentLabel = (config: DonateFormConfig): string =>
  withOverrides(DONATE_FORM_MESSAGES, config.messages).consentLabel;

export const powerformConsentLabel = (config: PowerformConfig): string => withOverrides(POWERFORM_MESSAGES, config.messages).consentLabel;
