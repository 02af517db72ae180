// Flat ESLint config: type-aware typescript-eslint everywhere TypeScript lives, React hooks rules for the client,
// and the import boundaries of DESIGN.md ("Layout") expressed with no-restricted-imports.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/** Shared code runs in the browser and on the server: no Node builtins, no React, no reaching into either side. */
const sharedRestrictions = {
  paths: nodeBuiltins.map((name) => ({ name, message: 'src/shared must stay free of Node builtins.' })),
  patterns: [
    { group: ['node:*'], message: 'src/shared must stay free of Node builtins.' },
    { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/shared must not depend on React.' },
    { group: ['**/server', '**/server/**'], message: 'src/shared must not import server code.' },
    { group: ['**/client', '**/client/**'], message: 'src/shared must not import client code.' },
  ],
};

/** Node 20 and Node 22+ run different better-sqlite3 packages (docs/decisions/0023-sqlite-driver.md): one opener. */
const sqliteDriverPath = {
  name: 'better-sqlite3',
  allowTypeImports: true,
  message: 'Open SQLite through src/server/db/sqlite-driver.ts: it loads the driver for the running Node.',
};

/** What no client file may import. */
const clientPatterns = [
  { group: ['**/server', '**/server/**'], message: 'The client talks to the server over HTTP only.' },
  { group: ['node:*'], message: 'Client code runs in the browser.' },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', '.cache/', 'coverage/', 'data/', 'test-results/', 'public/**/*.min.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // React event props may take async handlers; everything else must not hand a promise to a void callback.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },

  // Plain JavaScript (this file, scripts/*.mjs, browser scripts in public/) is not part of the TS program.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },

  // Import boundaries.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', sharedRestrictions],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'process', 'Buffer'].map((name) => ({
          name,
          message: 'src/shared must not touch the DOM or Node globals.',
        })),
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { patterns: clientPatterns }],
    },
  },
  {
    // client/api is the bottom layer of the client: features, pages, hooks and components build on it, never the reverse.
    files: ['src/client/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...clientPatterns,
            {
              group: ['**/features/**', '**/pages/**', '**/hooks/**', '**/components/**'],
              message: 'client/api imports nothing from the layers above it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [sqliteDriverPath],
          patterns: [
            { group: ['**/client', '**/client/**'], message: 'Server code must not import the client.' },
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'Server code must not use React.' },
          ],
        },
      ],
      // DESIGN.md: env.ts is the only reader of process.env.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [sqliteDriverPath] }] },
  },
  {
    files: ['src/server/env.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
