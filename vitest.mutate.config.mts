import {defineConfig} from 'vitest/config';
import {MUTATION_MODULES} from './scripts/lib/mutation.mjs';

/**
 * `npm run mutate` only: the module it names in CORAL_MUTATE_MODULE is
 * mutated against its own tests alone (every module's, without it), in
 * Node, without the component tests' DOM setup or the embed's second run.
 * The tests are chosen here, not with Stryker's `testFiles`: with that
 * option Stryker 9 turns a mutant on after its module has loaded, so a
 * mutant in a module-level constant would survive any test.
 */
const named = process.env.CORAL_MUTATE_MODULE;
const modules = named === undefined ? Object.values(MUTATION_MODULES) : [MUTATION_MODULES[named]];
if (modules.some((module) => module === undefined)) throw new Error(`CORAL_MUTATE_MODULE names no module: ${named}`);

export default defineConfig({
  // Some tests import helpers written in JSX (shared/testing); the tsconfig leaves JSX to Docusaurus.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    environment: 'node',
    include: modules.flatMap((module) => module?.tests ?? []),
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
