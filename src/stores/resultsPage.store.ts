/**
 * The results page as a whole: what starts its search and facts, and what it keeps to show again
 * without a search when the traveller comes back (SPEC §2, §9; src/domain/results/pageCache.ts).
 */
import type { TripsPass } from '../domain/results/passes.ts';
import type { Fact } from '../domain/search/facts.ts';
import type { Trip } from '../domain/search/trips.ts';
import { $facts, $factsSettled, loadFacts } from './facts.store.ts';
import {
  $passes,
  $status,
  $trips,
  abortSearch,
  runSearch,
  searchRunning,
  type SearchRequest,
  type SearchStatus,
} from './tripsSearch.store.ts';

/** A new search for the page: its trips and its facts load side by side. */
export function searchPage(r: SearchRequest): void {
  void runSearch(r);
  void loadFacts(r);
}

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
  if (status.isSearching || status.failed || searchRunning()) return undefined;
  return { trips: $trips.get(), passes: $passes.get(), status, facts: $facts.get() };
}

/** Shows a kept answer as if its search had just finished (the recheck already ran for it). */
export function restoreResults(snapshot: ResultsSnapshot): void {
  abortSearch();
  $status.set({ ...snapshot.status, isSearching: false, isRechecked: true });
  $passes.set(snapshot.passes);
  $trips.set(snapshot.trips);
  $facts.set(snapshot.facts);
  $factsSettled.set(true);
}
