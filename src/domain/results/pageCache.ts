/**
 * The page cache of the results page (SPEC §2 "kept in the page cache (max 1)", §9 page cache 1):
 * when the traveller leaves the results for a trip or checkout and comes back, the page shows the
 * list it left — same trips, filters (they live in the address) and scroll position — without a
 * new search, unless the list is older than the recheck window: then seats and prices may have
 * moved, and the page searches again.
 *
 * One entry only, in the tab's session storage: a newer results page replaces it, so going back
 * two results pages searches the older one again.
 */

/** SPEC §9: the page cache holds one page. */
export const PAGE_CACHE_SIZE = 1;

/**
 * How long a kept list is trusted without asking again. A search answer is cached for 30 s by
 * HTTP and the recheck runs once per search; five minutes is what a traveller spends reading a
 * trip or filling in checkout, short enough that seat counts seldom moved.
 */
export const RECHECK_WINDOW_MS = 5 * 60_000;

export const PAGE_CACHE_KEY = 'results_page_cache';

export interface CachedPage<T> {
  /** The page's address (path and query) when it was left. */
  url: string;
  savedAt: number;
  scrollY: number;
  data: T;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps `page` as the one cached page (the previous one goes). A full storage just keeps none. */
export function keepPage<T>(storage: Storage, page: CachedPage<T>): void {
  try {
    storage.setItem(PAGE_CACHE_KEY, JSON.stringify(page));
  } catch {
    // Quota exceeded (a huge list) or storage disabled: the page searches again on return.
    storage.removeItem(PAGE_CACHE_KEY);
  }
}

/** The kept page when it was left at `url`, however old. */
function keptAt<T>(storage: Pick<Storage, 'getItem'>, url: string): CachedPage<T> | undefined {
  try {
    const raw = storage.getItem(PAGE_CACHE_KEY);
    const page = raw ? (JSON.parse(raw) as CachedPage<T>) : undefined;
    return page?.url === url ? page : undefined;
  } catch {
    return undefined;
  }
}

const isFresh = (page: CachedPage<unknown>, now: number) => now - page.savedAt >= 0 && now - page.savedAt < RECHECK_WINDOW_MS;

/**
 * The cached page for `url` when it is younger than the recheck window, else undefined. It is
 * taken out either way: a page is restored once, and the restored page keeps itself again when
 * it is left.
 */
export function takePage<T>(storage: Storage, url: string, now: number): CachedPage<T> | undefined {
  const page = keptAt<T>(storage, url);
  if (!page) return undefined;
  storage.removeItem(PAGE_CACHE_KEY);
  return isFresh(page, now) ? page : undefined;
}

/**
 * Whether `takePage` would restore a page for `url`, without taking it: the results page wakes
 * its island at load only when there is a list to restore (ResultsPage.astro).
 */
export function hasKeptPage(storage: Pick<Storage, 'getItem'>, url: string, now: number): boolean {
  const page = keptAt(storage, url);
  return page !== undefined && isFresh(page, now);
}
