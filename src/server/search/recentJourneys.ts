/**
 * The journeys of recent searches, kept per index, so that a results page's rechecks (one per
 * operator connector with trips in the answer, called right after the search) price the same
 * journeys with live seats instead of searching again: the journey search is most of a search's
 * CPU, and a page with a bus and a manual ferry operator ran it three times.
 *
 * Journeys depend only on the index and the query (not the clock: that is pricing's), and they
 * point into the index they came from, so each index has its own cache and a rebuilt index
 * starts empty.
 */
import { LRUCache } from 'lru-cache';
import type { Journey } from '../../domain/search/connections.ts';
import { findJourneys } from '../../domain/search/search.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';

type JourneyQuery = Parameters<typeof findJourneys>[1];

/** Searches kept per index: a recheck follows its search within seconds. */
const KEPT_SEARCHES = 2_000;
const KEPT_FOR_MS = 5 * 60_000;

const byIndex = new WeakMap<TimetableIndex, LRUCache<string, readonly Journey[]>>();

/** findJourneys, answered from the cache when the same index was asked the same question lately. */
export function recentJourneys(index: TimetableIndex, q: JourneyQuery): readonly Journey[] {
  let cache = byIndex.get(index);
  if (!cache) byIndex.set(index, (cache = new LRUCache({ max: KEPT_SEARCHES, ttl: KEPT_FOR_MS })));
  const key = JSON.stringify([
    q.from.kind,
    q.from.id,
    q.to.kind,
    q.to.id,
    q.date,
    q.classes,
    q.maxChanges,
    q.departAfter,
    q.arriveBy,
    q.engine,
  ]);
  let journeys = cache.get(key);
  if (journeys === undefined) cache.set(key, (journeys = findJourneys(index, q)));
  return journeys;
}
