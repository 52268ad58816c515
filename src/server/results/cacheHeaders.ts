/**
 * Cache-Control for the on-demand search pages: shared caches may keep a page for five minutes
 * (prices and seats are refreshed by the island anyway), unless the visitor has a currency
 * cookie, which makes the server-rendered prices personal.
 */
export function searchPageCacheControl(hasCurrencyCookie: boolean): string {
  return hasCurrencyCookie ? 'private, max-age=60' : 'public, max-age=300, s-maxage=300, stale-while-revalidate=600';
}
