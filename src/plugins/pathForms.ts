/**
 * Makes every route answer at each address GitHub Pages would give it.
 *
 * With `trailingSlash: false` a route `/x` is built as `x.html`, so Pages
 * serves `/x` and `/x.html`, but `/x/index.html` finds no file and gets the
 * not-found page, on which the client then renders the real route (a
 * hydration error). After the build this plugin writes, for each route, the
 * other file form (`x/index.html` beside `x.html`, or the reverse) with the
 * same page; `src/clientModules/cleanHtmlPath.ts` then shows the clean
 * address. It also writes the site's redirect pages, in both forms, as whole
 * documents (language, title, a link in the body for when the refresh is blocked).
 */
import {copyFile, mkdir, readFile, stat, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export type Redirect = {from: string; to: string};
export type PathFormsOptions = {redirects: Redirect[]};

/** The two files a route can be served from, relative to the build folder; null for the site root and file routes (`404.html`). */
export function routeFiles(routePath: string, baseUrl: string): [string, string] | null {
  if (!routePath.startsWith(baseUrl)) return null;
  const relative = routePath.slice(baseUrl.length).replace(/\/$/, '');
  if (relative === '' || /\.[a-z0-9]+$/i.test(relative)) return null;
  return [`${relative}.html`, `${relative}/index.html`];
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] ?? c);

/** The `<title>` text of a built page, unescaped as it was written; null when it has none. */
export function titleOf(html: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  return title === undefined ? null : title.trim();
}

/** A redirect page: a whole document that sends the reader on, keeping the query and fragment, and shows a link meanwhile. */
export function redirectPage({to, title}: {to: string; title: string}): string {
  const href = escapeHtml(to);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="canonical" href="${href}">
<meta http-equiv="refresh" content="0; url=${href}">
<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')} + location.search + location.hash);</script>
</head>
<body>
<main>
<h1>${title}</h1>
<p>This page is now at <a href="${href}">${href}</a>.</p>
</main>
</body>
</html>
`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export default function pathFormsPlugin(context: LoadContext, options: PathFormsOptions): Plugin {
  const {baseUrl} = context;
  const withBase = (path: string) => baseUrl + path.replace(/^\//, '');
  return {
    name: 'coral-path-forms',
    async postBuild({outDir, routesPaths, siteConfig}) {
      await Promise.all(
        routesPaths.map(async (routePath) => {
          const files = routeFiles(routePath, baseUrl);
          if (!files) return;
          const flat = join(outDir, files[0]);
          const folder = join(outDir, files[1]);
          const [hasFlat, hasFolder] = await Promise.all([isFile(flat), isFile(folder)]);
          if (hasFlat === hasFolder) return;
          const [from, to] = hasFlat ? [flat, folder] : [folder, flat];
          await mkdir(dirname(to), {recursive: true});
          await copyFile(from, to);
        }),
      );
      await Promise.all(
        options.redirects.map(async ({from, to}) => {
          const files = routeFiles(withBase(from), baseUrl);
          const target = routeFiles(withBase(to), baseUrl);
          if (!files || !target) throw new Error(`coral-path-forms: cannot redirect ${from} to ${to}`);
          const targetHtml = await readFile(join(outDir, target[0]), 'utf8').catch(() => null);
          if (targetHtml === null)
            throw new Error(`coral-path-forms: the redirect from ${from} leads to ${to}, which the build has no page for`);
          const page = redirectPage({to: withBase(to), title: titleOf(targetHtml) ?? escapeHtml(siteConfig.title)});
          await Promise.all(
            files.map(async (file) => {
              await mkdir(dirname(join(outDir, file)), {recursive: true});
              await writeFile(join(outDir, file), page);
            }),
          );
        }),
      );
    },
  };
}
