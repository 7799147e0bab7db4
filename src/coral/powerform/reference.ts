/** The powerform's reference for the docs: config rows, URL parameters, events, dataLayer pushes and messages. */
import {describeError} from '../shared/config';
import {referenceRows} from '../shared/reference';
import {POWERFORM_DATALAYER_DOCS, POWERFORM_EVENT_DOCS} from './events';
import {POWERFORM_URL_PARAMETERS} from './machine';
import {POWERFORM_MESSAGES} from './messages';
import {parsePowerformConfig, powerformSchema} from './schema';

export const powerformReference = () => referenceRows(powerformSchema);

// A config with typical mistakes, so the docs show the real error box text rather than a made-up one.
const POWERFORM_BAD_CONFIG = {
  campaign: 'Save The Reef!',
  variant: 'short',
  counter: {goal: 0},
  success: {type: 'redirect', url: 'javascript:alert(1)'},
};

/** Everything the docs' powerform pages read, in the same shape as the donate form's. */
export function powerformDocs() {
  const bad = parsePowerformConfig(POWERFORM_BAD_CONFIG);
  return {
    options: powerformReference(),
    urlParameters: POWERFORM_URL_PARAMETERS,
    events: POWERFORM_EVENT_DOCS,
    dataLayer: POWERFORM_DATALAYER_DOCS,
    messages: Object.entries(POWERFORM_MESSAGES).map(([key, text]) => ({key, text})),
    badConfig: {config: POWERFORM_BAD_CONFIG, errors: bad.ok ? [] : bad.errors.map(describeError)},
  };
}
