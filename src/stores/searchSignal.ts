/**
 * The `search` analytics signal, once for each search a traveller asked for. A results page's
 * first trips come from the server, so the page signals that search as it loads
 * (ResultsPage.astro); the results island, hydrated later on the traveller's first touch, runs the
 * same search again to go live, and that one must not be counted a second time.
 */
import { signalAnalytics } from './analyticsSignal.ts';

export interface SearchSignal {
  from: string;
  to: string;
  date: string;
  people: number;
  vehclasses: string;
  /** Trips the search found (before the tab and filters). */
  trips: number;
}

/** The served search the island has not yet repeated. */
let servedSearch: string | undefined;

const searchKey = (s: SearchSignal) => [s.from, s.to, s.date, String(s.people), s.vehclasses].join('|');

/** The search whose trips the server rendered into the page. */
export function signalServedSearch(search: SearchSignal): void {
  servedSearch = searchKey(search);
  signalAnalytics('search', { ...search });
}

/** A search the island ran: the first repeat of the page's served search is not counted again. */
export function signalSearch(search: SearchSignal): void {
  const key = searchKey(search);
  if (key === servedSearch) {
    servedSearch = undefined;
    return;
  }
  signalAnalytics('search', { ...search });
}
