/**
 * The words beside a form's consent box, as the supporter read them: the
 * component's default with the config's `messages` on top, resolved as the
 * form itself resolves them, so a record can name what was agreed to.
 */
import type {DonateFormConfig} from '../donate-form/schema';
import {messagesFor as donateFormMessages} from '../donate-form/state';
import {messagesFor as powerformMessages} from '../powerform/machine';
import type {PowerformConfig} from '../powerform/schema';

export const donateFormConsentLabel = (config: DonateFormConfig): string => donateFormMessages(config).consentLabel;

export const powerformConsentLabel = (config: PowerformConfig): string => powerformMessages(config).consentLabel;
