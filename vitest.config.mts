import {defineConfig} from 'vitest/config';
import {PREACT_ALIASES} from './scripts/lib/preactAliases.mjs';
import {resultsScript} from './server/resultsScript.mjs';

/** The embed's runtime, plus what Testing Library needs of it. */
const PREACT = [
  ...PREACT_ALIASES,
  {find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils'},
  // Its ES build, so the aliases apply to its own imports of React.
  {find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js'},
];

export default defineConfig({
  // The results page's script, which the endpoint's entry points import as a string.
  plugins: [resultsScript()],
  // The tsconfig leaves JSX to Docusaurus's loaders ("preserve"); tests compile it themselves.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    environment: 'node',
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` first line.
    restoreMocks: true,
    // A test waits for behaviour (Testing Library waits up to 5 s); on a loaded 2-core machine a whole test can take longer.
    testTimeout: 20_000,
    // A hook may open a real database (PGlite starting in a folder, or a throwaway one on a Postgres server), which a loaded machine makes slow.
    hookTimeout: 60_000,
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        test: {name: 'react', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}', 'server/**/*.test.ts']},
      },
      {
        // The same component tests, with the runtime the embed ships.
        extends: true,
        resolve: {alias: PREACT},
        test: {
          name: 'embed',
          include: ['src/coral/**/*.test.tsx'],
          // Testing Library imports React itself: bundle it so the swap reaches its imports too.
          server: {deps: {inline: ['@testing-library/react']}},
        },
      },
    ],
  },
});
