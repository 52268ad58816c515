/**
 * The results route (SPEC §2 search-results): every pair is rendered on request, with the first
 * trip cards of the query in the HTML. None is pre-rendered: a built file cannot know the date and
 * travellers of its query, so it could only show its trips after the results island (React, ~90 KB
 * gzipped) had loaded and searched in the browser (issue 23: results paint their trips first and
 * load no React before the traveller touches the list). See README.md.
 */
import { resolveCurrency } from '../../domain/currency.ts';
import type { ResultsFirstView } from '../../domain/results/firstView.ts';
import { cleanParams } from '../../domain/results/queryState.ts';
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

/** Results pages the sitemap lists: the home page's popular routes (12), class `all`, in every built locale. */
export async function popularResultsPaths(segments: readonly string[], limit = 12): Promise<string[]> {
  const pairs = await homePopularRoutes(limit);
  return segments.flatMap((segment) => pairs.map((p) => `/${segment}/all/${p.fromSlug}/${p.toSlug}`));
}

export interface ResultsRender {
  page: Lookup<RoutePageData>;
  model: ResultsPageModel | undefined;
  status: 200 | 404 | 503;
  cacheControl: string;
  /** What the results island shows before its own search answers (firstView.ts). */
  seed: ResultsFirstView | undefined;
}

/** One results page: the first trips of the query and the route facts, priced in the currency cookie's currency. */
export async function renderResults(input: {
  vehclass: string;
  fromSlug: string;
  toSlug: string;
  code: string;
  /** The currency cookie, or undefined (the default currency). */
  currencyCookie: string | undefined;
  query: URLSearchParams;
  /** The URL segment of the language (cart links). */
  segment: string;
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
  const seed =
    page.kind === 'ok' && model
      ? firstResults({
          index: await getSearchIndex(),
          request: model.request,
          query,
          code: input.code,
          segment: input.segment,
          currency,
          now: input.now ?? Date.now(),
        })
      : undefined;
  return {
    page,
    model,
    seed,
    status: lookupStatus(page),
    cacheControl: page.kind === 'ok' ? searchPageCacheControl(input.currencyCookie !== undefined) : 'no-store',
  };
}
