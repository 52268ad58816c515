/**
 * The results route's two halves (SPEC §2 search-results): popular pairs pre-rendered at build
 * time for every built locale, any other pair rendered on request at the same URL pattern.
 *
 * Astro serves a pre-rendered file when it exists; for a path its getStaticPaths did not list,
 * the server falls through to the next matching on-demand route (astro/dist/core/routing/
 * match-request.js: a pre-rendered dynamic match is skipped for the first non-prerendered one).
 * That route is the rest-parameter twin `[fromSlug]/[...toSlug].astro`, which ranks below
 * `[fromSlug]/[toSlug].astro`.
 */
import { resolveCurrency } from '../../domain/currency.ts';
import { cleanParams } from '../../domain/results/queryState.ts';
import type { Locale } from '../../i18n/locales.ts';
import { searchPageCacheControl } from './cacheHeaders.ts';
import {
  homePopularRoutes,
  loadRoutePage,
  lookupStatus,
  resultsPageModel,
  type Lookup,
  type ResultsPageModel,
  type RoutePageData,
} from './routePage.ts';

/** Pairs pre-rendered per locale: the home page's popular routes, so every link there is static. */
export const PRERENDERED_PAIRS = 12;
/** Pre-rendered pairs are built for the class segment the popular-route links use. */
export const PRERENDERED_VEHCLASS = 'all';

export interface ResultsParams {
  [key: string]: string;
  lang: string;
  vehclass: string;
  fromSlug: string;
  toSlug: string;
}

/** getStaticPaths of the pre-rendered half: every popular pair in every built locale. */
export async function prerenderedResultsPaths(locales: readonly Locale[], limit = PRERENDERED_PAIRS): Promise<{ params: ResultsParams }[]> {
  const pairs = await homePopularRoutes(limit);
  return locales.flatMap((l) =>
    pairs.map((p) => ({ params: { lang: l.segment, vehclass: PRERENDERED_VEHCLASS, fromSlug: p.fromSlug, toSlug: p.toSlug } })),
  );
}

export interface ResultsRender {
  page: Lookup<RoutePageData>;
  model: ResultsPageModel | undefined;
  status: 200 | 404 | 503;
  cacheControl: string;
}

/**
 * One results page. On request the currency cookie prices the facts; at build time there is no
 * visitor, so the default currency (USD) is used and the browser re-prices (RouteFacts.astro).
 */
export async function renderResults(input: {
  vehclass: string;
  fromSlug: string;
  toSlug: string;
  code: string;
  /** The currency cookie, or undefined (also at build time). */
  currencyCookie: string | undefined;
  query: URLSearchParams;
}): Promise<ResultsRender> {
  const currency = resolveCurrency(input.currencyCookie);
  const page = await loadRoutePage({
    vehclass: input.vehclass,
    fromSlug: input.fromSlug,
    toSlug: input.toSlug,
    code: input.code,
    currency,
  });
  return {
    page,
    model: page.kind === 'ok' ? resultsPageModel(page.data, cleanParams(input.query)) : undefined,
    status: lookupStatus(page),
    cacheControl: page.kind === 'ok' ? searchPageCacheControl(input.currencyCookie !== undefined) : 'no-store',
  };
}
