/**
 * Builds the Pagefind site search index after every build (pagefind's Node API, no CLI step to
 * forget). Only pages marked `data-pagefind-body` are indexed: travel guides, support articles
 * and legal texts, station pages and operator pages. Pagefind keeps a separate index per
 * `<html lang>`, so each locale searches its own pages. The bundle is written to /pagefind/ in
 * the client output, where src/components/content/siteSearch.client.ts loads it from.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

export default function pagefind(): AstroIntegration {
  return {
    name: 'roamly:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { index, errors } = await createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        try {
          const added = await index.addDirectory({ path: fileURLToPath(dir) });
          if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('pagefind/', dir)) });
          if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
          logger.info(`indexed ${added.page_count} pages in ${Math.round(performance.now() - started)} ms`);
        } finally {
          await close();
        }
      },
    },
  };
}
