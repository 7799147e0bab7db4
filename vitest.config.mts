import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The tsconfig leaves JSX to Docusaurus's loaders ("preserve"); tests compile it themselves.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    environment: 'node',
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` first line.
    restoreMocks: true,
    setupFiles: ['./vitest.setup.ts'],
  },
});
