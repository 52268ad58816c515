// Typed linting for TypeScript, Astro and React files; zero warnings allowed (npm test).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One HTTP layer (issue 19): a feature's handlers (`api.ts`, `http.ts`) are its own; JSON answers,
 * parsing and the error wrapper come from src/server/api/, never from another feature.
 */
const FEATURE_HTTP = {
  regex: String.raw`^(\.\./)+(?!api/)[A-Za-z]+/(api|http)(\.ts)?$`,
  message: "Another feature's HTTP module: use src/server/api/ (http.ts, errors.ts), or move the shared schema to src/domain/.",
};

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
    files: ['src/server/**'],
    ignores: ['src/server/api/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [FEATURE_HTTP] }] },
  },
  {
    files: ['src/server/payment/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURE_HTTP,
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
