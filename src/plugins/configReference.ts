/**
 * Writes each component's reference (config options, URL parameters, events,
 * dataLayer pushes, messages) as JSON at build time, read from the schemas and
 * tables in src/coral. Docs import it from `@generated/coral-config-reference/default/`,
 * so a page carries the rows, not the schema library.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DONATE_FORM_DATALAYER_DOCS, DONATE_FORM_EVENT_DOCS} from '../coral/donate-form/events';
import {DONATE_FORM_MESSAGES} from '../coral/donate-form/messages';
import {donateFormReference} from '../coral/donate-form/reference';
import {parseDonateFormConfig} from '../coral/donate-form/schema';
import {powerformDocs} from '../coral/powerform/reference';
import {describeError} from '../coral/shared/config';
import {URL_PARAMETERS} from '../coral/shared/urlParams';
import {thankYouDocs} from '../coral/thank-you/reference';
import {embedDocs} from '../embed/reference';

// A config with typical mistakes, so the docs show the real error box text rather than a made-up one.
const DONATE_FORM_BAD_CONFIG = {
  campaign: 'Save The Reef!',
  size: 'huge',
  frequencies: ['one-off', 'fortnightly'],
  fields: {email: 'sometimes'},
};

function errorLines(parse: (input: unknown) => ReturnType<typeof parseDonateFormConfig>, config: unknown): string[] {
  const result = parse(config);
  return result.ok ? [] : result.errors.map(describeError);
}

export const donateFormDocs = () => ({
  options: donateFormReference(),
  urlParameters: URL_PARAMETERS,
  events: DONATE_FORM_EVENT_DOCS,
  dataLayer: DONATE_FORM_DATALAYER_DOCS,
  messages: Object.entries(DONATE_FORM_MESSAGES).map(([key, text]) => ({key, text})),
  badConfig: {config: DONATE_FORM_BAD_CONFIG, errors: errorLines(parseDonateFormConfig, DONATE_FORM_BAD_CONFIG)},
});

export default function configReferencePlugin(context: LoadContext): Plugin {
  return {
    name: 'coral-config-reference',
    async contentLoaded({actions}) {
      await actions.createData('donate-form.json', JSON.stringify(donateFormDocs()));
      await actions.createData('powerform.json', JSON.stringify(powerformDocs()));
      await actions.createData('thank-you.json', JSON.stringify(thankYouDocs()));
      await actions.createData('embed.json', JSON.stringify(embedDocs(context.siteDir)));
    },
  };
}
