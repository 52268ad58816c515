/**
 * Issue 20's first example, made small: Hanoi → Chiang Rai. Flying through Bangkok (far off the
 * straight line) arrives first; a flight to Chiang Mai and a bus is slower and much cheaper. A
 * search must offer both, and answer "leave after" and "arrive by" directly.
 */
import { describe, expect, it } from 'vitest';
import { findJourneys, search, type SearchQuery } from './search.ts';
import { buildTimetableIndex, type TimetableRows } from './timetable.ts';

const TZ = 'Asia/Bangkok';
const PLACES = [
  { id: 1, slug: 'hanoi', en: 'Hanoi', lat: 21.03, lon: 105.85, kind: 'airport' as const },
  { id: 2, slug: 'bangkok', en: 'Bangkok', lat: 13.75, lon: 100.5, kind: 'airport' as const },
  { id: 3, slug: 'chiang-mai', en: 'Chiang Mai', lat: 18.79, lon: 98.98, kind: 'airport' as const },
  { id: 4, slug: 'chiang-rai', en: 'Chiang Rai', lat: 19.91, lon: 99.83, kind: 'airport' as const },
];
/** Hanoi, Chiang Mai and Chiang Rai also have a bus terminal (station id place·10 + 1). */
const BUS_TERMINALS = [1, 3, 4];

/** [route id, class, from place, to place, departure (local minute), ride minutes, fare in THB] */
const ROUTES: [number, 'avia' | 'bus', number, number, number, number, number][] = [
  [1, 'avia', 1, 2, 7 * 60 + 35, 125, 4_000_00],
  [2, 'avia', 2, 4, 12 * 60 + 10, 100, 3_000_00],
  [3, 'avia', 1, 3, 8 * 60, 120, 2_000_00],
  [4, 'bus', 3, 4, 12 * 60, 180, 200_00],
  [5, 'avia', 1, 3, 12 * 60, 120, 2_000_00],
  [6, 'bus', 3, 4, 16 * 60, 180, 200_00],
  // A slow, cheap bus: with bus 4 it leaves earlier and arrives no sooner than flight 3 and bus 4.
  [7, 'bus', 1, 3, 5 * 60, 360, 300_00],
];

function hubRows(routes = ROUTES): TimetableRows {
  const station = (placeId: number, bus: boolean) => {
    const p = PLACES.find((x) => x.id === placeId);
    return p ? p.id * 10 + (bus ? 1 : 0) : 0;
  };
  return {
    version: 1,
    places: PLACES.map((p) => ({
      id: p.id,
      slug: p.slug,
      kind: 'city',
      names: { en: p.en },
      lat: p.lat,
      lon: p.lon,
      timeZone: TZ,
      countryCode: 'TH',
      popularity: 1,
    })),
    stations: [
      ...PLACES.map((p) => ({
        id: p.id * 10,
        slug: `${p.slug}-airport`,
        kind: p.kind,
        names: { en: `${p.en} airport` },
        lat: p.lat,
        lon: p.lon,
        placeId: p.id,
        code: null,
      })),
      ...BUS_TERMINALS.map((id) => ({
        id: id * 10 + 1,
        slug: `bus-${id}`,
        kind: 'bus_terminal' as const,
        names: { en: `Bus ${id}` },
        lat: 0,
        lon: 0,
        placeId: id,
        code: null,
      })),
    ],
    operators: [
      { id: 1, slug: 'op', name: 'Op', logo: '', rating: 4, reviewCount: 1, confirmation: 'instant', currency: 'THB', vehicleClasses: [] },
    ],
    routes: routes.map(([id, vehicleClass]) => ({ id, operatorId: 1, vehicleClass, code: `R${id}`, distanceKm: 500 })),
    stops: routes.flatMap(([id, vehicleClass, from, to, , ride]) => [
      { routeId: id, stopIndex: 0, stationId: station(from, vehicleClass === 'bus'), arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: id, stopIndex: 1, stationId: station(to, vehicleClass === 'bus'), arrivalOffsetMin: ride, departureOffsetMin: ride },
    ]),
    schedules: routes.map(([id, , , , departureMinute]) => ({
      id,
      routeId: id,
      departureMinute,
      weekdays: 127,
      validFrom: '2025-01-01',
      validTo: '2025-12-31',
      timesConfirmed: true,
    })),
    options: routes.map(([id, , , , , , priceMinor]) => ({
      id,
      routeId: id,
      className: 'Economy',
      priceMinor,
      currency: 'THB',
      seats: 20,
      features: [],
      fullRefundHours: null,
      confirmation: 'instant' as const,
      cutoffMin: 0,
    })),
    fx: [
      { currency: 'USD', perUsd: 1, minorUnits: 2 },
      { currency: 'THB', perUsd: 35, minorUnits: 2 },
    ],
    rules: [],
    inventory: [],
  };
}

