/**
 * The order routes and schedules are kept in (the index's routes, each route's schedules):
 * an order of what they are, never of database ids. Both engines keep the first of equally good
 * journeys (same times, changes and fare) they meet, so this order decides which one a traveller
 * sees — and a network imported again (the GTFS round trip: new ids, same content) must show the
 * same ones.
 */
import type { RouteNode, ScheduleNode } from './timetable.ts';

/** Plain code-unit order: the same on every machine and locale, and several times faster than localeCompare. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Schedules by departure, then by what else tells them apart (two can leave at the same minute on other days). */
export function bySchedule(a: ScheduleNode, b: ScheduleNode): number {
  return a.departureMinute - b.departureMinute || a.validFrom - b.validFrom || a.validTo - b.validTo || a.weekdays - b.weekdays;
}

/**
 * Routes sorted by operator, code, vehicle class, stops (station and minutes) and fares, each
 * given its place in that order as `rank`.
 */
export function rankRoutes(
  routes: readonly RouteNode[],
  operatorSlug: (id: number) => string,
  stationSlug: (id: number) => string,
): RouteNode[] {
  const keyOf = (route: RouteNode) =>
    [
      operatorSlug(route.operatorId),
      route.code,
      route.vehicleClass,
      ...route.stops.map((stop) => `${stationSlug(stop.stationId)}@${String(stop.arr)}-${String(stop.dep)}`),
      ...route.options.map((option) => `${option.className}:${String(option.priceMinor)}${option.currency}`).sort(),
    ].join('\u0000');
  const keyed = routes.map((route) => ({ route, key: keyOf(route) }));
  keyed.sort((a, b) => byText(a.key, b.key));
  return keyed.map(({ route }, rank) => {
    route.rank = rank;
    return route;
  });
}
