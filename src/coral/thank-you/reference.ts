/** The thank-you component's reference for the docs: config rows, URL parameters, events, dataLayer pushes and messages. */
import {THANK_YOU_OPTIONS} from './options';
import {componentDocs} from '../shared/docs';
import {THANK_YOU_DATALAYER_DOCS, THANK_YOU_EVENT_DOCS} from './eventDocs';
import {THANK_YOU_MESSAGES} from './messages';
import {thankYouSchema} from './schema';
import {parseThankYouConfig} from './parse';

/** The only URL parameters the component reads: none of them personal. The docs list this table. */
export const THANK_YOU_URL_PARAMETERS = [
  {name: 'amount', accepts: 'The gift in dollars, like 50 or 50.00, up to 1,000,000.'},
  {name: 'frequency', accepts: 'one-off, weekly, monthly or daily.'},
  {name: 'ref', accepts: 'The gift’s reference: up to 64 letters, digits, dashes and underscores.'},
] as const;

// A config with typical mistakes, so the docs show the real error box text rather than a made-up one.
const THANK_YOU_BAD_CONFIG = {
  campaign: 'save-the-reef',
  variant: 'photography',
  share: {channels: ['email', 'myspace']},
  upgrade: {divisor: 0},
};

/** Everything the docs' thank-you pages read, in the same shape as the donate form's. */
export const thankYouDocs = () =>
  componentDocs({
    schema: thankYouSchema,
    optionDocs: THANK_YOU_OPTIONS,
    parse: parseThankYouConfig,
    urlParameters: THANK_YOU_URL_PARAMETERS,
    events: THANK_YOU_EVENT_DOCS,
    dataLayer: THANK_YOU_DATALAYER_DOCS,
    messages: THANK_YOU_MESSAGES,
    badConfig: THANK_YOU_BAD_CONFIG,
  });
