/**
 * The HTML a campaigner pastes into any page to get a component: the script
 * tag and the element with its config. Site paths in the config become full
 * addresses, so the snippet works on a page anywhere, even a file opened
 * from disk.
 */

export type CoralTag = 'coral-donate-form' | 'coral-powerform' | 'coral-thankyou';

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
}: {
  tag: CoralTag;
  config: unknown;
  id: string;
  /** Where the site is published, e.g. https://greenpeace.github.io */
  origin: string;
  /** The site's base path, e.g. /gpap-coral/ */
  basePath: string;
}): string {
  const json = scriptSafeJson(absolutise(config, origin, basePath))
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return [
    `<script type="module" src="${origin}${basePath}coral/coral.js"></script>`,
    '',
    `<${tag} id="${id}">`,
    '  <script type="application/json">',
    json,
    '  </script>',
    `</${tag}>`,
  ].join('\n');
}
