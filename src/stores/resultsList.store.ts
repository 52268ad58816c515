/**
 * The results list derived from the search's trips and the view (SPEC §3 trips summary, §4):
 * tabs, filter groups, price bounds, the summary and the sorted, filtered products. The products
 * are worked out in the list worker when one is attached (resultsWork.ts); they follow the trips,
 * the view and the worker only while something listens to them (nanostores `onMount`), so
 * importing this module starts nothing.
 */
import { computed, onMount } from 'nanostores';
import { buildFilterGroups, buildTabs, priceBounds, selectTab } from '../domain/results/filters.ts';
import { sortAndFilterProducts } from '../domain/results/listWork.ts';
import type { SortKey, TabKey } from '../domain/results/queryState.ts';
import { summarize, type TripsSummary } from '../domain/results/summary.ts';
import type { Trip } from '../domain/search/trips.ts';
import { atom } from 'nanostores';
import { signalAnalytics } from './analyticsSignal.ts';
import { $listClient } from './resultsWork.ts';
import { $view, setView } from './resultsView.store.ts';
import { $passes, $trips } from './tripsSearch.store.ts';

export const $summary = computed([$trips, $view], (trips, view): TripsSummary & { sortedBy: SortKey; transportationTab: TabKey } => ({
  ...summarize(trips),
  sortedBy: view.sort,
  transportationTab: view.tab,
}));
export const $tabs = computed([$trips, $passes], (trips, passes) => buildTabs(trips, passes));
export const $filterGroups = computed([$trips, $view], (trips, view) => buildFilterGroups(trips, view));
export const $priceBounds = computed([$trips, $view], (trips, view) =>
  priceBounds(trips.filter((t) => view.tab === 'all' || (t.params.vehclasses as readonly string[]).includes(view.tab))),
);

/** The sorted, filtered list; worked out in the list worker when one is attached. */
export const $products = atom<Trip[]>([]);
/**
 * The trips $products was worked out from: the worker answers later than $trips changes, and
 * the island shows its list only once the two agree (a list that flashes empty would shift).
 */
export const $productsFrom = atom<readonly Trip[]>([]);

let productsRun = 0;

function setProducts(from: readonly Trip[], products: Trip[]): void {
  $products.set(products);
  $productsFrom.set(from);
}

function refreshProducts(): void {
  const input = { trips: $trips.get(), view: $view.get() };
  const client = $listClient.get();
  const run = ++productsRun;
  if (!client) {
    setProducts(input.trips, sortAndFilterProducts(input));
    return;
  }
  client
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

onMount($products, () => {
  refreshProducts();
  const stops = [$trips.listen(refreshProducts), $view.listen(refreshProducts), $listClient.listen(refreshProducts)];
  return () => {
    for (const stop of stops) stop();
  };
});

export function chooseTab(tab: TabKey): void {
  // SPEC §4: selecting a transportation tab is logged.
  signalAnalytics('tab', { tab });
  setView(selectTab($trips.get(), $view.get(), tab));
}
