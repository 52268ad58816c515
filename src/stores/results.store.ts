/**
 * The results page's state (SPEC §3 trips data and trips summary, §4 search flow). The view
 * (tab, filters, sort) is parsed from the URL and written back to it, so reload, back and
 * forward restore it; the list itself is derived from the trips and the view.
 */
import { readCookie } from './readCookie.ts';
import { persistentJSON } from '@nanostores/persistent';
import { atom, computed, map } from 'nanostores';
import type { Fact } from '../domain/search/facts.ts';
import type { TravelOption, Trip } from '../domain/search/trips.ts';
import { buildFilterGroups, buildTabs, priceBounds, selectTab } from '../domain/results/filters.ts';
import { settledView } from '../domain/results/firstView.ts';
import type { TripsPass } from '../domain/results/passes.ts';
import { runList, sortAndFilterProducts, type ListFunction, type ListOutput } from '../domain/results/listWork.ts';
import { isAborted, raiseAjaxFailure } from './ajax.ts';
import { apiGet, apiGetAt } from './api.ts';
import type { TripsQuery, TripsSearchAnswer } from '../domain/api/operations.ts';
import type { ListClient } from './listWorker.ts';
import {
  EMPTY_STATE,
  parseResultsState,
  writeResultsState,
  type ResultsState,
  type SortKey,
  type TabKey,
} from '../domain/results/queryState.ts';
import { disableTrip, mergeRecheck, summarize, ZERO_PRICE, type RecheckedTrip, type TripsSummary } from '../domain/results/summary.ts';
import { signalAnalytics } from './analyticsSignal.ts';

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
export const $view = atom<ResultsState>(EMPTY_STATE);
/** Staff keep their operator filter when a reset happens (SPEC §4). */
export const $isStaff = atom(false);

/**
 * Sets `$isStaff` from the display cookie the server writes with the session (`is_staff`, SPEC §3).
 * It only decides whether a filter reset keeps the operator choice, so a display cookie is
 * enough here; nothing staff-only is reached through it.
 */
export function readStaffFlag(read: (name: string) => string | undefined = readCookie): void {
  $isStaff.set(read('is_staff') === '1');
}

export const $summary = computed([$trips, $view], (trips, view): TripsSummary & { sortedBy: SortKey; transportationTab: TabKey } => ({
  ...summarize(trips),
  sortedBy: view.sort,
  transportationTab: view.tab,
}));
export const $tabs = computed([$trips, $passes], (trips, passes) => buildTabs(trips, passes));
export const $filterGroups = computed([$trips, $view], (trips, view) => buildFilterGroups(trips, view));
/** The sorted, filtered list; worked out in the list worker when one is attached. */
export const $products = atom<Trip[]>([]);
/**
 * The trips $products was worked out from: the worker answers later than $trips changes, and
 * the island shows its list only once the two agree (a list that flashes empty would shift).
 */
export const $productsFrom = atom<readonly Trip[]>([]);

function setProducts(from: readonly Trip[], products: Trip[]): void {
  $products.set(products);
  $productsFrom.set(from);
}

let listClient: ListClient | undefined;
let productsRun = 0;

function refreshProducts(): void {
  const input = { trips: $trips.get(), view: $view.get() };
  const run = ++productsRun;
  if (!listClient) {
    setProducts(input.trips, sortAndFilterProducts(input));
    return;
  }
  listClient
    .call('sortAndFilterProducts', input)
    .then((products) => {
      if (run === productsRun) setProducts(input.trips, products);
    })
    .catch((error: unknown) => {
      // The worker failed: the main thread does the same work, so the list still appears.
      console.error(error);
      if (run === productsRun) setProducts(input.trips, sortAndFilterProducts(input));
    });
}
$trips.listen(refreshProducts);
$view.listen(refreshProducts);

/**
 * One list function in the worker when attached, else (or when the worker fails, e.g. "No data
 * returned in: {function}") on the main thread, so the list still appears.
 */
async function listWork<F extends ListFunction>(fn: F, data: Parameters<typeof runList<F>>[1]): Promise<ListOutput<F>> {
  if (!listClient) return runList(fn, data);
  try {
    return await listClient.call(fn, data);
  } catch (error) {
    console.error(error);
    return runList(fn, data);
  }
}

