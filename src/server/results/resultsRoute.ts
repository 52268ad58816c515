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
import { placeholderFor, type ResultsSeed } from '../../domain/results/firstView.ts';
import { cleanParams } from '../../domain/results/queryState.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getSearchIndex } from '../search/cache.ts';
import { searchPageCacheControl } from './cacheHeaders.ts';
import { firstResults } from './firstResults.ts';
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
  /** What the results island shows before its own search answers (firstView.ts). */
  seed: ResultsSeed | undefined;
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
  /** The URL segment of the language (cart links). */
  segment: string;
  /**
   * Rendered on request: the query is known, so the first trip cards are rendered too. A
   * pre-rendered page serves every query and day: it only reserves room for the cards.
   */
  onRequest: boolean;
  now?: number;
}): Promise<ResultsRender> {
  const currency = resolveCurrency(input.currencyCookie);
  const page = await loadRoutePage({
    vehclass: input.vehclass,
    fromSlug: input.fromSlug,
    toSlug: input.toSlug,
    code: input.code,
    currency,
  });
  const query = cleanParams(input.query);
  const model = page.kind === 'ok' ? resultsPageModel(page.data, query) : undefined;
  let seed: ResultsSeed | undefined;
  if (page.kind === 'ok' && model) {
    seed = input.onRequest
      ? firstResults({
          index: await getSearchIndex(),
          request: model.request,
          query,
          code: input.code,
          segment: input.segment,
          currency,
          now: input.now ?? Date.now(),
        })
      : placeholderFor(page.data.facts.dailyTrips);
  }
  return {
    page,
    model,
    seed,
    status: lookupStatus(page),
    cacheControl: page.kind === 'ok' ? searchPageCacheControl(input.currencyCookie !== undefined) : 'no-store',
  };
}
