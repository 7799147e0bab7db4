/** The donate form's reference for the docs: config rows, URL parameters, events, dataLayer pushes and messages. */
import {DONATE_FORM_OPTIONS} from './options';
import {componentDocs, referenceRows, URL_PARAMETERS} from '../shared/docs';
import {DONATE_FORM_DATALAYER_DOCS, DONATE_FORM_EVENT_DOCS} from './eventDocs';
import {DONATE_FORM_MESSAGES} from './messages';
import {donateFormSchema} from './schema';
import {parseDonateFormConfig} from './parse';

export const donateFormReference = () => referenceRows(donateFormSchema, DONATE_FORM_OPTIONS);

// A config with typical mistakes, so the docs show the real error box text rather than a made-up one.
const DONATE_FORM_BAD_CONFIG = {
  campaign: 'Save The Reef!',
  size: 'huge',
  frequencies: ['one-off', 'fortnightly'],
  fields: {email: 'sometimes'},
};

/** Everything the donate form's docs pages read. */
export const donateFormDocs = () =>
  componentDocs({
    schema: donateFormSchema,
    optionDocs: DONATE_FORM_OPTIONS,
    parse: parseDonateFormConfig,
    urlParameters: URL_PARAMETERS,
    events: DONATE_FORM_EVENT_DOCS,
    dataLayer: DONATE_FORM_DATALAYER_DOCS,
    messages: DONATE_FORM_MESSAGES,
    badConfig: DONATE_FORM_BAD_CONFIG,
  });
