/**
 * Data for the results, route-origin and vehicle-class pages, read from the search index (the
 * database through src/server/search/cache.ts): the places behind the slugs and the route facts.
 */
import { pageSearch, type PageSearch, type PageSearchBase } from '../../domain/results/pageSearch.ts';
import { addDays, DEFAULT_DAYS_AHEAD } from '../../domain/search/dates.ts';
import { resolveEndpoint, search, type Endpoint } from '../../domain/search/search.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { classFilterSegment, parseClassFilter, type ClassFilter } from '../../domain/search/vehicleClasses.ts';
import { popularFrom } from '../../domain/search/typeahead.ts';
import { popularRoutes, type PopularRoute } from '../../domain/results/popularRoutes.ts';
import { summarizeRoute, type RouteSummaryFacts } from '../../domain/results/routeFacts.ts';
import { getSearchIndex, IndexNotReadyError } from '../search/cache.ts';
import { resolveRef, todayIn } from '../search/params.ts';

export interface PageEndpoint {
  id: string;
  slug: string;
  name: string;
  placeId: number;
  countryCode: string;
}

export interface RoutePageData {
  from: PageEndpoint;
  to: PageEndpoint;
  classes: ClassFilter;
  date: string;
  /** The currency the facts' prices were worked out in (the cookie's, or the default when pre-rendered). */
  currency: string;
  /** The origin's UTC offset: the islands work out "today" from it (pre-rendered pages). */
  originOffsetMin: number;
  facts: RouteSummaryFacts;
  operatorNames: string[];
  /** Where the trips shown leave from and arrive at, and who runs them: linked for readers and crawlers. */
  stations: PageLink[];
  operators: PageLink[];
}

/** A station or operator page to link: its slug-bearing path is built by the page (it knows the language). */
export interface PageLink {
  kind: 'station' | 'operator';
  id: number;
  slug: string;
  name: string;
}

/** The index, or undefined while it is still being built (the island then shows its error state). */
async function indexOrNothing(): Promise<TimetableIndex | undefined> {
  try {
    return await getSearchIndex();
  } catch (error) {
    if (error instanceof IndexNotReadyError) return undefined;
    throw error;
  }
}

function endpoint(index: TimetableIndex, slug: string, code: string): PageEndpoint | undefined {
  // Page URLs carry slugs only: numeric ids and station refs are for the API.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) return undefined;
  const ref: Endpoint | undefined = resolveRef(index, undefined, slug);
  const resolved = ref && resolveEndpoint(index, ref);
  if (!ref || !resolved) return undefined;
  const named = ref.kind === 'station' ? index.stations.get(ref.id) : resolved.place;
  if (!named) return undefined;
  return {
    id: ref.kind === 'station' ? `s${ref.id}` : String(ref.id),
    slug: named.slug,
    name: named.names[code] ?? named.names.en,
    placeId: resolved.place.id,
    countryCode: resolved.place.countryCode,
  };
}

export type Lookup<T> = { kind: 'ok'; data: T } | { kind: 'not-found' } | { kind: 'unavailable' };

export async function loadRoutePage(input: {
  vehclass: string;
  fromSlug: string;
  toSlug: string;
  code: string;
  currency: string;
  now?: number;
}): Promise<Lookup<RoutePageData>> {
  const classes = parseClassFilter(input.vehclass);
  if (classes === undefined) return { kind: 'not-found' };
  const index = await indexOrNothing();
  if (!index) return { kind: 'unavailable' };
  const from = endpoint(index, input.fromSlug, input.code);
  const to = endpoint(index, input.toSlug, input.code);
  if (!from || !to || from.placeId === to.placeId) return { kind: 'not-found' };
  const now = input.now ?? Date.now();
  const origin = index.places.get(from.placeId);
  const originOffsetMin = origin?.utcOffsetMin ?? 420;
  const date = addDays(todayIn(originOffsetMin, now), DEFAULT_DAYS_AHEAD);
  const fromRef = resolveRef(index, from.id, undefined);
  const toRef = resolveRef(index, to.id, undefined);
  const result =
    fromRef && toRef ? search(index, { from: fromRef, to: toRef, date, people: 1, classes, currency: input.currency, now }) : undefined;
  const trips = result?.trips.filter((t) => !t.approximate) ?? [];
  const facts = summarizeRoute(trips);
  const stations: PageLink[] = [];
  // Departure stations first, then arrival stations, each once, in the order the trips use them.
  for (const stationId of new Set([...trips.map((t) => t.params.from), ...trips.map((t) => t.params.to)])) {
    const station = index.stations.get(stationId);
    if (station)
      stations.push({ kind: 'station', id: station.id, slug: station.slug, name: station.names[input.code] ?? station.names.en });
  }
  const operators: PageLink[] = facts.operatorIds.flatMap((id) => {
    const operator = index.operators.get(id);
    return operator ? [{ kind: 'operator' as const, id: operator.id, slug: operator.slug, name: operator.name }] : [];
  });
  return {
    kind: 'ok',
    data: {
      from,
      to,
      classes,
      date,
      currency: input.currency,
      originOffsetMin,
      facts,
      operatorNames: operators.map((o) => o.name),
      stations,
      operators,
    },
  };
}