/** Moves the list work off the main thread (the island attaches src/islands/SearchResults/list.worker.ts). */
export function attachListWorker(client: ListClient | undefined): void {
  listClient = client;
  refreshProducts();
}
export const $priceBounds = computed([$trips, $view], (trips, view) =>
  priceBounds(trips.filter((t) => view.tab === 'all' || (t.params.vehclasses as readonly string[]).includes(view.tab))),
);

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

/** The view after the trips changed: unknown-to-the-data choices stay, an empty list resets (SPEC §4). */
function settleView(): void {
  const settled = settledView($trips.get(), $view.get(), $isStaff.get(), $passes.get().length);
  if (settled !== $view.get()) setView(settled, 'replace');
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
    signalAnalytics('search', {
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
        const rechecked = await apiGetAt('trips/recheck', `${url}&token=${encodeURIComponent(answer.recheckToken)}`, { signal: own.signal, fetcher });
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

// ---- The view and the URL --------------------------------------------------------------------

export function readViewFromUrl(search: string): void {
  $view.set(parseResultsState(search));
}

/**
 * Sets the view and writes it into the URL. Only the query string changes, so the page does
 * not scroll to the top (SPEC §2: not when only search filters change).
 */
export function setView(view: ResultsState, history: 'push' | 'replace' = 'push'): void {
  $view.set(view);
  if (typeof window === 'undefined') return;
  const params = writeResultsState(window.location.search.slice(1), view);
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (url === window.location.pathname + window.location.search) return;
  if (history === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

export function chooseTab(tab: TabKey): void {
  // SPEC §4: selecting a transportation tab is logged.
  signalAnalytics('tab', { tab });
  setView(selectTab($trips.get(), $view.get(), tab));
}

export function chooseSort(sort: SortKey): void {
  setView({ ...$view.get(), sort });
}

// ---- Facts banners (SPEC §3 Fact, §7 facts-on-dates) ------------------------------------------

/** Dismissed fact ids, kept in localStorage under facts_banned. */
export const $factsBanned = persistentJSON<string[]>('facts_banned', []);
export const $facts = atom<Fact[]>([]);
/** False while a facts call runs: the island waits for it, so a banner never pushes the list down. */
export const $factsSettled = atom(false);
export const $visibleFacts = computed([$facts, $factsBanned], (facts, banned) => facts.filter((f) => !banned.includes(f.id)));

/** Loads the facts for a search; a failed call is an empty list (SPEC §8). */
export async function loadFacts(r: SearchRequest, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  $facts.set([]);
  $factsSettled.set(false);
  try {
    const query = { fromId: r.fromId, toId: r.toId, date: r.date, people: String(r.people), currency: r.currency };
    const answer = await apiGet(r.lang, 'trips/facts-on-dates', query, { fetcher });
    $facts.set(answer.ok ? answer.data.facts : []);
  } catch {
    $facts.set([]);
  } finally {
    $factsSettled.set(true);
  }
}

export function dismissFact(id: string): void {
  $factsBanned.set([...new Set([...$factsBanned.get(), id])]);
}

// ---- Page cache (SPEC §2, §9; src/domain/results/pageCache.ts) --------------------------------

/** What a kept results page needs to show its list again without a search. */
export interface ResultsSnapshot {
  trips: Trip[];
  passes: TripsPass[];
  status: SearchStatus;
  facts: Fact[];
}

/** The answer on screen, when there is a settled one worth keeping (not mid-search, not failed). */
export function resultsSnapshot(): ResultsSnapshot | undefined {
  const status = $status.get();
  if (status.isSearching || status.failed || controller) return undefined;
  return { trips: $trips.get(), passes: $passes.get(), status, facts: $facts.get() };
}

/** Shows a kept answer as if its search had just finished (the recheck already ran for it). */
export function restoreResults(snapshot: ResultsSnapshot): void {
  controller?.abort();
  controller = undefined;
  $status.set({ ...snapshot.status, isSearching: false, isRechecked: true });
  $passes.set(snapshot.passes);
  $trips.set(snapshot.trips);
  $facts.set(snapshot.facts);
  $factsSettled.set(true);
}

// ---- Round trip (SPEC §3 round trip state, §5 cart hash rule) ----------------------------------

export interface RoundTripState {
  leg: 'outbound' | 'return';
  trip: Trip | null;
  /**
   * The rail pass chosen instead of an outbound trip (SPEC §3): a pass covers both directions,
   * so no return leg is searched; the traveller goes on to the pass to buy it.
   */
  pass: TripsPass | null;
  travelOption: TravelOption | null;
  unavailableReason: 'sold_out' | 'no_return' | null;
  showModal: boolean;
  /** The outbound cart: the return trip is added to it (add-to-cart's cartHash). */
  cartHash: string | null;
  outboundTripKey: string | null;
  outboundGodate: string | null;
}

const NO_ROUND_TRIP: RoundTripState = {
  leg: 'outbound',
  trip: null,
  pass: null,
  travelOption: null,
  unavailableReason: null,
  showModal: false,
  cartHash: null,
  outboundTripKey: null,
  outboundGodate: null,
};

export const $roundTrip = map<RoundTripState>(NO_ROUND_TRIP);

export function resetRoundTrip(): void {
  $roundTrip.set(NO_ROUND_TRIP);
}

export function closeRoundTripModal(): void {
  $roundTrip.setKey('showModal', false);
}

/** The cart link of a travel option: passengers and currency go along; the return leg adds the outbound cart. */
export function bookingHref(option: TravelOption, r: Pick<SearchRequest, 'people' | 'currency' | 'date2'>): string {
  const q = new URLSearchParams({ people: String(r.people), currency: r.currency });
  const { cartHash, leg, travelOption } = $roundTrip.get();
  // What the cards said per person (both legs of a round trip): checkout shows it beside the
  // fare it quotes if the two differ, before anything is held.
  let seen = option.price.minor;
  // SPEC §5: the round-trip cart hash is used only for a search with date2 (or fromRoundTrip).
  if (r.date2 && leg === 'return' && cartHash) {
    q.set('cartHash', cartHash);
    q.set('fromRoundTrip', '1');
    seen += travelOption?.price.minor ?? 0;
  }
  q.set('seen', String(seen));
  return `${option.booking_uri}?${q.toString()}`;
}

/**
 * A rail pass picked from the `railpass` tab of a round-trip search: the round-trip state carries
 * it (and no trip), since the pass covers the way back too. Returns the pass page to go to.
 */
export function choosePass(pass: TripsPass): string {
  $roundTrip.set({ ...NO_ROUND_TRIP, pass });
  return pass.url;
}

/**
 * A round trip's first pick: the outbound trip goes into a cart (add-to-cart answers with a
 * redirect to the cart's checkout page, whose address carries the hash), then the return leg is
 * searched — to and from swapped, on date2.
 */
export async function chooseOutbound(
  trip: Trip,
  option: TravelOption,
  r: SearchRequest,
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  if (!r.date2) return;
  $roundTrip.set({
    ...NO_ROUND_TRIP,
    trip,
    travelOption: option,
    showModal: true,
    outboundTripKey: trip.key,
    outboundGodate: trip.params.dep_time.slice(0, 10),
  });
  let hash: string | undefined;
  try {
    const response = await fetcher(bookingHref(option, r), { redirect: 'follow' });
    hash = response.ok ? /\/checkout\/([^/?#]+)/.exec(response.url)?.[1] : undefined;
  } catch (error) {
    // No answer at all (offline, dropped): not "sold out" — SPEC §8's generic failure, in the
    // error modal, and the traveller can pick again.
    resetRoundTrip();
    raiseAjaxFailure(error);
    return;
  }
  if (!hash) {
    $roundTrip.setKey('unavailableReason', 'sold_out');
    return;
  }
  $roundTrip.set({ ...$roundTrip.get(), cartHash: hash, leg: 'return' });
  setView({ ...EMPTY_STATE }, 'replace');
  await runSearch({ ...r, fromId: r.toId, toId: r.fromId, date: r.date2, date2: undefined, roundTrip: true }, fetcher);
  if ($trips.get().length === 0) $roundTrip.setKey('unavailableReason', 'no_return');
}
