// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import buildInfo from './integrations/build-info/index.ts';
import { cspConfig } from './integrations/csp/policy.ts';
import i18n from './integrations/i18n/index.ts';
import { icuWithoutParserInBrowser } from './integrations/icu-no-parser/plugin.ts';
import islandTriggers from './integrations/island-triggers/index.ts';
import pagefind from './integrations/pagefind/index.ts';
import precompress from './integrations/precompress/index.ts';
import serverJobs from './integrations/server-jobs/index.ts';
import sitemap from './integrations/sitemap/index.ts';

export default defineConfig({
  // Canonical links and sitemaps: SITE_URL, else the address the server will listen on (as the server's own default).
  site: process.env.SITE_URL || `http://${process.env.HOST || 'localhost'}:${process.env.PORT || '4321'}`,
  output: 'static',
  // Separate build folders let parallel test runs (and benchmarks) build without clobbering dist/.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Middleware mode: scripts/serve.ts runs the HTTP server (built files first, API calls straight to Astro).
  adapter: node({ mode: 'middleware' }),
  // precompress last: it compresses what the others wrote.
  integrations: [i18n(), buildInfo(), islandTriggers(), react(), serverJobs(), sitemap(), pagefind(), precompress()],
  trailingSlash: 'never',
  build: { format: 'directory' },
  // A class is shorter than the data-astro-cid-* attribute on every element, with the same specificity.
  scopedStyleStrategy: 'class',
  vite: {
    plugins: [icuWithoutParserInBrowser()],
    build: {
      // The shell's scripts (consent, account links, menus, bot check, build check) are the same on
      // every page: as files they are downloaded once and cached, instead of inlined into each of
      // ~150,000 pages. Other small assets keep Vite's default inlining.
      assetsInlineLimit: (filePath) => (filePath.endsWith('.js') ? false : undefined),
    },
  },
  server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
  // Astro's own CSP: a policy in every page with the hashes of its inline scripts and styles.
  // checkOrigin off: the project's own cross-site check (src/server/accounts/middleware.ts) refuses
  // every cross-site write, API and form pages alike, with the JSON error envelope; Astro's
  // answered /api/ form posts with a plain-text 403 before any middleware ran.
  security: { csp: cspConfig(process.env), checkOrigin: false },
});
