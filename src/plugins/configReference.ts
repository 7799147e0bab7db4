/**
 * Writes each component's reference (config options, URL parameters, events,
 * dataLayer pushes, messages) as JSON at build time, read from the schemas and
 * tables in src/coral. Docs import it from `@generated/coral-config-reference/default/`,
 * so a page carries the rows, not the schema library. Each component's option
 * tree goes beside them for the demos' Customise tab, which loads it when opened.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {donateFormDocs} from '../coral/donate-form/reference';
import {powerformDocs} from '../coral/powerform/reference';
import {thankYouDocs} from '../coral/thank-you/reference';
import {embedDocs} from '../embed/reference';
import {donateFormSchema} from '../coral/donate-form/schema';
import {powerformSchema} from '../coral/powerform/schema';
import {thankYouSchema} from '../coral/thank-you/schema';
import {portableTree} from '../coral/shared/docs/schemaTree';
import {DONATE_FORM_OPTIONS} from '../coral/donate-form/options';
import {POWERFORM_OPTIONS} from '../coral/powerform/options';
import {THANK_YOU_OPTIONS} from '../coral/thank-you/options';

export default function configReferencePlugin(context: LoadContext): Plugin {
  return {
    name: 'coral-config-reference',
    async contentLoaded({actions}) {
      await actions.createData('donate-form.json', JSON.stringify(donateFormDocs()));
      await actions.createData('powerform.json', JSON.stringify(powerformDocs()));
      await actions.createData('thank-you.json', JSON.stringify(thankYouDocs()));
      await actions.createData('embed.json', JSON.stringify(embedDocs(context.siteDir)));
      await actions.createData('donate-form-options.json', portableTree(donateFormSchema, DONATE_FORM_OPTIONS));
      await actions.createData('powerform-options.json', portableTree(powerformSchema, POWERFORM_OPTIONS));
      await actions.createData('thank-you-options.json', portableTree(thankYouSchema, THANK_YOU_OPTIONS));
    },
  };
}
