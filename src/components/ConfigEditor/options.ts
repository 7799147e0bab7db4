/**
 * Each component's options, walked from its schema and described from its
 * options.ts at build time (src/plugins/configReference.ts): the page's own
 * bundles carry no descriptions, and only the open editor loads these.
 */
import type {OptionNode} from '../../coral/shared/docs';
import type {CoralTag} from '../../embed/snippet';

export const OPTIONS: Record<CoralTag, () => Promise<readonly OptionNode[]>> = {
  'coral-donate-form': () => import('@generated/coral-config-reference/default/donate-form-options.json').then((module) => module.default),
  'coral-powerform': () => import('@generated/coral-config-reference/default/powerform-options.json').then((module) => module.default),
  'coral-thankyou': () => import('@generated/coral-config-reference/default/thank-you-options.json').then((module) => module.default),
};
