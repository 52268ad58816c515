/**
 * What the results island shows before its own search has answered: the first page of trips with
 * the tabs, filters, badges and facts around them, worked out on the server from the same search
 * the island will run. The island renders this frame on the server and hydrates it as it is, so
 * the first trip cards paint before any JavaScript runs and nothing moves when the island's
 * answer (the same trips) arrives.
 */
import type { Fact } from '../search/facts.ts';
import type { Trip } from '../search/trips.ts';
import {
  buildFilterGroups,
  buildTabs,
  clampPriceRange,
  priceBounds,
  resetIfEmpty,
  type FilterGroups,
  type PriceBounds,
  type Tab,
} from './filters.ts';
import { sortAndFilterProducts } from './listWork.ts';
import type { TripsPass } from './passes.ts';
import type { ResultsState } from './queryState.ts';
import { summarize, type TripsSummary } from './summary.ts';

/** Trips rendered at first and added by "show more": long lists stay quick to render and read. */
export const PAGE_SIZE = 20;

/** Station and operator names by id, only those the first view mentions. */
export interface FirstViewNames {
  stations: Record<string, string>;
  operators: Record<string, string>;
}

export interface ResultsFirstView {
  /** The first page of the sorted, filtered list. */
  trips: Trip[];
  /** How many trips the whole list has. */
  count: number;
  tabs: Tab[];
  filterGroups: FilterGroups;
  priceBounds: PriceBounds | undefined;
  recommended: TripsSummary['recommended'];
  highDemand: boolean;
  facts: Fact[];
  names: FirstViewNames;
  view: ResultsState;
  /** The currency the trips are priced in (the cart links carry it). */
  currency: string;
  /** How many trips the search found before the view's tab and filters. */
  total: number;
  /** The rail passes that cover the route (the `railpass` tab). */
  passes: TripsPass[];
}

/** Every station and operator id a trip shows (its ends, its legs) — the filters name them too. */
function mentionedIds(trips: readonly Trip[]): { stations: Set<number>; operators: Set<number> } {
  const stations = new Set<number>();
  const operators = new Set<number>();
  for (const trip of trips) {
    stations.add(trip.params.from);
    stations.add(trip.params.to);
    for (const id of trip.params.operators) operators.add(id);
    for (const s of trip.segments) {
      stations.add(s.from);
      stations.add(s.to);
      operators.add(s.operator);
    }
  }
  return { stations, operators };
}

/**
 * The view once the trips are known (SPEC §4): a price range is kept inside the trips' prices, and
 * filters that leave nothing are reset (staff keep their operator filter). The island's store
 * settles its view with this too, so the server's first view and the island's agree.
 */
export function settledView(trips: readonly Trip[], view: ResultsState, isStaff: boolean, passCount = 0): ResultsState {
  let settled = view;
  const clamped = clampPriceRange(view.priceRange, priceBounds(trips));
  if (clamped !== view.priceRange) {
    settled = { ...view };
    if (clamped) settled.priceRange = clamped;
    else delete settled.priceRange;
  }
  return resetIfEmpty(trips, settled, isStaff, passCount);
}

/**
 * The first view of a search answer. `trips` is the product list (approximate trips already
 * left out, as the island's makeProductList does); `view` is the tab, filters and sort of the URL.
 */
export function firstView(input: {
  trips: readonly Trip[];
  view: ResultsState;
  facts: readonly Fact[];
  currency: string;
  stationName: (id: number) => string | undefined;
  operatorName: (id: number) => string | undefined;
  pageSize?: number;
  /** The passes covering the route, as the search answers them. */
  passes?: readonly TripsPass[];
}): ResultsFirstView {
  const { trips } = input;
  const passes = [...(input.passes ?? [])];
  // The server renders for any visitor (the page may sit in a shared cache): staff keep their
  // operator filter once the island knows who is looking.
  const view = settledView(trips, input.view, false, passes.length);
  const products = sortAndFilterProducts({ trips, view });
  const ids = mentionedIds(trips);
  const names: FirstViewNames = { stations: {}, operators: {} };
  for (const id of ids.stations) {
    const name = input.stationName(id);
    if (name !== undefined) names.stations[id] = name;
  }
  for (const id of ids.operators) {
    const name = input.operatorName(id);
    if (name !== undefined) names.operators[id] = name;
  }
  const summary = summarize(trips);
  return {
    trips: products.slice(0, input.pageSize ?? PAGE_SIZE),
    count: products.length,
    tabs: buildTabs(trips, passes),
    filterGroups: buildFilterGroups(trips, view),
    // The same list the store's $priceBounds works on: the trips of the chosen tab.
    priceBounds: priceBounds(trips.filter((t) => view.tab === 'all' || (t.params.vehclasses as readonly string[]).includes(view.tab))),
    recommended: summary.recommended,
    highDemand: summary.highDemandRoute.enabled,
    facts: [...input.facts],
    names,
    view,
    currency: input.currency,
    total: trips.length,
    passes,
  };
}
