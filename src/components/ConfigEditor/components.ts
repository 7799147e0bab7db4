/** Each element's component as the editor needs it: the parser of its config. */
import {parseDonateFormConfig} from '../../coral/donate-form/parse';
import {parsePowerformConfig} from '../../coral/powerform/parse';
import {parseThankYouConfig} from '../../coral/thank-you/parse';
import type {ParseResult} from '../../coral/shared/config';
import type {CoralTag} from '../../embed/snippet';

type Component = {parse: (input: unknown) => ParseResult<unknown>};

export const COMPONENTS: Record<CoralTag, Component> = {
  'coral-donate-form': {parse: parseDonateFormConfig},
  'coral-powerform': {parse: parsePowerformConfig},
  'coral-thankyou': {parse: parseThankYouConfig},
};
