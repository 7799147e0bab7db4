/**
 * The embed's reference for the docs, read from the source at build time: the
 * elements, their attributes and events, the CSS custom properties a page can
 * theme them with, and the parts it can style. Node only.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {DONATE_FORM_EVENTS} from '../coral/donate-form/core';
import {POWERFORM_EVENTS} from '../coral/powerform/core';
import {THANK_YOU_EVENTS} from '../coral/thank-you/core';
import {ELEMENT_ATTRIBUTES, type ElementAttribute} from './attributes';

/** What each attribute of an element accepts. Here, with the docs, so the embed's first script carries only the names. */
const ATTRIBUTE_DOCS = {
  config:
    'The config as JSON, the same as the React component’s config prop. Instead of the attribute, the element can hold a <script type="application/json"> with the config; the attribute wins when both are there.',
  form: 'The id of a form published on the endpoint, e.g. save-the-reef, read from the endpoint’s base URL in endpoint instead of a config on the page; the gifts and signatures it sends name the form and its version. A config given as well wins, and the form is not read. While the form loads, the element keeps a room 500 px high, showing its own content in it: set --coral-loading-height on the element to your form’s height so nothing below it moves when it arrives. A form of another component, a missing or wrong endpoint, or a published config that is wrong shows the config box; a form the endpoint does not have, or an endpoint that cannot be reached, shows the load-failed box with “Try again” and the fallback-url link.',
  endpoint:
    'With form: the endpoint’s base URL, as gateway.endpoint takes it, e.g. https://give.example.org (https, http only for localhost, or a path on the page’s site starting with a single /).',
  id: 'The element’s id. The component takes it as its own id, so data-coral-target="donate" on an external handle points at <coral-donate-form id="donate">.',
  'heading-level':
    'The level of the component’s main heading, to fit the page’s outline: 2 to 4 for the donate form and the powerform, 1 to 3 for the thank-you; 2 unless set. Any other value is ignored, with a console warning naming the levels allowed.',
  'fallback-url':
    'Where to send a supporter when the component’s code cannot load (after two more tries): the element then says so, with a “Try again” button and a link to this address (https, or a path on the page’s site). Until the component shows, and whenever the script never arrives, the element shows its own content instead, so put a plain link to the same place inside it.',
} satisfies Record<ElementAttribute, string>;

/** The attributes, in the order the element's docs list them. */
export const EMBED_ATTRIBUTES = ELEMENT_ATTRIBUTES.map((name) => ({name, accepts: ATTRIBUTE_DOCS[name]}));

export const EMBED_ELEMENTS = [
  {
    tag: 'coral-donate-form',
    component: 'Donate form',
    folder: 'donate-form',
    reference: '/docs/donate-form-config',
    events: DONATE_FORM_EVENTS,
  },
  {tag: 'coral-powerform', component: 'Powerform', folder: 'powerform', reference: '/docs/powerform', events: POWERFORM_EVENTS},
  {tag: 'coral-thankyou', component: 'Thank-you page', folder: 'thank-you', reference: '/docs/thank-you', events: THANK_YOU_EVENTS},
] as const;

export type CustomPropertyRow = {name: string; light: string; dark: string; description: string};
export type PartRow = {name: string; elements: string[]; components: string[]};

/** The --coral-* properties, with their light and dark defaults, from the shared theme's CSS. */
export function customProperties(css: string): CustomPropertyRow[] {
  const declaration = /--_[\w-]+:\s*var\((--coral-[\w-]+),\s*([^)]+)\);[ \t]*(?:\/\*\s*(.*?)\s*\*\/)?/g;
  const rows = new Map<string, CustomPropertyRow>();
  const [light = '', rest = ''] = css.split(/\/\* Dark:/);
  for (const [, name, value, description] of light.matchAll(declaration)) {
    rows.set(name!, {name: name!, light: value!.trim(), dark: value!.trim(), description: description ?? ''});
  }
  for (const [, name, value] of rest.split('@media')[0]!.matchAll(declaration)) {
    const row = rows.get(name!);
    if (row) row.dark = value!.trim();
  }
  return [...rows.values()];
}

const sources = (dir: string): string[] =>
  readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });

/** Every part="…" in the components' markup: the HTML element it is on and the components that have it. */
export function parts(coralDir: string): PartRow[] {
  const rows = new Map<string, {elements: Set<string>; components: Set<string>}>();
  for (const file of sources(coralDir)) {
    const folder = relative(coralDir, file).split(/[\\/]/)[0]!;
    const components =
      folder === 'shared'
        ? EMBED_ELEMENTS.map((e) => e.component)
        : EMBED_ELEMENTS.filter((e) => e.folder === folder).map((e) => e.component);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/part="([a-z-]+)"/g)) {
      const before = code.slice(0, match.index);
      const opening = before.slice(before.lastIndexOf('<'));
      const element = /^<([a-z][a-z0-9]*)\b/.exec(opening)?.[1] ?? 'element';
      const row = rows.get(match[1]!) ?? {elements: new Set(), components: new Set()};
      row.elements.add(element);
      for (const component of components) row.components.add(component);
      rows.set(match[1]!, row);
    }
  }
  rows.set('root', {elements: new Set(['div']), components: new Set(EMBED_ELEMENTS.map((e) => e.component))});
  return [...rows.entries()]
    .map(([name, row]) => ({name, elements: [...row.elements].sort(), components: [...row.components].sort()}))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function embedDocs(siteDir: string) {
  const coral = join(siteDir, 'src/coral');
  return {
    elements: EMBED_ELEMENTS.map(({tag, component, reference, events}) => ({tag, component, reference, events: [...events]})),
    attributes: EMBED_ATTRIBUTES.map((a) => ({...a})),
    customProperties: customProperties(readFileSync(join(coral, 'shared/ui/ui.module.css'), 'utf8')),
    parts: parts(coral),
  };
}

export type EmbedReferenceData = ReturnType<typeof embedDocs>;
