/**
 * Builds the Pagefind site search index after every build (pagefind's Node API, no CLI step to
 * forget). Only pages marked `data-pagefind-body` are indexed: travel guides, support articles
 * and legal texts, station pages and operator pages. Pagefind keeps a separate index per
 * `<html lang>`, so each locale searches its own pages. The bundle is written to /pagefind/ in
 * the client output, where src/components/content/siteSearch.client.ts loads it from. The trip
 * pages are not even read (see glob.ts): they are most of the site and none is searched.
 */
import type { AstroIntegration } from 'astro';
import { deferredAfterBuild, markAfterBuildPending } from '../../scripts/lib/afterBuild.ts';
import { buildSiteSearchIndex } from './build.ts';

export default function pagefind(): AstroIntegration {
  return {
    name: 'roamly:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (deferredAfterBuild()) {
          markAfterBuildPending(dir);
          logger.info('site search index deferred: scripts/after-build.ts builds it once the server runs');
          return;
        }
        const { pages, glob, ms } = await buildSiteSearchIndex(dir);
        logger.info(`read ${String(pages)} pages (${glob ?? 'none'}) in ${String(ms)} ms`);
      },
    },
  };
}
