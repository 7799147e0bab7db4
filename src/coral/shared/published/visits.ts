/**
 * What a form read by its id does for its visitor beside the form itself: the visitor's random id, the variant of the
 * form's experiment it shows them, and the events it tells the endpoint. A chunk of its own, fetched beside the form's
 * read, so that the read's code stays within its budget and a page whose forms carry their configs never fetches it.
 */
import {assignVariant, componentConfig, variantConfig, type Experiment, type VisitorStore} from '../../contract/variants';
import {visitorId} from './visitor';

export {pageUtm, track} from './beacons';

/**
 * The component's config for this visitor, with their id and the variant they are shown: settled before anything
 * renders, so they never glimpse another variant first. Without an experiment, the config without the publishing keys.
 */
export function visit(published: Record<string, unknown>): {config: Record<string, unknown>; visitor: string; variant?: string} {
  const experiment = published.experiment as Experiment | undefined;
  const visitor = visitorId(published.visitor as VisitorStore | undefined);
  const variant = experiment && assignVariant(experiment, visitor);
  // The variant is one of the experiment's own, so its config is never null.
  if (variant) return {config: variantConfig(published, variant)!, visitor, variant};
  return {config: componentConfig(published), visitor};
}
