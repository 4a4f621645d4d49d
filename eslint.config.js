import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
