import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noRawTableAccess from './infra/lint/no-raw-table-access.js';
import { layerZones } from './functions/core/layers.ts';

/**
 * One config for the whole repository. Type-aware rules get their types from the project service,
 * which picks, for each file, the tsconfig that tsconfig.json's references give it (node, web or
 * web-tests), so lint sees the same libraries as `npm run typecheck`.
 */
export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'web/dist/',
    'cdk.out/',
    '.data/',
    'bench-results/',
    'coverage/',
    'test-results/',
    // Files the lint tests (tests/unit/lint-*.test.ts) feed to ESLint as if they sat elsewhere.
    'tests/unit/fixtures/lint/',
  ]),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Ports, ids and counts are interpolated into messages, URLs and keys all over (`COUNTER#${n}`,
      // `port ${port}`); a number prints the same in every engine, unlike an object or undefined.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `_`-prefixed names mark a parameter kept for its position (middy and Node callbacks), the same
      // convention tsc's noUnusedParameters follows.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Callbacks written as arrow shorthand (`() => clearTimeout(t)`, `(e) => (e ? reject(e) : resolve())`)
      // are how Node callbacks and promise executors are written here; the value is never used.
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true },
      ],
      // Port implementations and route handlers are `async` because their interface returns a promise,
      // which also turns a synchronous throw into a rejection; many have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // Import rules see a module where TypeScript finds it, relative paths and aliases alike: the
    // solution file's references give each file its project's paths.
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
  },
  {
    // Stores reach the table only through the entity layer; these are the places below it.
    files: ['**/*.{ts,tsx}'],
    ignores: [
      'functions/core/table/**',
      // The embedded runtime creates the table on DynamoDB Local (CreateTable, TTL): the entity
      // layer works on a table that exists.
      'infra/local/dynamodb.ts',
      // The scale model counts the capacity of every store on the one document client they share.
      'infra/scale/simulate.ts',
      // Tests and benchmarks read stored items raw to see what the entity layer wrote, and seed
      // shapes it would refuse.
      'tests/**',
    ],
    plugins: { project: { rules: { 'no-raw-table-access': noRawTableAccess } } },
    rules: {
      'project/no-raw-table-access': [
        'error',
        {
          client: `${import.meta.dirname}/functions/core/table/client.ts`,
          // Pure helpers beside the client: a TTL from now, whether an item expired, the table's name.
          helpers: ['ttlIn', 'isExpired', 'tableName'],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Tests read API bodies, CloudFormation templates and fake-AWS payloads as untyped JSON and
      // assert on their shape with expect(): the assertion is the check, a static type would only
      // repeat it.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `find(...)!`, `get('location')!`: a wrong assumption fails the test right there either way.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // React's event props accept a promise-returning handler (react-hook-form's handleSubmit is one);
      // the handler itself reports its errors, so a returned promise is not a lost one.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The web's layers: app → features (pages) → components → api (one public module a data domain)
    // → lib (infrastructure). A page composes any domain's api/ but never reaches into another
    // page's folder; tests/unit/lint-web-boundaries.test.ts tries each rule on a fixture.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.web.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...readdirSync(`${import.meta.dirname}/web/src/features`).map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: "A page imports another page's internals: share it through web/src/api or components.",
            })),
            {
              target: './web/src/!(app)/**',
              from: './web/src/app',
              message: 'Only the app shell imports the app shell.',
            },
            {
              target: ['./web/src/components', './web/src/api', './web/src/lib'],
              from: './web/src/features',
              message: 'Shared code does not import a page.',
            },
            {
              target: ['./web/src/api', './web/src/lib'],
              from: './web/src/components',
              message: 'Data and infrastructure do not import UI.',
            },
            {
              target: './web/src/lib',
              from: './web/src/api',
              message: 'Infrastructure does not import a data domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // The layer map of functions/core (functions/core/layers.ts, docs/architecture.md): a domain never
    // imports one of a layer above its own; tests/unit/lint-layers.test.ts tries it on fixtures.
    files: ['functions/core/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones() }] },
  },
  {
    files: ['web/src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A labelled region that scrolls sideways (a wide table on a phone) must be reachable by
      // keyboard to scroll it: WAI's pattern, and what axe's scrollable-region-focusable asks for.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
  },
  // Last: turns off every stylistic rule that Prettier owns.
  prettier,
]);
