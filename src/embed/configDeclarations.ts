/** Every element's config declaration for coral.d.ts, each option described by its component's options.ts. */
import {DONATE_FORM_OPTIONS} from '../coral/donate-form/docs';
import {donateFormSchema} from '../coral/donate-form/core';
import {POWERFORM_OPTIONS} from '../coral/powerform/docs';
import {powerformSchema} from '../coral/powerform/core';
import {optionTree} from '../coral/shared/docs';
import {THANK_YOU_OPTIONS} from '../coral/thank-you/docs';
import {thankYouSchema} from '../coral/thank-you/core';
import {configDeclaration} from './configTypes';

export const configDeclarations = (): string =>
  [
    configDeclaration(
      'CoralDonateFormConfig',
      'The config of `<coral-donate-form>`, written as JSON in its `config` attribute.',
      optionTree(donateFormSchema, DONATE_FORM_OPTIONS),
    ),
    configDeclaration(
      'CoralPowerformConfig',
      'The config of `<coral-powerform>`, written as JSON in its `config` attribute.',
      optionTree(powerformSchema, POWERFORM_OPTIONS),
    ),
    configDeclaration(
      'CoralThankYouConfig',
      'The config of `<coral-thankyou>`, written as JSON in its `config` attribute.',
      optionTree(thankYouSchema, THANK_YOU_OPTIONS),
    ),
  ].join('\n');
