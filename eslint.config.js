import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // core is pure rules, the same in the browser and on the server: it imports itself and zod, nothing
    // else (an allow-list, docs/decisions/127). mustache is the engagement letter's template grammar: a
    // parser without I/O that both sides check a template with (docs/decisions/121).
    // Its tests may use test helpers and packages (otplib, sharp) to check the rules against.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{
        regex: '^(?!(zod|mustache)(/|$)|\\.\\.?/)',
        message: 'core imports only zod and core itself: no Node built-in, no database, no server or browser package.',
      }] }],
    },
  },
  {
    // A spec's `test` is e2e/test.ts's: Playwright's own has no app for its worker (docs/decisions/119).
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'],
        message: "Import test from './test.ts': it starts the worker's own app (docs/decisions/119)." }] }],
    },
  },
  {
    // Access is decided on the route that matched, never by reading the address (docs/decisions/109):
    // Fastify decodes the path before it picks the route, so '/%61pi/bills' runs '/api/bills'.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...[
        "MemberExpression[property.name='url'][object.name=/^(request|req)$/]",
        "MemberExpression[property.name='url'][object.property.name='raw']",
      ].map((node) => ({
        selector: `${node}:not(CallExpression[callee.name=/^(loggableUrl|isApiPath|isSharePath|queryOf)$/] > MemberExpression)`,
        message: 'Read the matched route (request.routeOptions.config / .url), not the raw address; src/server/http/paths.ts classifies an address for logs and headers.',
      }))],
    },
  },
  ...layers,
);
