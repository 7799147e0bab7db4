/**
 * The embed's sizes, read from the built files: the first script with the
 * elements it loads at once and every module those import statically (what a
 * host page loads before anything renders), and for each component the code fetched on demand when its first
 * element appears (its chunk and everything that chunk can import, static or
 * dynamic, that the first load does not already hold, with what the first
 * load's own code may fetch on demand for any element; a wrong config's
 * explanation instead of the rest, when that is more), and each component's
 * first form (the first load with its chunk and that chunk's static imports). The code that reads a form published
 * on the endpoint by its id is weighed on its own: only a page that embeds a form by id fetches it; and so is what
 * that read fetches beside it for the form's visitor (their id, their variant, the form's events). Each country's
 * mobile metadata (`mobiles-<COUNTRY>`, fetched by the phone check only for a form whose config takes that country)
 * is left out of all of those and weighed on its own, chunk by chunk: a form of one country fetches none of them.
 * Sizes are deterministic,
 * so tests hold the budgets; gzip at level 9, as static hosts serve it.
 */
import {readFileSync} from 'node:fs';
import {basename, dirname, join, relative} from 'node:path';
import {gzipSync} from 'node:zlib';

export const EMBED_BUDGET_GZIP = 40.5 * 1024;

/** The first donate form on a page: the first script with everything it needs to show a working form. */
export const FIRST_FORM_BUDGET_GZIP = 45.5 * 1024;

/**
 * The chunk that explains a wrong config (shared/configErrorBox, with shared/configErrors). A page fetches it only for an
 * element whose config is wrong, which then shows that box and fetches none of its form's on-demand code: so each
 * component's code on demand is the larger of the two ways, never both.
 */
export const EXPLANATION_CHUNK = 'configErrorBox';

/**
 * The chunk that reads a form published on the endpoint (shared/published): fetched only for an element given a
 * form's id and no config, so it is weighed apart from each component's code on demand, against its own budget.
 */
export const PUBLISHED_CHUNK = 'published';

/** What an element given a form's id fetches besides its component's code: the read, its checks and its boxes. */
export const PUBLISHED_BUDGET_GZIP = 1.5 * 1024;

/**
 * The chunk a form read by its id fetches beside its read (shared/published/visits): the visitor's random id, the
 * variant of the form's experiment they are shown, and the events the form sends. Weighed apart from the read, against
 * its own budget: with it the read would be 2.1 KB, over its 1.5 KB; a page whose elements carry their configs fetches neither.
 */
export const VISITS_CHUNK = 'visits';

/** The visitor's id, their variant and the form's events: 1.3 KB at the end of November 2026. */
export const VISITS_BUDGET_GZIP = 1.5 * 1024;

/**
 * A country's mobile metadata (shared/fields/mobiles/<COUNTRY>.json), a chunk of its own named `mobiles-<COUNTRY>` by
 * vite.embed.config.mts. The phone check fetches one only for a form whose config takes that country, so none is
 * counted in any other weight: each is weighed alone, against its own budget. Australia's and New Zealand's come with
 * the phone check; what the bundler may leave of theirs only points back to it.
 */
export const MOBILES_CHUNK = 'mobiles';

/** One country's mobile metadata: 0.2 to 0.4 KB in December 2026, each 0.1 to 0.5 KB raw. */
export const MOBILES_BUDGET_GZIP = 1 * 1024;

/** The components the embed defines, by the name of the chunk holding each. */
export const EMBED_COMPONENTS = {'coral-donate-form': 'donate-form', 'coral-powerform': 'powerform', 'coral-thankyou': 'thank-you'};

// Minified output: `import{a as b}from"./x.js"`, `import"./x.js"` and import(`./x.js`).
const STATIC = /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
const DYNAMIC = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

/**
 * @typedef {{files: string[], raw: number, gzip: number}} Weight
 * @typedef {{first: Weight, components: Record<string, Weight>, firstForms: Record<string, Weight>, published: Weight, visits: Weight, mobiles: Record<string, Weight>}} EmbedSizes
 */

const MOBILES_FILE = new RegExp(`^${MOBILES_CHUNK}-([A-Z]{2})-`);

/** The country whose mobile metadata `file` is, or null for any other file. */
const countryOf = (/** @type {string} */ file) => MOBILES_FILE.exec(basename(file))?.[1] ?? null;

/** @param {string} file */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  /** @param {RegExp} pattern */
  const found = (pattern) => [...code.matchAll(pattern)].flatMap(([, specifier]) => (specifier ? [join(dirname(file), specifier)] : []));
  return {static: found(STATIC), dynamic: found(DYNAMIC)};
}

/**
 * Every file reachable from `start`, following static imports, and dynamic ones too when asked; files in `loaded` are
 * already there, and not followed, and a country's mobile metadata is weighed apart (MOBILES_CHUNK).
 * @param {string} start
 * @param {{dynamic: boolean, loaded?: Set<string>}} options
 */
