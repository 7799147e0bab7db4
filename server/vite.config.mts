// Builds the endpoint to plain JavaScript that `node` runs: the library code it imports through the contract
// is bundled in, the server's own dependencies (stripe, postgres, PGlite, pino, zod) stay in node_modules.
import {defineConfig} from 'vite';
import {resultsScript} from './resultsScript.mjs';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [resultsScript()],
  logLevel: 'warn',
  // The receipts' emails are React Email components: their JSX compiled as the library's is.
  oxc: {jsx: {runtime: 'automatic'}},
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // A room's door names more than one entry needs: a dependency whose exports are unused is left out, not imported
      // for its side effects, so a Worker's bundle never opens a file or loads Node's server.
      treeshake: {moduleSideEffects: 'no-external'},
      input: {
        main: 'main.ts',
        migrate: 'commands/migrateMain.ts',
        doctor: 'commands/doctorMain.ts',
        supporters: 'commands/supportersMain.ts',
        forms: 'commands/formsMain.ts',
        statements: 'commands/statementsMain.ts',
        worker: 'worker.ts',
      },
      output: {format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs'},
    },
  },
});
