// Builds the results page's script (results/app.ts, with Observable Plot) for the browser, as one file: the plugin of
// resultsScript.mts runs it and gives the endpoint's bundle (and the tests) its text.
import {defineConfig} from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    target: 'es2022',
    write: false,
    copyPublicDir: false,
    minify: true,
    lib: {entry: 'results/app.ts', formats: ['es'], fileName: () => 'app.js'},
  },
});
