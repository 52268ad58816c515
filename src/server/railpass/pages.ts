/**
 * What the rail pass pages need from the server: the catalogue (from the search index, loaded
 * once per build for the pre-rendered pages, per reseed for the server-rendered ones) and the
 * view context of a request. Prices on pre-rendered pages are the issuer's own (they cannot know
 * the reader's currency); server-rendered pages convert into the reader's currency.
 */
import { resolveCurrency } from '../../domain/currency.ts';
import type { RailpassRecord } from '../../domain/railpass/types.ts';
import { pricingCurrency } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { getSearchIndex } from '../search/cache.ts';
import { destinationBySlug, destinationName } from '../../domain/railpass/destinations.ts';
import { pageFilters, parseFilterBy, resultsPath } from '../../domain/railpass/filters.ts';
import { RAILPASS_SORTS, type RailpassSort } from '../../domain/railpass/types.ts';
import { searchResults, type ViewContext } from './results.ts';

export async function railpassIndex(): Promise<TimetableIndex> {
  return getSearchIndex();
}

export function passesOf(index: TimetableIndex): readonly RailpassRecord[] {
  return index.railpasses?.passes ?? [];
}

/** The view of a server-rendered request: the reader's currency from the currency cookie. */
export function viewFor(index: TimetableIndex, locale: Locale, t: Translate, currencyCookie: string | undefined): ViewContext {
  return {
    currency: pricingCurrency(resolveCurrency(currencyCookie), index.fx),
    fx: index.fx,
    localeCode: locale.code,
    segment: locale.segment,
    t,
  };
}

/** The view of a pre-rendered page: each pass priced in its issuer's currency (`currency` is overridden per pass). */
export function issuerView(index: TimetableIndex, locale: Locale, t: Translate, pass: Pick<RailpassRecord, 'currency'>): ViewContext {
  return { currency: pass.currency, fx: index.fx, localeCode: locale.code, segment: locale.segment, t };
}

/**
 * A destination results page's answer: a redirect to the one URL of the selection (a form's
 * repeated lists, an alias no longer selected), not found (no such destination or alias form),
 * or the results. Decided in the page's own frontmatter: only a page may redirect or set a status.
 */
export async function resultsPageState(
  url: URL,
  countrySlug: string,
  filterBy: string | undefined,
  locale: Locale,
  t: Translate,
  currencyCookie: string | undefined,
) {
  const destination = destinationBySlug(countrySlug);
  const index = await railpassIndex();
  const own = passesOf(index).filter((p) => p.countrySlug === countrySlug);
  if (!destination || own.length === 0 || (filterBy !== undefined && parseFilterBy(filterBy) === undefined))
    return { kind: 'not-found' as const };
  const sortParam = url.searchParams.get('sort') ?? 'recommended';
  const sort: RailpassSort = (RAILPASS_SORTS as readonly string[]).includes(sortParam) ? (sortParam as RailpassSort) : 'recommended';
  const filters = pageFilters(url.searchParams, filterBy);
  const canonical = resultsPath(locale.segment, countrySlug, filters, filterBy, sort);
  if (`${url.pathname}${url.search}`.replaceAll('%2C', ',') !== canonical) return { kind: 'redirect' as const, to: canonical };
  const v = viewFor(index, locale, t, currencyCookie);
  return {
    kind: 'ok' as const,
    countrySlug,
    filterBy,
    sort,
    formAction: canonical.split('?')[0] ?? canonical,
    name: destinationName(destination, locale.code, t),
    results: searchResults(own, filters, sort, v),
  };
}

export type ResultsPageState = Extract<Awaited<ReturnType<typeof resultsPageState>>, { kind: 'ok' }>;
