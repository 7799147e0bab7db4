// Builds the endpoint to plain JavaScript that `node` runs: the library code it imports through the contract
// is bundled in, the server's own dependencies (stripe, postgres, PGlite, pino, zod) stay in node_modules.
import {defineConfig} from 'vite';
import {resultsScript} from './resultsScript.mjs';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [resultsScript()],
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'main.ts',
        migrate: 'migrateMain.ts',
        doctor: 'doctorMain.ts',
        supporters: 'supportersMain.ts',
        forms: 'formsMain.ts',
        worker: 'worker.ts',
      },
      output: {format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs'},
    },
  },
});
