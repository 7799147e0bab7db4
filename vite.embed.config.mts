/**
 * The embed build: Coral's components as custom elements in one ES module,
 * `/gpap-coral/coral/coral.js` on the site (written to .embed/coral, which the
 * site serves as a static directory) (see src/embed/coral.ts). React is swapped for
 * preact/compat here only, so the same component source serves the site and
 * the embed at a fraction of the runtime's size.
 */
import {createHash} from 'node:crypto';
import {cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {basename, join, relative, resolve} from 'node:path';
import {defineConfig, type Plugin} from 'vite';
import {PREACT_ALIASES} from './scripts/lib/preactAliases.mjs';

/**
 * libphonenumber-js in the modern build its package ships (es6-modern: classes and spreads as written, not compiled
 * down as its exported es6 build is): the same parser, about a third lighter in the mobile check a form fetches. The
 * package exports that build under no name, so the embed names its one entry point here; a release without it fails
 * the build, not a form.
 */
const PHONE_MODERN = {
  find: /^libphonenumber-js\/core$/,
  replacement: resolve('src/embed/phoneParser.ts'),
};

const EMBED_OUT_DIR = process.env.CORAL_EMBED_OUT ?? '.embed/coral';
const STYLES_MARKER = '__CORAL_EMBED_STYLES__';
const STYLES_MODULE = resolve('src/embed/styles.ts');
/**
 * The only CSS the first script may hold: the shared form parts' and the donate form's. A page's first form is most
 * often a donate form, which is smaller with its rules compressed alongside the shared ones than in a file of its own.
 */
/** The sandbox's gateway and its test fields' checks: fetched together by a sandbox form, never by any other. */
const SANDBOX_ONLY = /\/src\/coral\/shared\/(gateways\/(sandbox|sandboxCards)|fields\/(payment|card|bank))\.ts$/;
const FIRST_LOAD_CSS = /\/src\/coral\/(shared\/ui\/ui|donate-form\/DonateForm)\.module\.css$/;

/**
 * A country's mobile metadata, fetched only by a form that takes that country (shared/fields/phone.ts): its chunk is
 * named `mobiles-<COUNTRY>` so that scripts/lib/embedSize.mjs can weigh each apart from every component's code.
 */
const MOBILES = /\/src\/coral\/shared\/fields\/mobiles\/([A-Z]{2})\.json$/;

/** `chunks/[name]-[hash].js`, but `chunks/mobiles-FJ-[hash].js` for a country's mobile metadata. */
function chunkFileName(chunk: {facadeModuleId: string | null}): string {
  const country = MOBILES.exec(chunk.facadeModuleId ?? '')?.[1];
  return country ? `chunks/mobiles-${country}-[hash].js` : 'chunks/[name]-[hash].js';
}

/**
 * The site's CSS marks dark mode on <html>; inside a shadow root that element
 * cannot be seen, so those selectors look at the element itself, which
 * mirrors the page's mode as data-coral-mode.
 */
function forShadowRoot(css: string): string {
  return css.replace(/html\[data-theme=(["']?)dark\1\]/g, ':host([data-coral-mode=dark])');
}

/**
 * `rem` means the page's root font size, which a page is free to change and
 * which would shrink or swell the form. In the embed a rem length in a
 * declaration becomes a multiple of `--_rem`, the root size each element
 * fixes for itself (src/embed/element.ts), and one in a container query
 * becomes em, which there is the container's font size: that same root size.
 * Media queries keep theirs: there rem is the browser's default size, which no
 * page can change.
 */
const REM_LENGTH = /(^|[^\w.-])(\d*\.?\d+)rem\b/g;
const remFromElementRoot = {
  postcssPlugin: 'coral-rem-from-element-root',
  Declaration(declaration: {value: string}) {
    declaration.value = declaration.value.replace(REM_LENGTH, (_, before: string, size: string) =>
      Number(size) === 1 ? `${before}var(--_rem)` : `${before}calc(${size}*var(--_rem))`,
    );
  },
  AtRule: {
    container(rule: {params: string}) {
      rule.params = rule.params.replace(REM_LENGTH, '$1$2em');
    },
  },
};

/**
 * A CSS module's class is named by its file and its own name, `coral-DonateForm-handle`: readable in a browser's
 * inspector, and smaller gzipped than a hash, which nothing else in the file repeats. Every component's sheets go
 * in every shadow root, so no two modules may share a file name; the build stops if they would.
 */
function scopedClassNames(): (name: string, file: string) => string {
  const files = new Map<string, string>();
  return (name, file) => {
    const module = basename(file).replace(/\.module\.css$/, '');
    const known = files.get(module) ?? file;
    if (known !== file) throw new Error(`two CSS modules are named ${module}: ${known} and ${file}`);
    files.set(module, file);
    return `coral-${module}-${name}`;
  };
}

/**
 * Each chunk brings its own CSS. Every CSS module's code calls `addStyles`
 * (src/embed/styles.ts) with a marker of its own; once the chunks are made,
 * a chunk's first marker becomes the compiled CSS of all its modules and any
 * other becomes empty. So the first script holds only the styles it must
 * (FIRST_LOAD_CSS), and the other components' rules come with their code.
 */
function stylesWithTheirChunks(): Plugin {
  const marker = (id: string) => `${STYLES_MARKER}${createHash('sha256').update(relative(process.cwd(), id)).digest('hex').slice(0, 8)}`;
  const markers = new RegExp(`(["'\`])${STYLES_MARKER}[0-9a-f]{8}\\1`, 'g');
  return {
    name: 'coral-styles-with-their-chunks',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('.module.css')) return null;
      return `${code}\nimport {addStyles as addCoralStyles} from ${JSON.stringify(STYLES_MODULE)};\naddCoralStyles(${JSON.stringify(marker(id))});\n`;
    },
    generateBundle(_options, bundle) {
      const placed = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const files = [...(chunk.viteMetadata?.importedCss ?? [])];
        const found = chunk.code.match(markers)?.length ?? 0;
        if (files.length > 0 !== found > 0) this.error(`${chunk.fileName} has ${files.length} CSS files but ${found} places for them`);
        const strays = chunk.moduleIds.filter((id) => id.endsWith('.css') && chunk.name === 'elements' && !FIRST_LOAD_CSS.test(id));
        if (strays.length > 0) this.error(`the first script would hold a component's own CSS: ${strays.join(', ')}`);
        const sheet = (file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? String(asset.source) : '';
        };
        const css = forShadowRoot(files.map(sheet).join('\n'));
        let first = true;
        chunk.code = chunk.code.replace(markers, () => {
          const text = first ? css : '';
          first = false;
          return JSON.stringify(text);
        });
        for (const file of files) placed.add(file);
      }
      for (const file of Object.keys(bundle).filter((name) => name.endsWith('.css'))) {
        if (!placed.has(file)) this.error(`${file} is in no chunk`);
        delete bundle[file];
      }
    },
  };
}

/**
 * Each release also lives at its own address, `v<version>/coral.js`, which
 * never changes once published, so a payment page can pin the exact code it
 * runs and check it with Subresource Integrity. `release.json` gives the
 * version and the first script's integrity hash for the docs' snippet.
 */
function versionedRelease(): Plugin {
  return {
    name: 'coral-versioned-release',
    apply: 'build',
    writeBundle({dir}) {
      if (!dir) return;
      const {version} = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};
      const folder = join(dir, `v${version}`);
      mkdirSync(folder, {recursive: true});
      for (const entry of readdirSync(dir)) {
        if (!/^v\d/.test(entry) && entry !== 'release.json') cpSync(join(dir, entry), join(folder, entry), {recursive: true});
      }
      const integrity = `sha384-${createHash('sha384')
        .update(readFileSync(join(folder, 'coral.js')))
        .digest('base64')}`;
      writeFileSync(join(dir, 'release.json'), `${JSON.stringify({version, script: `v${version}/coral.js`, integrity}, null, 2)}\n`);
    },
  };
}

/**
 * The elements and everything they import statically load together, as one
 * file: left to itself the bundler cuts out of them each piece a component's
 * code shares (the runtime, the schemas, the messages), which a page would
 * then fetch as four small requests at once. So does the form plumbing that
 * every component's code imports (fields, sending, URL prefill, money): in a
 * file of its own it would be one more request before any form shows, and
 * smaller gzipped apart from the rest. The set is read from the module graph
 * once it is built, before the chunks are made.
 */
function firstLoad(entry: string): {plugin: Plugin; holds: (id: string) => boolean} {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'coral-first-load',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const start = [...this.getModuleIds()].find((id) => id.endsWith(entry));
      if (!start) this.error(`no module ${entry} in the embed`);
      const reach = (from: string, into: Set<string>) => {
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        visit(from);
        return into;
      };
      reach(start, modules);
      const components = (this.getModuleInfo(start)?.dynamicallyImportedIds ?? []).map((id) => reach(id, new Set()));
      const [first, ...others] = components;
      for (const id of first ?? []) if (others.every((component) => component.has(id))) modules.add(id);
    },
  };
  return {plugin, holds: (id) => modules.has(id)};
}

