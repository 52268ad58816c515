/**
 * The network as the pre-rendered station, operator and trip pages need it, read once per
 * process: the search's timetable index (one set of plain selects), the per-station and
 * per-operator summaries computed from it, and the latest reviews of every operator. 12,000
 * station pages and 130,000 trip pages then cost map lookups, not queries.
 */
import { buildNetworkPages, type NetworkPages } from '../../domain/network/networkPages.ts';
import type { OperatorNode, RouteNode, TimetableIndex } from '../../domain/search/timetable.ts';
import { getDbHandle } from '../db/index.ts';
import { latestReviewsByOperator, type ReviewRow } from '../reviews/queries.ts';
import { getSearchIndex } from '../search/cache.ts';

export const REVIEWS_PER_OPERATOR_PAGE = 10;

export interface NetworkCatalog {
  index: TimetableIndex;
  pages: NetworkPages;
  reviews: Map<number, ReviewRow[]>;
  operatorsBySlug: Map<string, OperatorNode>;
  /** Trip pages look their route up by id (`index.routes` is a list). */
  routesById: Map<number, RouteNode>;
}

let catalog: Promise<NetworkCatalog> | undefined;
const pagesByIndex = new WeakMap<TimetableIndex, NetworkPages>();

/** Page data for an index, computed once per index (the server's index is replaced on reseed). */
export function pagesFor(index: TimetableIndex): NetworkPages {
  let pages = pagesByIndex.get(index);
  if (!pages) pagesByIndex.set(index, (pages = buildNetworkPages(index)));
  return pages;
}

export function networkCatalog(): Promise<NetworkCatalog> {
  catalog ??= (async () => {
    const { db } = await getDbHandle();
    const [index, reviews] = await Promise.all([getSearchIndex(db), latestReviewsByOperator(db, REVIEWS_PER_OPERATOR_PAGE)]);
    return {
      index,
      pages: pagesFor(index),
      reviews,
      operatorsBySlug: new Map([...index.operators.values()].map((o) => [o.slug, o])),
      routesById: new Map(index.routes.map((r) => [r.id, r])),
    };
  })();
  return catalog;
}
