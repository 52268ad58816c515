/**
 * The results page's view — tab, filters, sort (SPEC §4) — parsed from the URL and written back
 * to it, so reload, back and forward restore it. Staff keep their operator filter through a reset.
 */
import { atom } from 'nanostores';
import type { TripsPass } from '../domain/results/passes.ts';
import { settledView } from '../domain/results/firstView.ts';
import { EMPTY_STATE, parseResultsState, writeResultsState, type ResultsState, type SortKey } from '../domain/results/queryState.ts';
import type { Trip } from '../domain/search/trips.ts';
import { readCookie } from './readCookie.ts';

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

export function chooseSort(sort: SortKey): void {
  setView({ ...$view.get(), sort });
}

/** The view after the trips changed: unknown-to-the-data choices stay, an empty list resets (SPEC §4). */
export function settleViewFor(trips: readonly Trip[], passes: readonly TripsPass[]): void {
  const settled = settledView(trips, $view.get(), $isStaff.get(), passes.length);
  if (settled !== $view.get()) setView(settled, 'replace');
}
