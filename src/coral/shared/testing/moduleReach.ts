/**
 * The modules a bundle loads, read from the source's relative imports, for
 * tests that hold what may and may not reach a supporter's page.
 */
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';

const root = resolve(__dirname, '../../../..');
const STATIC = /(?:^|\n)\s*(?:import|export)\s(?!type\b)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Where the embed and the site's pages start: every module a supporter's page can load is reached from these. */
export const BUNDLE_ENTRIES = [
  'src/embed/coral.ts',
  'src/coral/donate-form/index.ts',
  'src/coral/powerform/index.ts',
  'src/coral/thank-you/index.ts',
];

/** The source file an import names, as the bundlers resolve it. */
function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/**
 * Every module the entries load, as paths from the repository's root: with
 * `later`, what they fetch on demand (`import()`) too; without it, only what
 * loads with them. Type-only imports load nothing.
 */
export function modulesLoaded(entries: readonly string[], {later}: {later: boolean}): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(STATIC), ...(later ? code.matchAll(DYNAMIC) : [])].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const next = fileOf(file, specifier);
      if (next) visit(next);
    }
  };
  for (const entry of entries) visit(join(root, entry));
  return [...seen].map((file) => file.slice(root.length + 1));
}
