/** Each element's component as the editor needs it: the parser of its config, and its name on the endpoint. */
import {parseDonateFormConfig} from '../../coral/donate-form/parse';
import {parsePowerformConfig} from '../../coral/powerform/parse';
import {parseThankYouConfig} from '../../coral/thank-you/parse';
import type {ParseResult} from '../../coral/shared/config';
import type {FormComponent} from '../../coral/contract';
import type {CoralTag} from '../../embed/snippet';

type Component = {parse: (input: unknown) => ParseResult<unknown>; component: FormComponent};

export const COMPONENTS: Record<CoralTag, Component> = {
  'coral-donate-form': {parse: parseDonateFormConfig, component: 'donate-form'},
  'coral-powerform': {parse: parsePowerformConfig, component: 'powerform'},
  'coral-thankyou': {parse: parseThankYouConfig, component: 'thank-you'},
};
