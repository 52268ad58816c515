// Typed linting for TypeScript, Astro and React files; zero warnings allowed (npm test).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * One HTTP layer (issue 19): a feature's handlers (`api.ts`, `http.ts`) are its own; JSON answers,
 * parsing and the error wrapper come from src/server/api/, never from another feature.
 */
const FEATURE_HTTP = {
  regex: String.raw`^(\.\./)+(?!api/)[A-Za-z]+/(api|http)(\.ts)?$`,
  message: "Another feature's HTTP module: use src/server/api/ (http.ts, errors.ts), or move the shared schema to src/domain/.",
};

/**
 * The layers (ARCHITECTURE: layout; issue 19 item 6). `src/domain` is pure: it imports nothing above
 * it. Islands and stores run in the browser and never import the server (a shared type or schema
 * goes to src/domain). The server never imports pages, islands or stores. Tests may cross.
 */
const layer = (names, message) => ({ group: names.flatMap((name) => [`**/${name}/*`, `**/${name}/**`]), message });
const SERVER_FROM_BROWSER = layer(['server'], 'Islands and stores never import src/server: move the shared type or schema to src/domain.');
const PAGES_FROM_SERVER = layer(
  ['pages', 'islands', 'stores', 'components'],
  'The server never imports pages, islands, stores or components.',
);
/** Pages are thin (issue 19 item 6): page → view-model function in src/server/<feature> → services. */
const DB_FROM_PAGES = layer(['server/db'], 'pages call a view-model function in src/server; they never import the database');
const ABOVE_DOMAIN = [
  layer(['server', 'pages', 'islands', 'stores', 'components'], 'src/domain is pure: it imports nothing above it.'),
  { group: ['node:*', 'react', 'react-dom', 'react-dom/*', 'astro', 'astro:*'], message: 'src/domain is pure: no Node, React or Astro.' },
];

export default defineConfig(
  {
    ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.astro'],
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      // An empty environment variable means unset, so `||` is the right operator for strings.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // `while (true)` style loops and `?? []` defaults read fine; these rules fight strictest TS.
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    files: ['**/*.astro'],
    // astro-eslint-parser takes `project`, not `projectService`.
    languageOptions: { parserOptions: { parser: tseslint.parser, projectService: false, project: true } },
  },
  {
    // Inline <script> blocks of .astro files are virtual files the type service cannot see.
    files: ['**/*.astro/*.ts', '*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Payment and tickets meet through domain events (src/server/events), never by importing each
  // other: a paid booking's mail, a cancellation's refund are subscribers, not calls.
  {
    // The two classic hook rules; the React Compiler rules of the plugin's presets are not adopted (no compiler here).
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/domain/**'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: ABOVE_DOMAIN }] },
  },
  {
    files: ['src/islands/**', 'src/stores/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_FROM_BROWSER] }] },
  },
  {
    files: ['src/pages/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [DB_FROM_PAGES] }],
      // The rule above sees import declarations only; `await import(…)` is the same dependency.
      'no-restricted-syntax': [
        'error',
        { selector: String.raw`ImportExpression[source.value=/\/server\/db\//]`, message: DB_FROM_PAGES.message },
      ],
    },
  },
  {
    files: ['src/server/api/**'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [PAGES_FROM_SERVER] }] },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/api/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [FEATURE_HTTP, PAGES_FROM_SERVER] }] },
  },
  {
    files: ['src/server/payment/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURE_HTTP,
            PAGES_FROM_SERVER,
            {
              group: ['**/tickets/*', '**/tickets'],
              message: 'payment must not import tickets: record a domain event (src/server/events).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/tickets/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURE_HTTP,
            PAGES_FROM_SERVER,
            {
              group: ['**/payment/*', '**/payment'],
              message: 'tickets must not import payment: record a domain event (src/server/events).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