export interface OriginPageData {
  from: PageEndpoint;
  classes: ClassFilter;
  destinations: PageEndpoint[];
}

export async function loadOriginPage(input: { vehclass: string; fromSlug: string; code: string }): Promise<Lookup<OriginPageData>> {
  const classes = parseClassFilter(input.vehclass);
  if (classes === undefined) return { kind: 'not-found' };
  const index = await indexOrNothing();
  if (!index) return { kind: 'unavailable' };
  const from = endpoint(index, input.fromSlug, input.code);
  if (!from) return { kind: 'not-found' };
  const fromRef = resolveRef(index, from.id, undefined);
  const served = new Set(popularRoutes(index, { classes, fromPlaceId: from.placeId, limit: 200 }).map((r) => r.toId));
  const destinations = fromRef
    ? popularFrom(index, fromRef, input.code)
        .items.filter((item) => served.has(Number(item.id)))
        .flatMap((item) => endpoint(index, item.slug, input.code) ?? [])
    : [];
  return { kind: 'ok', data: { from, classes, destinations } };
}

/**
 * A country page (/{lang}/{vehclass}/{countrySlug}, the footer's `country_url`): the country's
 * places that have departures of the class, most popular first, each linking to its origin page.
 * A slug that is a place or station is the origin page's, never a country's.
 */
export interface CountryPageData {
  countryCode: string;
  slug: string;
  places: { slug: string; name: string }[];
}

export async function loadCountryPage(input: {
  vehclass: string;
  countrySlug: string;
  code: string;
  countries: ReadonlyMap<string, string>;
}): Promise<Lookup<CountryPageData>> {
  const classes = parseClassFilter(input.vehclass);
  if (classes === undefined) return { kind: 'not-found' };
  const countryCode = [...input.countries].find(([, slug]) => slug === input.countrySlug)?.[0];
  if (!countryCode) return { kind: 'not-found' };
  const index = await indexOrNothing();
  if (!index) return { kind: 'unavailable' };
  const served = new Set(popularRoutes(index, { classes, limit: 10_000 }).map((r) => r.fromId));
  const places = [...index.places.values()]
    .filter((p) => p.countryCode === countryCode && served.has(p.id))
    .sort((a, b) => b.popularity - a.popularity || a.slug.localeCompare(b.slug))
    .map((p) => ({ slug: p.slug, name: p.names[input.code] ?? p.names.en }));
  return { kind: 'ok', data: { countryCode, slug: input.countrySlug, places } };
}

export async function loadClassRoutes(input: {
  vehclass: string;
  limit: number;
}): Promise<Lookup<{ classes: ClassFilter; routes: PopularRoute[] }>> {
  const classes = parseClassFilter(input.vehclass);
  if (classes === undefined) return { kind: 'not-found' };
  const index = await indexOrNothing();
  if (!index) return { kind: 'unavailable' };
  return { kind: 'ok', data: { classes, routes: popularRoutes(index, { classes, limit: input.limit }) } };
}

/** Home page: the most popular routes, read once per build (the home page is pre-rendered). */
export async function homePopularRoutes(limit = 12): Promise<PopularRoute[]> {
  const index = await indexOrNothing();
  return index ? popularRoutes(index, { limit }) : [];
}

export type ResultsPageModel = PageSearch<PageEndpoint>;

/** What the islands need to work out the search from the URL in the browser. */
export function pageSearchBase(data: RoutePageData): PageSearchBase<PageEndpoint> {
  return { from: data.from, to: data.to, vehclasses: classFilterSegment(data.classes), originOffsetMin: data.originOffsetMin };
}

/**
 * The search a results URL asks for (SPEC §2 query: date, date2, people, direction). "Today" is
 * the day the page data was read for, so the date rules and the route facts agree.
 */
export function resultsPageModel(data: RoutePageData, query: URLSearchParams): ResultsPageModel {
  return pageSearch(pageSearchBase(data), query, addDays(data.date, -DEFAULT_DAYS_AHEAD));
}

/** HTTP status of a lookup, for the page to set (404 for unknown slugs or classes). */
export function lookupStatus(lookup: Lookup<unknown>): 200 | 404 | 503 {
  return lookup.kind === 'ok' ? 200 : lookup.kind === 'not-found' ? 404 : 503;
}
