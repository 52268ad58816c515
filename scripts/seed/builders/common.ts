/**
 * What every route builder shares: the context it writes into and the small timetable and
 * policy helpers that make invented data look like an operator's real timetable.
 */
import type { PlaceNode, ResolvedGeography } from '../geography.ts';
import { haversineKm, type LatLon } from '../geo.ts';
import type { OperatorDirectory, OperatorNode } from '../operators.ts';
import type { Random } from '../random.ts';
import type { VehicleClass } from '../rows.ts';
import type { RouteSink, StopSpec } from '../sink.ts';
import { DAILY } from '../time.ts';

export interface BuildContext {
  geo: ResolvedGeography;
  operators: OperatorDirectory;
  sink: RouteSink;
  codes: RouteCodes;
  warnings: string[];
}

/** Per-operator running numbers, so an operator's codes look like one numbering scheme. */
export class RouteCodes {
  private readonly next = new Map<number, number>();

  /**
   * Two consecutive numbers for a route and its way back, odd outbound and even return like
   * most timetables (the Thai railway's "odd goes out from Bangkok").
   */
  pair(operator: OperatorNode, rng: Random): [number, number] {
    const n = this.next.get(operator.row.id) ?? 2 * rng.int(5, 150) + 1;
    this.next.set(operator.row.id, n + 2 * rng.int(1, 3));
    return [n, n + 1];
  }
}

/** 1 when both places are the busiest there is, near 0 for two hamlets. */
export function pairWeight(a: PlaceNode, b: PlaceNode): number {
  return (a.row.popularity * b.row.popularity) / 10_000;
}

export function meanPopularity(...places: PlaceNode[]): number {
  return Math.round(places.reduce((sum, p) => sum + p.row.popularity, 0) / Math.max(1, places.length));
}

/** The station among `candidates` closest to `target` (the far end of the trip). */
export function nearestTo<T extends { row: LatLon }>(candidates: readonly T[], target: LatLon): T | undefined {
  let best: T | undefined;
  let bestKm = Infinity;
  for (const c of candidates) {
    const km = haversineKm(c.row, target);
    if (km < bestKm) {
      bestKm = km;
      best = c;
    }
  }
  return best;
}

/** Each item with the one after it: [a, b], [b, c], … */
export function consecutive<T>(items: readonly T[]): [T, T][] {
  const pairs: [T, T][] = [];
  let previous: T | undefined;
  for (const item of items) {
    if (previous !== undefined) pairs.push([previous, item]);
    previous = item;
  }
  return pairs;
}

/** Every unordered pair of different items, in list order. */
export function* unorderedPairs<T>(items: readonly T[]): Generator<[T, T]> {
  for (const [i, a] of items.entries()) {
    for (const b of items.slice(i + 1)) yield [a, b];
  }
}

export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/**
 * `count` departures spread over [from, to] minutes with some jitter, rounded to `step`
 * minutes, without duplicates — how a timetable of several daily services looks.
 */
export function spreadDepartures(rng: Random, count: number, from: number, to: number, step: number): number[] {
  const minutes = new Set<number>();
  const slot = (to - from) / Math.max(1, count);
  for (let i = 0; i < count; i++) {
    const raw = from + slot * i + rng.float(0, slot * 0.7);
    minutes.add(Math.min(to, Math.max(from, roundTo(raw, step))) % 1440);
  }
  return [...minutes].sort((a, b) => a - b);
}

/** Mon–Fri, Fri–Sun, Mon/Wed/Fri/Sun, Tue/Thu/Sat. */
const PART_WEEK_PATTERNS = [31, 112, 85, 42] as const;

/** Daily, or with probability `partWeekChance` a typical part-week pattern. */
export function pickWeekdays(rng: Random, partWeekChance: number): number {
  return rng.chance(partWeekChance) ? rng.pick(PART_WEEK_PATTERNS) : DAILY;
}

/** About 30% of fares cannot be cancelled for free; the rest allow it up to 1–3 days ahead. */
export function pickRefundHours(rng: Random): number | null {
  return rng.chance(0.3) ? null : rng.pick([24, 48, 72] as const);
}

/** Manual operators of small vans and boats publish approximate times only. */
export function timesConfirmedFor(operator: OperatorNode, vehicleClass: VehicleClass): boolean {
  return !(operator.row.confirmation === 'manual' && (vehicleClass === 'van' || vehicleClass === 'ferry'));
}

/**
 * Stop offsets along a road trip at an average speed, with a 5–15 minute halt at every
 * intermediate stop. Returns the stops and the total road distance.
 */
export function roadStops(
  rng: Random,
  stations: readonly { row: LatLon & { id: number } }[],
  speedKmh: number,
  detourFactor: number,
): { stops: StopSpec[]; distanceKm: number } {
  const first = stations[0];
  if (!first) throw new Error('a route needs stations');
  const stops: StopSpec[] = [{ stationId: first.row.id, arrivalOffsetMin: 0, departureOffsetMin: 0 }];
  let clock = 0;
  let distanceKm = 0;
  for (const [i, [from, to]] of consecutive(stations).entries()) {
    const legKm = haversineKm(from.row, to.row) * detourFactor;
    distanceKm += legKm;
    const arrival = Math.max(clock + 5, roundTo(clock + (legKm / speedKmh) * 60, 5));
    const isLast = i === stations.length - 2;
    const departure = isLast ? arrival : arrival + rng.int(1, 3) * 5;
    stops.push({ stationId: to.row.id, arrivalOffsetMin: arrival, departureOffsetMin: departure });
    clock = departure;
  }
  return { stops, distanceKm };
}

export function durationOf(stops: readonly StopSpec[]): number {
  return stops.at(-1)?.arrivalOffsetMin ?? 0;
}