const index = buildTimetableIndex(hubRows(), Date.UTC(2025, 2, 1));
/** Bangkok time on 2025-03-10 as an absolute minute. */
const local = (hour: number, minute = 0) => Date.UTC(2025, 2, 10, hour - 7, minute) / 60_000;
const query: SearchQuery = {
  from: { kind: 'place', id: 1 },
  to: { kind: 'place', id: 4 },
  date: '2025-03-10',
  people: 1,
  classes: 'all',
  currency: 'THB',
  now: Date.UTC(2025, 2, 1),
  engine: 'fastest',
};
const routesOf = (q: Partial<SearchQuery>) =>
  findJourneys(index, { ...query, ...q })
    .map((j) => j.legs.map((l) => l.route.id))
    .sort();

describe('hubs off the straight line, and the fare dimension', () => {
  it('flies through Bangkok, far off the line, because it arrives first', () => {
    const fastest = search(index, query).trips.sort((a, b) => a.params.arr_time.localeCompare(b.params.arr_time))[0];
    expect(fastest?.segments.map((s) => [s.dep_time, s.arr_time])).toEqual([
      ['2025-03-10 07:35', '2025-03-10 09:40'],
      ['2025-03-10 12:10', '2025-03-10 13:50'],
    ]);
  });

  it('still shows the slower, much cheaper buses through Chiang Mai next to the fastest journeys', () => {
    // Flights through Bangkok; flight and bus through Chiang Mai (twice); bus and bus.
    expect(routesOf({})).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 4],
    ]);
    const trips = search(index, query).trips;
    const viaBangkok = trips.find((t) => t.params.arr_time === '2025-03-10 13:50');
    const byBus = trips.find((t) => t.params.dep_time === '2025-03-10 05:00');
    expect(byBus?.params.arr_time).toBe('2025-03-10 15:00');
    expect(byBus?.min_price.value).toBeLessThan((viaBangkok?.min_price.value ?? 0) / 10);
  });
});

describe('depart after and arrive by', () => {
  it('leaves after the asked minute', () => {
    expect(routesOf({ departAfter: local(9) })).toEqual([[5, 6]]);
    expect(routesOf({ departAfter: local(7, 35) })).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('arrives by the asked minute', () => {
    expect(routesOf({ arriveBy: local(14) })).toEqual([[1, 2]]);
    expect(routesOf({ arriveBy: local(15) })).toEqual([
      [1, 2],
      [3, 4],
      [7, 4],
    ]);
  });

  it('combines both, and finds nothing in a window no journey fits', () => {
    expect(routesOf({ departAfter: local(7, 50), arriveBy: local(15) })).toEqual([[3, 4]]);
    expect(routesOf({ departAfter: local(13), arriveBy: local(23) })).toEqual([]);
  });
});

describe('a cheaper connection that a journey leaving the next day beats', () => {
  // A late direct flight, and a slow night bus to Chiang Mai that makes the noon bus of the next
  // day: cheap, so the cheaper-connection search offers it, but the next morning's flights
  // through Bangkok (or bus 7 and bus 4) arrive sooner with as few changes.
  const lateIndex = buildTimetableIndex(
    hubRows([...ROUTES, [8, 'avia', 1, 4, 21 * 60, 120, 5_000_00], [9, 'bus', 1, 3, 20 * 60, 15 * 60, 250_00]]),
    Date.UTC(2025, 2, 1),
  );
  const lateRoutes = () =>
    findJourneys(lateIndex, query)
      .map((j) => j.legs.map((l) => l.route.id))
      .sort();

  it('is left out, though it arrives later than every fastest journey (the run after the day must look that far)', () => {
    expect(lateRoutes()).not.toContainEqual([9, 4]);
  });

  it('while the cheaper connection nothing later beats still shows', () => {
    expect(lateRoutes()).toEqual([[1, 2], [3, 4], [5, 6], [7, 4], [8]]);
  });
});
