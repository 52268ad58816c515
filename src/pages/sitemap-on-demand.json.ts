/**
 * Written at build time and consumed by the sitemap integration (integrations/sitemap), which
 * deletes it: the addresses of pages that exist but are rendered on request rather than
 * pre-rendered — the results pages of the home page's popular routes (every results page renders
 * on request) and the trip pages, unless PRERENDER_TRIP_PAGES=true built them. The sitemap lists
 * them as it lists built pages, so crawlers find every trip either way.
 */
import type { APIRoute } from 'astro';
import { PRERENDER_TRIP_PAGES } from '../config/flags.ts';
import { tripPageRoutes, tripPath } from '../domain/network/tripPage.ts';
import { buildLocales } from '../i18n/buildLocales.ts';
import { networkCatalog } from '../server/network/catalog.ts';
import { popularResultsPaths } from '../server/results/resultsRoute.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const segments = buildLocales().map((l) => l.segment);
  let tripPaths: string[] = [];
  if (!PRERENDER_TRIP_PAGES) {
    const { index } = await networkCatalog();
    const routes = tripPageRoutes(index);
    tripPaths = segments.flatMap((segment) => routes.map((r) => tripPath(segment, index, r)));
  }
  const paths = [...(await popularResultsPaths(segments)), ...tripPaths];
  return new Response(JSON.stringify(paths), { headers: { 'Content-Type': 'application/json' } });
};
