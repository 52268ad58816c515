/**
 * The results page's search (SPEC §3 trips data, §4 search flow): the trips and passes of the
 * last answer and the flags the page shows while it runs. One search at a time: a new one aborts
 * the last, an aborted one exits silently, and the recheck runs once per search.
 */
import { atom, map } from 'nanostores';
import type { TripsQuery, TripsSearchAnswer } from '../domain/api/operations.ts';
import type { TripsPass } from '../domain/results/passes.ts';
import { disableTrip, mergeRecheck, ZERO_PRICE, type RecheckedTrip } from '../domain/results/summary.ts';
import type { Trip } from '../domain/search/trips.ts';
import { isAborted } from './ajax.ts';
import { signalAnalytics } from './analyticsSignal.ts';
import { signalSearch } from './searchSignal.ts';
import { apiGet, apiGetAt } from './apiGet.ts';
import { listWork } from './resultsWork.ts';
import { settleViewFor } from './resultsView.store.ts';

export interface SearchRequest {
  lang: string;
  fromId: string;
  toId: string;
  date: string;
  date2?: string | undefined;
  /** The return leg of a round trip: prices with the round-trip discount, like the outbound's. */
  roundTrip?: boolean | undefined;
  people: number;
  vehclasses: string;
  currency: string;
}

export interface NextTripDate {
  date: string;
  title: string;
}

export interface SearchStatus {
  isSearching: boolean;
  hasError: boolean;
  /** A failure other than 503: the error modal shows the generic text. */
  failed: boolean;
  isRechecked: boolean;
  nextTripDates: NextTripDate[];
  provinceName: string | null;
  currency: string;
}

export const $trips = atom<Trip[]>([]);
/** The rail passes that cover the route (SPEC §3 "passes"): the `railpass` tab's list. */
export const $passes = atom<TripsPass[]>([]);
export const $status = map<SearchStatus>({
  isSearching: false,
  hasError: false,
  failed: false,
  isRechecked: false,
  nextTripDates: [],
  provinceName: null,
  currency: 'USD',
});

let controller: AbortController | undefined;

function searchQuery(r: SearchRequest): TripsQuery {
  return {
    fromId: r.fromId,
    toId: r.toId,
    date: r.date,
    people: String(r.people),
    vehclasses: r.vehclasses,
    currency: r.currency,
    // Both legs of a round trip are priced as the cart with both charges them (round-trip discount).
    ...(r.date2 || r.roundTrip ? { roundTrip: '1' as const } : {}),
  };
}

/** The view after the trips changed (resultsView.store.ts). */
function settleView(): void {
  settleViewFor($trips.get(), $passes.get());
}

async function loadNextDates(r: SearchRequest, signal: AbortSignal, fetcher: typeof fetch): Promise<NextTripDate[]> {
  const answer = await apiGet(r.lang, 'trips/next-dates', searchQuery(r), { signal, fetcher });
  return answer.ok ? answer.data.dates : [];
}

/**
 * SPEC §4 search flow: clears the previous answer, aborts the previous search, stores the
 * non-approximate trips, then runs the recheck once and merges it. 503 sets hasError; no trips
 * clears the data, resets the prices to 0 THB, sets hasError and offers the next dates.
 */
export async function runSearch(r: SearchRequest, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  controller?.abort();
  const own = new AbortController();
  controller = own;
  $trips.set([]);
  $passes.set([]);
  $status.set({ ...$status.get(), isSearching: true, hasError: false, failed: false, isRechecked: false, nextTripDates: [] });
  try {
    const response = await apiGet(r.lang, 'trips/search', searchQuery(r), { signal: own.signal, fetcher });
    if (response.status === 503) {
      signalAnalytics('search_failure', { status: 503 });
      $status.setKey('hasError', true);
      $status.setKey('isSearching', false);
      return;
    }
    if (!response.ok) {
      // SPEC §8: other search failures are recorded with their status, then handled generically.
      signalAnalytics('search_failure', { status: response.status });
      throw new Error(`search ${response.status}`);
    }
    const answer = response.data;
    if (controller !== own) return;
    const trips = await listWork('makeProductList', answer.trips);
    if (controller !== own) return;
    $status.setKey('provinceName', answer.provinceName);
    $passes.set(answer.passes);
    $status.setKey('currency', answer.currency);
    signalSearch({
      from: r.fromId,
      to: r.toId,
      date: r.date,
      people: r.people,
      vehclasses: r.vehclasses,
      trips: trips.length,
    });
    if (trips.length === 0) {
      $trips.set([]);
      $status.set({ ...$status.get(), isSearching: false, hasError: true, currency: ZERO_PRICE.fxcode });
      const dates = await loadNextDates(r, own.signal, fetcher);
      const nextDates = await listWork('makeActualNextTripDates', { dates, today: r.date });
      if (controller === own) $status.setKey('nextTripDates', nextDates);
      return;
    }
    $trips.set(trips);
    $status.setKey('isSearching', false);
    settleView();
    await recheck(answer, own, fetcher);
  } catch (error) {
    // SPEC §8: an aborted search exits silently.
    if (isAborted(error) || controller !== own) return;
    $status.set({ ...$status.get(), isSearching: false, failed: true });
    console.error(error);
  } finally {
    if (controller === own) controller = undefined;
  }
}

/**
 * Merges a recheck answer (SPEC §4); an option it reports with no seats left is disabled, and a
 * trip with no bookable option left shows as sold out.
 */
export function applyRecheck(trips: readonly Trip[], rechecked: readonly RecheckedTrip[]): Trip[] {
  let merged = mergeRecheck(trips, rechecked);
  for (const r of rechecked) {
    const gone = r.travel_options.filter((o) => o.seats_left <= 0).map((o) => o.id);
    if (gone.length > 0) merged = disableTrip(merged, r.key, gone);
  }
  return merged;
}

/** The background recheck, once per search (isRechecked guards it). */
async function recheck(answer: TripsSearchAnswer, own: AbortController, fetcher: typeof fetch): Promise<void> {
  if ($status.get().isRechecked || answer.tripsRecheck.length === 0) return;
  $status.setKey('isRechecked', true);
  $status.setKey('isSearching', true);
  try {
    await Promise.all(
      answer.tripsRecheck.map(async (url) => {
        const rechecked = await apiGetAt('trips/recheck', `${url}&token=${encodeURIComponent(answer.recheckToken)}`, {
          signal: own.signal,
          fetcher,
        });
        if (rechecked.ok && controller === own) $trips.set(applyRecheck($trips.get(), rechecked.data.trips));
      }),
    );
  } finally {
    if (controller === own) $status.setKey('isSearching', false);
  }
  settleView();
}

/** Cancels the running search (leaving the page). */
export function abortSearch(): void {
  controller?.abort();
  controller = undefined;
}

/** True while a search or its recheck is under way (a page kept now would be half an answer). */
export function searchRunning(): boolean {
  return controller !== undefined;
}