const elements = firstLoad('src/embed/elements.ts');

/**
 * preact/compat brings React's Suspense, SuspenseList and lazy, and builds them as it loads: their classes' methods,
 * and Suspense's hooks into Preact's error and unmount options. What a module does as it loads stays in the bundle, so
 * they would weigh 0.7 KB gzipped in the first script, though nothing runs them: no Coral code suspends (a part whose
 * code comes later is a lazyPart, src/coral/shared/ui/lazyPart.tsx, which draws its own stand-in) and no element
 * hydrates. So the embed takes compat without those statements, found by what they assign. The build stops if they are
 * not all found just so (a Preact release that builds compat otherwise), or if a Coral module imports what they build.
 */
function compatWithoutSuspense(): Plugin {
  const COMPAT = /\/node_modules\/preact\/compat\/dist\/compat\.module\.js$/;
  const USES_SUSPENSE = /\bimport\s*\{[^}]*\b(Suspense|SuspenseList|lazy)\b[^}]*\}\s*from\s*['"]react['"]/;
  type Node = {type: string; start: number; end: number; [key: string]: unknown};
  const name = (node: unknown): string | null => {
    const n = node as Node | undefined;
    return n?.type === 'Identifier' ? (n.name as string) : null;
  };
  return {
    name: 'coral-compat-without-suspense',
    apply: 'build',
    transform(code, id) {
      if (!COMPAT.test(id)) {
        if (!id.includes('/node_modules/') && USES_SUSPENSE.test(code)) {
          this.error(`${id} imports Suspense, SuspenseList or lazy, which the embed's preact/compat leaves out`);
        }
        return null;
      }
      const body = this.parse(code).body as unknown as Node[];
      const specifiers = (type: string) =>
        body.filter((node) => node.type === type).flatMap((node) => (node.specifiers as Node[] | undefined) ?? []);
      const exported = new Map(specifiers('ExportNamedDeclaration').map((s) => [name(s.exported), name(s.local)]));
      const options = specifiers('ImportDeclaration').find((s) => name(s.imported) === 'options');
      const classes = new Set([exported.get('Suspense'), exported.get('SuspenseList')]);
      // What each statement to leave out assigns: Suspense's two option hooks, and each class's methods.
      const found = new Set<string>();
      const cut = (node: Node): boolean => {
        if (node.type !== 'AssignmentExpression') return false;
        const left = node.left as Node;
        if (left.type !== 'MemberExpression') return false;
        let object = left.object as Node;
        if (object.type === 'AssignmentExpression') object = object.left as Node;
        const property = name(left.property);
        if (options && name(object) === name(options.local) && (property === '__e' || property === 'unmount')) {
          found.add(`options.${property}`);
          return true;
        }
        const owner = object.type === 'MemberExpression' && name(object.property) === 'prototype' ? name(object.object) : null;
        if (owner === null || !classes.has(owner)) return false;
        found.add(`${owner}.prototype`);
        return true;
      };
      let kept = code;
      for (const statement of [...body].reverse()) {
        if (statement.type !== 'ExpressionStatement') continue;
        const expression = statement.expression as Node;
        const parts = expression.type === 'SequenceExpression' ? (expression.expressions as Node[]) : [expression];
        const cuts = parts.filter(cut).length;
        if (cuts === 0) continue;
        if (cuts < parts.length) this.error(`preact/compat mixes Suspense with other work at ${statement.start}`);
        kept = kept.slice(0, statement.start) + kept.slice(statement.end);
      }
      if (found.size !== 4 || classes.has(null) || classes.has(undefined)) {
        this.error(`preact/compat is not built as expected: found ${[...found].join(', ') || 'nothing'} to leave out`);
      }
      return {code: kept, map: null};
    },
  };
}

