/**
 * The list work that runs in a web worker (SPEC §7 background worker functions): building the
 * product list, sorting and filtering it, and the next trip dates. Pure, so the worker, the
 * main-thread fallback and the tests share it; messages carry a function name and its data.
 */
import type { Trip } from '../search/trips.ts';
import { filterTrips, sortTrips } from './filters.ts';
import type { ResultsState } from './queryState.ts';

export const LIST_FUNCTIONS = ['makeProductList', 'sortAndFilterProducts', 'makeActualNextTripDates'] as const;
export type ListFunction = (typeof LIST_FUNCTIONS)[number];

export interface NextTripDate {
  date: string;
  title: string;
}

export interface ListRequest {
  id: number;
  fn: ListFunction;
  data: unknown;
}

export interface ListResponse {
  id: number;
  fn: ListFunction;
  /** Absent when the function had nothing to work on; the caller rejects then. */
  data?: unknown;
}

/** SPEC §4: only trips with confirmed times are offered. */
export function makeProductList(trips: readonly Trip[]): Trip[] {
  return trips.filter((t) => !t.approximate);
}

export function sortAndFilterProducts(input: { trips: readonly Trip[]; view: ResultsState }): Trip[] {
  return sortTrips(filterTrips(input.trips, input.view), input.view.sort);
}

/** Next dates still ahead of today, in order, each once. */
export function makeActualNextTripDates(input: { dates: readonly NextTripDate[]; today: string }): NextTripDate[] {
  const seen = new Set<string>();
  return [...input.dates]
    .filter((d) => d.date > input.today && !seen.has(d.date) && seen.add(d.date))
    .sort((a, b) => a.date.localeCompare(b.date));
}

type Input<F extends ListFunction> = F extends 'makeProductList'
  ? readonly Trip[]
  : F extends 'sortAndFilterProducts'
    ? { trips: readonly Trip[]; view: ResultsState }
    : { dates: readonly NextTripDate[]; today: string };

export type ListOutput<F extends ListFunction> = F extends 'makeActualNextTripDates' ? NextTripDate[] : Trip[];

export function runList<F extends ListFunction>(fn: F, data: Input<F>): ListOutput<F> {
  switch (fn) {
    case 'makeProductList':
      return makeProductList(data as Input<'makeProductList'>) as ListOutput<F>;
    case 'sortAndFilterProducts':
      return sortAndFilterProducts(data as Input<'sortAndFilterProducts'>) as ListOutput<F>;
    default:
      return makeActualNextTripDates(data as Input<'makeActualNextTripDates'>) as ListOutput<F>;
  }
}

/** The worker's answer to one message: no data when the request carried none. */
export function answerListRequest(request: ListRequest): ListResponse {
  if (request.data === undefined || request.data === null || !LIST_FUNCTIONS.includes(request.fn))
    return { id: request.id, fn: request.fn };
  return { id: request.id, fn: request.fn, data: runList(request.fn, request.data as never) };
}