function closure(start, {dynamic, loaded = new Set()}) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file) || loaded.has(file) || countryOf(file) !== null) return;
    seen.add(file);
    const found = importsOf(file);
    for (const next of [...found.static, ...(dynamic ? found.dynamic : [])]) visit(next);
  };
  visit(start);
  return seen;
}

/**
 * @param {Iterable<string>} files
 * @param {string} root
 * @returns {Weight}
 */
function weigh(files, root) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(file);
    raw += body.length;
    gzip += gzipSync(body, {level: 9}).length;
  }
  return {files: [...files].map((file) => relative(root, file)).sort(), raw, gzip};
}

/** @returns {EmbedSizes} */
export function embedSizes(dir = 'build/coral') {
  const entry = join(dir, 'coral.js');
  // The first script only loads the elements with import(), so that a classic script tag works too: what it loads at
  // once (the elements and everything they import statically) is the first load all the same.
  const first = new Set([entry]);
  for (const start of importsOf(entry).dynamic) for (const file of closure(start, {dynamic: false})) first.add(file);
  const lazy = [...first].flatMap((file) => importsOf(file).dynamic).filter((file) => !first.has(file) && countryOf(file) === null);
  const chunks = Object.values(EMBED_COMPONENTS);
  const published = lazy.find((file) => basename(file).startsWith(`${PUBLISHED_CHUNK}-`));
  if (!published) throw new Error(`the embed build has no ${PUBLISHED_CHUNK} chunk for a form read by its id`);
  const visits = [...closure(published, {dynamic: true, loaded: first})].find((file) => basename(file).startsWith(`${VISITS_CHUNK}-`));
  if (!visits) throw new Error(`the embed build has no ${VISITS_CHUNK} chunk for a form read by its id`);
  const visitsOnly = closure(visits, {dynamic: true, loaded: first});
  const byIdOnly = [...closure(published, {dynamic: true, loaded: first})].filter((file) => !visitsOnly.has(file));
  // What the first load's own code fetches on demand for whichever element asks (the phone check, each gateway) is
  // counted with every component: any of them may be the one that needs it.
  const shared = lazy
    .filter((file) => file !== published && !chunks.some((chunk) => basename(file).startsWith(`${chunk}-`)))
    .flatMap((file) => [...closure(file, {dynamic: true, loaded: first})]);
  // What only the published form's read brings: a file the rest reaches too is counted with the rest.
  const reached = new Set([
    ...shared,
    ...lazy.filter((file) => file !== published).flatMap((file) => [...closure(file, {dynamic: true, loaded: first})]),
  ]);
  const readById = byIdOnly.filter((file) => !reached.has(file));
  /** @type {Record<string, Weight>} */
  const components = {};
  /** @type {Record<string, Weight>} */
  const firstForms = {};
  for (const [tag, chunk] of Object.entries(EMBED_COMPONENTS)) {
    const start = lazy.find((file) => basename(file).startsWith(`${chunk}-`));
    if (!start) throw new Error(`the embed build has no ${chunk} chunk for <${tag}>`);
    const explanation = (/** @type {string} */ file) => basename(file).startsWith(`${EXPLANATION_CHUNK}-`);
    const all = new Set([...closure(start, {dynamic: true, loaded: first}), ...shared]);
    if (![...all].some(explanation)) throw new Error(`the embed build has no ${EXPLANATION_CHUNK} chunk for a wrong config`);
    const right = weigh(
      [...all].filter((file) => !explanation(file)),
      dir,
    );
    const wrong = weigh([...closure(start, {dynamic: false, loaded: first}), ...[...all].filter(explanation)], dir);
    components[tag] = right.gzip >= wrong.gzip ? right : wrong;
    // What its first element needs to show a working form: what it loads later (the phone check when the phone field
    // is used, a processor's gateway when its config names one) is left out.
    firstForms[tag] = weigh(new Set([...first, ...closure(start, {dynamic: false, loaded: first})]), dir);
  }
  const visitsWeight = weigh(
    [...visitsOnly].filter((file) => !reached.has(file)),
    dir,
  );
  // Each country's metadata, wherever the build fetches it from: its own chunk alone.
  const built = new Set([...first, ...lazy.flatMap((file) => [...closure(file, {dynamic: true})])]);
  const countries = new Set([...built].flatMap((file) => importsOf(file).dynamic).filter((file) => countryOf(file) !== null));
  /** @type {Record<string, Weight>} */
  const mobiles = Object.fromEntries([...countries].sort().map((file) => [/** @type {string} */ (countryOf(file)), weigh([file], dir)]));
  return {first: weigh(first, dir), components, firstForms, published: weigh(readById, dir), visits: visitsWeight, mobiles};
}

export const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
