/**
 * The embed build: Coral's components as custom elements in one ES module,
 * `/gpap-coral/coral/coral.js` on the site (written to .embed/coral, which the
 * site serves as a static directory) (see src/embed/coral.ts). React is swapped for
 * preact/compat here only, so the same component source serves the site and
 * the embed at a fraction of the runtime's size.
 */
import {createHash} from 'node:crypto';
import {cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {defineConfig, type Plugin} from 'vite';
import {PREACT_ALIASES} from './scripts/lib/preactAliases.mjs';

const EMBED_OUT_DIR = process.env.CORAL_EMBED_OUT ?? '.embed/coral';
const MARKER = '__CORAL_EMBED_STYLES__';

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
    declaration.value = declaration.value.replace(REM_LENGTH, '$1calc($2 * var(--_rem))');
  },
  AtRule: {
    container(rule: {params: string}) {
      rule.params = rule.params.replace(REM_LENGTH, '$1$2em');
    },
  },
};

/** Moves the compiled CSS into the entry script, where each element puts it in its shadow root. */
function stylesIntoScript(): Plugin {
  return {
    name: 'coral-styles-into-script',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const sheets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
      const css = forShadowRoot(sheets.map((sheet) => (sheet.type === 'asset' ? String(sheet.source) : '')).join('\n'));
      for (const sheet of sheets) delete bundle[sheet.fileName];
      const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.code.includes(MARKER));
      if (entries.length !== 1) this.error(`expected the styles marker in exactly one chunk, found ${entries.length}`);
      const entry = entries[0]!;
      if (entry.type === 'chunk') entry.code = entry.code.replace(new RegExp(`(["'\`])${MARKER}\\1`), JSON.stringify(css));
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

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    alias: PREACT_ALIASES,
  },
  oxc: {jsx: {runtime: 'automatic', importSource: 'preact'}},
  css: {modules: {generateScopedName: 'coral-[hash:base64:6]'}, postcss: {plugins: [remFromElementRoot]}},
  define: {'process.env.NODE_ENV': JSON.stringify('production')},
  plugins: [stylesIntoScript(), versionedRelease(), elements.plugin],
  build: {
    outDir: EMBED_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    minify: true,
    reportCompressedSize: false,
    lib: {entry: 'src/embed/coral.ts', formats: ['es'], fileName: () => 'coral.js'},
    // Lib mode keeps whitespace and bundlers' pure annotations in ES output by default, for a bundler downstream;
    // these files are only ever served, so minify them all and keep only licence comments.
    rolldownOptions: {
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        comments: {legal: true, annotation: false, jsdoc: false},
        codeSplitting: {groups: [{name: 'elements', test: elements.holds}]},
      },
    },
  },
});
