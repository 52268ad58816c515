/**
 * Test support: small random networks for comparing the engine with the exhaustive reference
 * (profile.test.ts, search.reference.test.ts). A few places far apart (so hubs off the straight
 * line matter), some with several stations of different kinds, routes with random stops, ride
 * times up to 15 hours, weekdays, zones and fares. Deterministic for a seed.
 */
import { buildTimetableIndex, type TimetableIndex, type TimetableRows } from './timetable.ts';
import { VEHICLE_CLASSES } from './vehicleClasses.ts';

const KINDS = ['bus_terminal', 'railway_station', 'airport', 'pier', 'pickup_point'] as const;
const ZONES = ['Asia/Bangkok', 'Asia/Manila', 'Asia/Yangon'];
/** 2025-06-01 as a day number: the networks run from May to August 2025. */
export const FIRST_DAY = 20_240;

/** A small random network: a few places (some with several stations), routes with random stops, times, weekdays and zones. */
export function randomNetwork(seed: number): TimetableIndex {
  return buildTimetableIndex(randomNetworkRows(seed), RANDOM_NETWORK_NOW);
}

/** When the random networks are indexed (their offsets from UTC are those of this instant). */
export const RANDOM_NETWORK_NOW = Date.UTC(2025, 5, 1);

/** The rows behind randomNetwork(seed). */
export function randomNetworkRows(seed: number): TimetableRows {
  let state = seed >>> 0 || 1;
  const next = () => (state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const placeCount = int(5, 10);
  const places = Array.from({ length: placeCount }, (_, i) => ({
    id: i + 1,
    slug: `p${i + 1}`,
    kind: 'city',
    names: { en: `Place ${i + 1}` },
    lat: 5 + next() * 15,
    lon: 95 + next() * 15,
    timeZone: pick(ZONES),
    countryCode: 'TH',
    popularity: 1,
  }));
  const stations = places.flatMap((p) =>
    Array.from({ length: int(1, 3) }, (_, k) => ({
      id: p.id * 10 + k,
      slug: `s${p.id * 10 + k}`,
      kind: pick(KINDS),
      names: { en: `Station ${p.id * 10 + k}` },
      lat: p.lat,
      lon: p.lon,
      placeId: p.id,
      code: null,
    })),
  );
  const routeCount = int(10, 30);
  const rows: TimetableRows = {
    version: 1,
    places,
    stations,
    operators: [
      { id: 1, slug: 'op', name: 'Op', logo: '', rating: 4, reviewCount: 1, confirmation: 'instant', currency: 'USD', vehicleClasses: [] },
    ],
    routes: [],
    stops: [],
    schedules: [],
    options: [],
    fx: [{ currency: 'USD', perUsd: 1, minorUnits: 2 }],
    rules: [],
    inventory: [],
  };
  for (let r = 1; r <= routeCount; r++) {
    rows.routes.push({ id: r, operatorId: 1, vehicleClass: pick(VEHICLE_CLASSES), code: `R${r}`, distanceKm: 100 });
    let minute = 0;
    const used = new Set<number>();
    for (let i = 0, count = int(2, 4); i < count; i++) {
      const station = pick(stations);
      if (used.has(station.placeId)) continue;
      used.add(station.placeId);
      const arrival = i === 0 ? 0 : minute + int(20, 900);
      minute = arrival + (i === 0 ? 0 : int(0, 20));
      rows.stops.push({ routeId: r, stopIndex: i, stationId: station.id, arrivalOffsetMin: arrival, departureOffsetMin: minute });
    }
    for (let k = 0, count = int(1, 3); k < count; k++)
      rows.schedules.push({
        id: r * 10 + k,
        routeId: r,
        departureMinute: int(0, 1439),
        weekdays: int(1, 127),
        validFrom: '2025-05-01',
        validTo: '2025-08-31',
        timesConfirmed: true,
      });
    rows.options.push({
      id: r,
      routeId: r,
      className: 'Standard',
      priceMinor: int(100, 10_000),
      currency: 'USD',
      seats: 10,
      features: [],
      fullRefundHours: null,
      confirmation: 'instant',
      cutoffMin: 0,
    });
  }
  return rows;
}
