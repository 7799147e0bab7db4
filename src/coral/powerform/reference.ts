/** The powerform's reference for the docs: config rows, URL parameters, events, dataLayer pushes and messages. */
import {POWERFORM_OPTIONS} from './options';
import {componentDocs, URL_PARAMETERS} from '../shared/docs';
import {POWERFORM_DATALAYER_DOCS, POWERFORM_EVENT_DOCS} from './eventDocs';
import {POWERFORM_URL_PARAMS} from './derive';
import {POWERFORM_MESSAGES} from './messages';
import {powerformSchema} from './schema';
import {parsePowerformConfig} from './parse';

/** The docs' table of those parameters. */
export const POWERFORM_URL_PARAMETERS = URL_PARAMETERS.filter((p) => POWERFORM_URL_PARAMS.includes(p.name));

// A config with typical mistakes, so the docs show the real error box text rather than a made-up one.
const POWERFORM_BAD_CONFIG = {
  campaign: 'Save The Reef!',
  variant: 'short',
  counter: {goal: 0},
  success: {type: 'redirect', url: 'javascript:alert(1)'},
};

/** Everything the docs' powerform pages read, in the same shape as the donate form's. */
export const powerformDocs = () =>
  componentDocs({
    schema: powerformSchema,
    optionDocs: POWERFORM_OPTIONS,
    parse: parsePowerformConfig,
    urlParameters: POWERFORM_URL_PARAMETERS,
    events: POWERFORM_EVENT_DOCS,
    dataLayer: POWERFORM_DATALAYER_DOCS,
    messages: POWERFORM_MESSAGES,
    badConfig: POWERFORM_BAD_CONFIG,
  });
