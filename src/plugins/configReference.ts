/**
 * Writes each component's reference (config options, URL parameters, events,
 * dataLayer pushes, messages) as JSON at build time, read from the schemas and
 * tables in src/coral. Docs import it from `@generated/coral-config-reference/default/`,
 * so a page carries the rows, not the schema library. Each component's option
 * tree goes beside them for the demos' Customise tab, which loads it when opened.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {donateFormDocs, DONATE_FORM_OPTIONS} from '../coral/donate-form/docs';
import {powerformDocs, POWERFORM_OPTIONS} from '../coral/powerform/docs';
import {thankYouDocs, THANK_YOU_OPTIONS} from '../coral/thank-you/docs';
import {embedDocs} from '../embed/reference';
import {donateFormSchema} from '../coral/donate-form/core';
import {powerformSchema} from '../coral/powerform/core';
import {thankYouSchema} from '../coral/thank-you/core';
import {portableTree} from '../coral/shared/docs';

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
