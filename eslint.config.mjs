// ESLint (flat config), `npm run lint`: typescript-eslint's recommended rules without type information (no program is
// built, so it stays fast) and react-hooks for the app and its component tests. Layout is Prettier's (.prettierrc.json).
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  // build output, test output and local data (see .gitignore)
  globalIgnores(['dist/', 'dist-*/', 'artifacts/', 'coverage/', '.data/', '.swc/', '.tmp/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // a leading underscore marks a parameter kept for its signature or a property left out by a rest pattern
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `o.success && o.success(res)`: the callback style of the wx API and its simulator
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // every control-character pattern here is there to strip or refuse control characters (names, stored text)
      'no-control-regex': 'off',
    },
  },
  // the app: browser code built by Taro
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // an effect that means to run on fewer changes than it reads says so with a disable comment on that line
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Node: the server, scripts, benches, build config and every test layer's harness
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'config/**', 'tests/**', '*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  // package.json has no "type": every .js file here is CommonJS
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // jest layers: the app's unit tests (jsdom) and the weapp checks (miniprogram-simulate)
  {
    files: ['tests/app/**', 'tests/weapp/**', 'tests/support/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
  {
    // tests and benches reach into answers, mocks and untyped tools; typing each would be churn, not safety
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // jest tests load modules after their mocks and spies are in place (require inside the test)
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Kysely<any>: helpers that work on any database handle, and migrations, which must not depend on today's schema
    files: ['server/db/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
