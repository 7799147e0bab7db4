// Builds the results page's script (results/app.ts, with Observable Plot) for the browser, to dist/results/app.js,
// which the Node endpoint serves at GET /results/app.js. Run after vite.config.mts, which empties dist/.
import {defineConfig} from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: 'dist/results',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: {entry: 'results/app.ts', formats: ['es'], fileName: () => 'app.js'},
  },
});
