/**
 * The HTML a campaigner pastes into any page to get a component: the script
 * tag and the element with its config. Site paths in the config become full
 * addresses, so the snippet works on a page anywhere, even a file opened
 * from disk.
 */

export type CoralTag = 'coral-donate-form' | 'coral-powerform' | 'coral-thankyou';

/** The embed's current release, as its build describes it in release.json. */
export type EmbedRelease = {version: string; script: string; integrity: string};

/** The release the site's config carries (docusaurus.config.ts reads the embed build's release.json), if any. */
export function embedReleaseOf(customFields: Record<string, unknown> | undefined): EmbedRelease | null {
  const release = customFields?.embedRelease as Partial<EmbedRelease> | null | undefined;
  return release && typeof release.version === 'string' && typeof release.script === 'string' && typeof release.integrity === 'string'
    ? {version: release.version, script: release.script, integrity: release.integrity}
    : null;
}

/**
 * The script tag: a classic `defer` script, which every page builder and tag
 * manager takes. With a release, it pins that release's own address and
 * checks it with Subresource Integrity.
 */
export function scriptTag(origin: string, basePath: string, release: EmbedRelease | null): string {
  if (!release) return `<script defer src="${origin}${basePath}coral/coral.js"></script>`;
  return `<script defer src="${origin}${basePath}coral/${release.script}" integrity="${release.integrity}" crossorigin="anonymous"></script>`;
}

/** Replaces every string starting with the site's base path by the full address on `origin`. */
export function absolutise(value: unknown, origin: string, basePath: string): unknown {
  if (typeof value === 'string') return value.startsWith(basePath) ? origin + value : value;
  if (Array.isArray(value)) return value.map((item) => absolutise(item, origin, basePath));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absolutise(item, origin, basePath)]));
  }
  return value;
}

/** JSON that can sit inside a <script> element: no "</script>" or "<!--" can end it early. */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value, null, 2).replace(/</g, '\\u003c');

export function embedSnippet({
  tag,
  config,
  id,
  origin,
  basePath,
  release = null,
}: {
  tag: CoralTag;
  config: unknown;
  id: string;
  /** Where the site is published, e.g. https://greenpeace.github.io */
  origin: string;
  /** The site's base path, e.g. /gpap-coral/ */
  basePath: string;
  /** The release to pin; without one, the moving address of the latest. */
  release?: EmbedRelease | null;
}): string {
  const json = scriptSafeJson(absolutise(config, origin, basePath))
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return [
    scriptTag(origin, basePath, release),
    '',
    `<${tag} id="${id}">`,
    '  <script type="application/json">',
    json,
    '  </script>',
    `</${tag}>`,
  ].join('\n');
}

/** Text inside a double-quoted attribute. */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The snippet for a form published on an endpoint: the element names the form by its id, and the page fetches its config. */
export function formByIdSnippet({tag, form, endpoint, script}: {tag: CoralTag; form: string; endpoint: string; script: string}): string {
  return [script, '', `<${tag} form="${attribute(form)}" endpoint="${attribute(endpoint)}"></${tag}>`].join('\n');
}
