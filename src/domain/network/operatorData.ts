/** Operator timetables and structured data, shared by the operator page and operator/timetable. */
import type { RouteNode } from '../search/timetable.ts';
import type { OperatorSummary } from './networkPages.ts';
import { clockTime, roundRating } from './networkPages.ts';

export interface TimetableRow {
  routeId: number;
  code: string;
  vehicleClass: RouteNode['vehicleClass'];
  fromStationId: number;
  toStationId: number;
  fromPlaceId: number;
  toPlaceId: number;
  durationMin: number;
  /** Departure times from the first stop, local, grouped by weekday mask. */
  services: { weekdays: number; times: string[] }[];
}

/** The operator's routes as timetable rows, busiest first; `placeId` keeps those touching a place. */
export function operatorTimetable(summary: OperatorSummary, filter: { placeId?: number } = {}): TimetableRow[] {
  return summary.routes
    .filter(({ route }) => filter.placeId === undefined || route.stops.some((s) => s.placeId === filter.placeId))
    .map(({ route, fromPlaceId, toPlaceId, durationMin }) => {
      const first = route.stops[0];
      const last = route.stops[route.stops.length - 1];
      const byMask = new Map<number, number[]>();
      for (const s of route.schedules) byMask.set(s.weekdays, [...(byMask.get(s.weekdays) ?? []), s.departureMinute]);
      return {
        routeId: route.id,
        code: route.code,
        vehicleClass: route.vehicleClass,
        fromStationId: first?.stationId ?? 0,
        toStationId: last?.stationId ?? 0,
        fromPlaceId,
        toPlaceId,
        durationMin,
        services: [...byMask]
          .sort((a, b) => b[0] - a[0])
          .map(([weekdays, minutes]) => ({ weekdays, times: [...new Set(minutes.sort((a, b) => a - b).map(clockTime))] })),
      };
    });
}

export interface PublicReview {
  authorName: string;
  rating: number;
  title: string;
  body: string;
  travelDate: string;
}

/** schema.org Organization with its AggregateRating and Reviews (SPEC §9: one decimal). */
export function operatorStructuredData(
  op: { name: string; url: URL; logo: URL; rating: number | null; reviewCount: number },
  reviews: readonly PublicReview[],
): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: op.name,
    url: op.url.href,
    logo: op.logo.href,
    ...(op.rating !== null && op.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: roundRating(op.rating),
            bestRating: 5,
            worstRating: 1,
            reviewCount: op.reviewCount,
          },
        }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.authorName },
            datePublished: r.travelDate,
            name: r.title,
            reviewBody: r.body,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
