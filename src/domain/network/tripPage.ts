/**
 * The trip page (SPEC §2 /{lang}/trip-page/{slug}): one route of the network as a traveller
 * reads it — stops with times, the operator, the classes with fares — and its schema.org trip
 * (BusTrip, TrainTrip, BoatTrip or Flight) with offers. The slug is `{from}-{to}-{routeId}`;
 * only the trailing id is authoritative, the place slugs are there for people and crawlers.
 */
import type { RouteNode, TimetableIndex } from '../search/timetable.ts';
import { clockTime } from './networkPages.ts';

export function tripSlug(index: TimetableIndex, route: RouteNode): string {
  const from = index.places.get(route.stops[0]?.placeId ?? -1)?.slug ?? 'from';
  const to = index.places.get(route.stops[route.stops.length - 1]?.placeId ?? -1)?.slug ?? 'to';
  return `${from}-${to}-${route.id}`;
}

/** The page's address in a locale: the one canonical URL per trip. */
export function tripPath(lang: string, index: TimetableIndex, route: RouteNode): string {
  return `/${lang}/trip-page/${tripSlug(index, route)}`;
}

/**
 * The routes that get a trip page: every route of the index whose operator is known (the index
 * keeps only routes with two stops, a schedule and a fare). The build pre-renders exactly these,
 * so no pre-rendered page can be a 404 in disguise.
 */
export function tripPageRoutes(index: TimetableIndex): RouteNode[] {
  return index.routes.filter((r) => index.operators.has(r.operatorId));
}

export function routeFromSlug(index: TimetableIndex, slug: string): RouteNode | undefined {
  const match = /-(\d+)$/.exec(slug);
  if (!match) return undefined;
  const id = Number(match[1]);
  const route = index.routes.find((r) => r.id === id);
  // A slug with the right id but stale place names still finds the trip; the page redirects to
  // the current address built by tripSlug.
  return route && index.operators.has(route.operatorId) ? route : undefined;
}

export interface TripStop {
  stationId: number;
  arrival: string;
  departure: string;
}

/** Stop times of one departure (minutes after local midnight at the first stop). */
/**
 * A time of day as schema.org `Time` with the station's UTC offset (`07:30:00+07:00`): a trip
 * page lists a daily service, not one date, and a bare "07:30" names no place on earth.
 */
export function schemaTime(localMinute: number, utcOffsetMin: number): string {
  const sign = utcOffsetMin < 0 ? '-' : '+';
  const offset = Math.abs(utcOffsetMin);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${clockTime(localMinute)}:00${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
}

/** The first stop's departure and the last stop's arrival, each in its own station's offset. */
export function tripEndTimes(index: TimetableIndex, route: RouteNode, departureMinute: number): { departure: string; arrival: string } {
  const first = route.stops[0];
  const last = route.stops[route.stops.length - 1];
  const lastOffset = index.stations.get(last?.stationId ?? -1)?.utcOffsetMin ?? route.firstOffsetMin;
  return {
    departure: schemaTime(departureMinute + (first?.dep ?? 0), route.firstOffsetMin),
    arrival: schemaTime(departureMinute + (last?.arr ?? 0) + lastOffset - route.firstOffsetMin, lastOffset),
  };
}

export function stopTimes(index: TimetableIndex, route: RouteNode, departureMinute: number): TripStop[] {
  return route.stops.map((stop) => {
    const offset = (index.stations.get(stop.stationId)?.utcOffsetMin ?? route.firstOffsetMin) - route.firstOffsetMin;
    return {
      stationId: stop.stationId,
      arrival: clockTime(departureMinute + stop.arr + offset),
      departure: clockTime(departureMinute + stop.dep + offset),
    };
  });
}

const TRIP_TYPES = {
  bus: { type: 'BusTrip', from: 'departureBusStop', to: 'arrivalBusStop', place: 'BusStation' },
  van: { type: 'BusTrip', from: 'departureBusStop', to: 'arrivalBusStop', place: 'BusStation' },
  charter: { type: 'Trip', from: 'itinerary', to: 'itinerary', place: 'Place' },
  train: { type: 'TrainTrip', from: 'departureStation', to: 'arrivalStation', place: 'TrainStation' },
  ferry: { type: 'BoatTrip', from: 'departureBoatTerminal', to: 'arrivalBoatTerminal', place: 'BoatTerminal' },
  avia: { type: 'Flight', from: 'departureAirport', to: 'arrivalAirport', place: 'Airport' },
} as const;

export interface TripEnd {
  name: string;
  lat: number;
  lon: number;
}

const placeOf = (type: string, end: TripEnd) => ({
  '@type': type,
  name: end.name,
  geo: { '@type': 'GeoCoordinates', latitude: end.lat, longitude: end.lon },
});

export function tripStructuredData(t: {
  vehicleClass: RouteNode['vehicleClass'];
  name: string;
  url: URL;
  provider: { name: string; url: URL; logo: URL };
  from: TripEnd;
  to: TripEnd;
  departureTime: string;
  arrivalTime: string;
  offers: { name: string; price: number; currency: string }[];
}): Record<string, unknown> {
  const kind = TRIP_TYPES[t.vehicleClass];
  const ends =
    kind.from === kind.to
      ? {
          itinerary: [placeOf(kind.place, t.from), placeOf(kind.place, t.to)],
        }
      : { [kind.from]: placeOf(kind.place, t.from), [kind.to]: placeOf(kind.place, t.to) };
  return {
    '@type': kind.type,
    name: t.name,
    url: t.url.href,
    provider: { '@type': 'Organization', name: t.provider.name, url: t.provider.url.href, logo: t.provider.logo.href },
    ...(kind.type === 'Flight' ? {} : { departureTime: t.departureTime, arrivalTime: t.arrivalTime }),
    ...ends,
    offers: t.offers.map((o) => ({
      '@type': 'Offer',
      name: o.name,
      price: o.price,
      priceCurrency: o.currency,
      availability: 'https://schema.org/InStock',
      url: t.url.href,
    })),
  };
}
