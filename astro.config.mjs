// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import buildInfo from './integrations/build-info/index.ts';
import i18n from './integrations/i18n/index.ts';
import pagefind from './integrations/pagefind/index.ts';
import sitemap from './integrations/sitemap/index.ts';

export default defineConfig({
  // Canonical links and sitemaps: SITE_URL, else the address the server will listen on (as the server's own default).
  site: process.env.SITE_URL || `http://${process.env.HOST || 'localhost'}:${process.env.PORT || '4321'}`,
  output: 'static',
  // Separate build folders let parallel test runs (and benchmarks) build without clobbering dist/.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Middleware mode: scripts/serve.ts runs the HTTP server (built files first, API calls straight to Astro).
  adapter: node({ mode: 'middleware' }),
  integrations: [i18n(), buildInfo(), react(), sitemap(), pagefind()],
  trailingSlash: 'never',
  build: { format: 'directory' },
  server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
});
