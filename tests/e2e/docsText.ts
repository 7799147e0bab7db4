/** The docs' own prose, read from the source, for the checks that no script a supporter loads carries it. */
import {donateFormDocs} from '../../src/coral/donate-form/docs';
import {powerformDocs} from '../../src/coral/powerform/docs';
import {thankYouDocs} from '../../src/coral/thank-you/docs';
import {embedDocs} from '../../src/embed/reference';

/** The prose the docs pages read from the source: what each option, attribute, URL parameter, event and dataLayer push is. */
export function documentation(): string[] {
  const embed = embedDocs(process.cwd());
  return [
    ...[donateFormDocs(), powerformDocs(), thankYouDocs()].flatMap((docs) => [
      ...docs.options.map((row) => row.description),
      ...docs.urlParameters.map((row) => row.accepts),
      ...docs.events.flatMap((row) => [row.when, row.detail]),
      ...docs.dataLayer.flatMap((row) => [row.when, row.fields]),
    ]),
    ...embed.attributes.map((row) => row.accepts),
    ...embed.customProperties.map((row) => row.description),
  ].filter((text) => text !== '');
}

/** A text as minified code may spell it in a string: as is, escaped as in JSON, or with every non-ASCII character escaped too. */
export function spellings(text: string): string[] {
  const escaped = JSON.stringify(text).slice(1, -1);
  return [text, escaped, escaped.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)];
}