/**
 * The name Coral's modules import zod under (`import * as zod from 'zod/mini'`), whose calls the bundler may drop when
 * their result is unused. The bundler goes by the name alone, in every module: a package's own function of that name
 * would lose its calls too (preact's minified style setter is `z`, and with it every inline style), so the build
 * stops if a package defines one.
 */
const PURE_ZOD = 'zod';
function noOtherPureZod(): Plugin {
  const defined = new RegExp(`\\bfunction\\s+${PURE_ZOD}\\b|\\b${PURE_ZOD}\\s*=\\s*(function\\b|\\([^)]*\\)\\s*=>)`);
  return {
    name: 'coral-no-other-pure-zod',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') && defined.test(code))
        this.error(`${id} defines a function named ${PURE_ZOD}, which the build takes as zod's`);
      return null;
    },
  };
}

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    alias: [...PREACT_ALIASES, PHONE_MODERN],
  },
  oxc: {jsx: {runtime: 'automatic', importSource: 'preact'}},
  css: {modules: {generateScopedName: scopedClassNames()}, postcss: {plugins: [remFromElementRoot]}},
  define: {'process.env.NODE_ENV': JSON.stringify('production')},
  plugins: [stylesWithTheirChunks(), versionedRelease(), elements.plugin, noOtherPureZod(), compatWithoutSuspense()],
  build: {
    outDir: EMBED_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    minify: true,
    reportCompressedSize: false,
    lib: {entry: 'src/embed/coral.ts', formats: ['es'], fileName: () => 'coral.js'},
    // Lib mode keeps whitespace and bundlers' pure annotations in ES output by default, for a bundler downstream;
    // these files are only ever served, so minify them all and keep only licence comments.
    rolldownOptions: {
      // A schema is built by calling zod (`zod.strictObject(…)`) and does nothing else: one no chunk uses is left out, as
      // the contract's request schemas are from the powerform, which reads only the live count's answer from that door.
      // Nothing in the components calls zod for a side effect (no zod.config, no registry).
      treeshake: {manualPureFunctions: [PURE_ZOD]},
      output: {
        chunkFileNames: chunkFileName,
        // Every import names a chunk by its hash: hexadecimal gzips smaller than base 64, and 32 bits still tell every
        // release's chunk from the last.
        hashCharacters: 'hex',
        minify: true,
        comments: {legal: true, annotation: false, jsdoc: false},
        codeSplitting: {
          groups: [
            {name: 'elements', test: (id: string) => elements.holds(id) || FIRST_LOAD_CSS.test(id)},
            // What only the sandbox uses, its gateway and its test fields' checks, comes in one file.
            {name: 'sandbox', test: SANDBOX_ONLY},
          ],
        },
      },
    },
  },
});
