// Lint rules for the site, the component library, the embed, the tests and the scripts.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      '.embed/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
      'static/',
      'server/dist/',
      '.coral-data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
      '@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'inline-type-imports'}],
      'no-restricted-syntax': [
        'error',
        {selector: 'JSXAttribute[name.name="dangerouslySetInnerHTML"]', message: 'Coral never renders a string as HTML.'},
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Rules that read types: a promise nobody awaits loses its failure, and one handed where nothing waits for it fails unseen.
    languageOptions: {parserOptions: {projectService: true, tsconfigRootDir: import.meta.dirname}},
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
  {
    // The Stripe.js stand-in the browser tests serve is a classic script outside the type check (see tsconfig.json).
    files: ['tests/e2e/stripe/stripe.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The endpoint reaches the library through one door, the contract: never a component's internals, nor its index (which brings React).
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!coral/contract$)',
              message: 'The server imports the library through its one door: src/coral/contract (../src/coral/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and configs in plain JavaScript run in Node.
    files: ['**/*.{js,mjs,cjs}'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  prettier,
);
