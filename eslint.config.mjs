// Lint rules for the site, the component library, the embed, the tests and the scripts.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import {importX} from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {createTypeScriptImportResolver} from 'eslint-import-resolver-typescript';

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
      '**/.wrangler/',
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
    // Doors: from outside one of the endpoint's rooms (server/gifts/, server/records/…), only its index.ts may be imported.
    // From outside a folder of the library (a component, or one of shared/'s rooms) or of a site component, only
    // its door may be imported: index.ts; a shared room's stylesheet too, and its library.ts (what the endpoint holds from
    // the start that a form loads on demand: the mobile check); and a component or a shared room also has core.ts
    // (all but its view or hooks, without React: what the contract, the endpoint and the embed's first script read), parse.ts (its config checked and a
    // wrong one explained, which no form imports), docs.ts (what only the docs read) and its examples. Inside a folder, files import each other freely. No import may close a loop.
    files: ['**/*.{ts,tsx,mts}'],
    plugins: {boundaries, 'import-x': importX},
    settings: {
      'import/resolver': {typescript: {project: 'tsconfig.json'}},
      'import-x/parsers': {'@typescript-eslint/parser': ['.ts', '.tsx', '.mts']},
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({project: 'tsconfig.json'})],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        {type: 'shared', pattern: 'src/coral/shared/*', capture: ['name']},
        {type: 'component', pattern: 'src/coral/*', capture: ['name']},
        {type: 'site-component', pattern: 'src/components/*', capture: ['name']},
        // The endpoint's rooms, one capability each (gifts, records, the doorway…); its test helpers are a room of the tests'.
        {type: 'server-testing', pattern: 'server/testing'},
        {type: 'server-room', pattern: 'server/*', capture: ['name']},
        // Everything else that imports the library: the embed, the site's pages, plugins and theme, the endpoint, tests.
        {type: 'app', pattern: ['src/*', 'server', 'tests', 'scripts'], capture: ['name']},
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              to: {element: {types: ['shared', 'site-component']}},
              disallow: {to: {element: {fileInternalPath: '!{index.ts,index.tsx,core.ts,library.ts,*.module.css}'}}},
              message:
                'Import {{to.element.type}} "{{to.element.captured.name}}" through its door, {{to.element.captured.name}}/index.ts, not {{to.element.fileInternalPath}}.',
            },
            {
              to: {element: {types: ['server-room']}},
              disallow: {to: {element: {fileInternalPath: '!index.ts'}}},
              message:
                'Enter the endpoint\'s room "{{to.element.captured.name}}" through its door, server/{{to.element.captured.name}}/index.ts, not {{to.element.fileInternalPath}}.',
            },
            {
              to: {element: {types: ['component']}},
              disallow: {
                to: {
                  element: {
                    fileInternalPath:
                      '!{index.ts,core.ts,parse.ts,docs.ts,library.ts,paths.ts,formPath.ts,eventsPath.ts,machineValue.ts,variants.ts,examples/*}',
                  },
                },
              },
              message:
                'Import component "{{to.element.captured.name}}" through a door: index.ts (the component), core.ts (without its view or React), parse.ts (its config checked and explained), docs.ts (its options and reference) or examples/ (the contract: index.ts, library.ts, paths.ts, its routes without a schema, for a bundle, formPath.ts, a published form’s path alone, eventsPath.ts, its events’ path alone, machineValue.ts, what an event may carry, or variants.ts, its experiment applied without a schema), not {{to.element.fileInternalPath}}.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': ['error', {'prefer-inline': true}],
    },
  },
  {
    // The Stripe.js stand-in the browser tests serve is a classic script outside the type check (see tsconfig.json).
    files: ['tests/e2e/stripe/stripe.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The endpoint reaches the library through the contract's two doors, the formats and the library it checks requests
    // with: never a component's internals, nor its index (which brings React).
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!coral/contract(/library)?$)',
              message:
                'The server imports the library through the contract: src/coral/contract (the formats) or src/coral/contract/library (what it checks requests with).',
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
