/**
 * The embed's swap of React for preact/compat, as Vite aliases: used by the
 * embed build (vite.embed.config.mts) and by the component tests' "embed"
 * project (vitest.config.mts), so both run the same runtime.
 */
export const PREACT_ALIASES = [
  {find: /^react$/, replacement: 'preact/compat'},
  {find: /^react-dom\/client$/, replacement: 'preact/compat/client'},
  {find: /^react-dom$/, replacement: 'preact/compat'},
  {find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime'},
];
