/**
 * Issue 20's measures for `npm run bench:search`: the journeys each engine answers travellers
 * with (`findJourneys`: direct trips and connections — `classic`, the place-by-place search
 * through places on the way, or `fastest`, the fastest-journeys search with the cheaper
 * connections next to it; see SEARCH_ENGINE in search.ts), how far each is from the exhaustive
 * reference, how many place pairs each connects, and how fast each is — timed alternately, so
 * a change in the machine's speed hits both.
 */
import { addDays, dayNumber } from '../../src/domain/search/dates.ts';
import { MAX_CHANGES } from '../../src/domain/search/journeyRules.ts';
import { profileNetwork } from '../../src/domain/search/profile.ts';
import { earliestArrival, referenceSearch, unmatched, type ReferenceJourney } from '../../src/domain/search/reference.ts';
import { findJourneys, type SearchEngine } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';

export interface PairQuery {
  from: number;
  to: number;
  date: string;
}

function stationsOf(index: TimetableIndex, place: number): Set<number> {
  return new Set(index.places.get(place)?.stationIds ?? []);
}

function journeys(engine: SearchEngine, index: TimetableIndex, q: PairQuery): ReferenceJourney[] {
  return findJourneys(index, {
    from: { kind: 'place', id: q.from },
    to: { kind: 'place', id: q.to },
    date: q.date,
    classes: 'all',
    engine,
  }).map((j) => ({ dep: j.dep, arr: j.arr, changes: j.legs.length - 1 }));
}

export interface QualityCounts {
  queries: number;
  /** Queries the reference connects. */
  connected: number;
  /** Per engine: queries where the reference arrives earlier, and where it has a front journey the engine does not match. */
  classic: { later: number; missed: number; connected: number };
  fastest: { later: number; missed: number; connected: number };
}

/** Both engines against the reference (queries sorted by date: the reference keeps a date's connections). */
export function compareWithReference(index: TimetableIndex, queries: readonly PairQuery[]): QualityCounts {
  const counts: QualityCounts = {
    queries: queries.length,
    connected: 0,
    classic: { later: 0, missed: 0, connected: 0 },
    fastest: { later: 0, missed: 0, connected: 0 },
  };
  for (const q of [...queries].sort((a, b) => a.date.localeCompare(b.date))) {
    const reference = referenceSearch(index, {
      originStations: stationsOf(index, q.from),
      destinationStations: stationsOf(index, q.to),
      day: dayNumber(q.date) ?? 0,
      maxChanges: MAX_CHANGES,
    });
    if (reference.length > 0) counts.connected++;
    for (const engine of ['classic', 'fastest'] as const) {
      const found = journeys(engine, index, q);
      if (earliestArrival(reference) < earliestArrival(found)) counts[engine].later++;
      if (unmatched(reference, found).length > 0) counts[engine].missed++;
      if (found.length > 0) counts[engine].connected++;
    }
  }
  return counts;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export interface EngineTiming {
  engine: SearchEngine;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of the CPU time this thread spent (less disturbed than wall time when other work shares the cores). */
  cpuP95: number;
  /** Share of the queries with at least one journey. */
  connectedShare: number;
}

/**
 * Journeys only (no pricing), each engine over every query, alternating search, fastest,
 * search, fastest after a warm-up of both; also the fastest engine's dense network build time.
 */
export function timeEngines(index: TimetableIndex, queries: readonly PairQuery[]): { networkMs: number; runs: EngineTiming[] } {
  const started = performance.now();
  profileNetwork(index);
  const networkMs = performance.now() - started;
  const engines: SearchEngine[] = ['classic', 'fastest'];
  for (const q of queries.slice(0, 50)) for (const engine of engines) journeys(engine, index, q);
  const runs: EngineTiming[] = [];
  for (const engine of [...engines, ...engines]) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let connected = 0;
    for (const q of queries) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      if (journeys(engine, index, q).length > 0) connected++;
      times.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    runs.push({
      engine,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      cpuP95: percentile(cpuTimes, 95),
      connectedShare: connected / queries.length,
    });
  }
  return { networkMs, runs };
}

/** Random queries: pairs of served places, dates 1–30 days after `today`. */
export function pairQueries(pairs: readonly [number, number][], today: string, next: () => number): PairQuery[] {
  return pairs.map(([from, to]) => ({ from, to, date: addDays(today, 1 + Math.floor(next() * 30)) }));
}
