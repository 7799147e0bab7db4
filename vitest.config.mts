import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    environment: 'node',
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` first line.
    restoreMocks: true,
  },
});
