/**
 * The exhaustive reference search, written to check the engine (tests, and the benchmark's count
 * of queries the engine gets wrong) — never to answer travellers: it is simple, not fast.
 *
 * It is a plain Connection Scan. Every vehicle run is cut into elementary connections (one stop
 * to the next) over the whole search window, sorted by departure. Then, for every possible first
 * boarding at the origin on the asked date, one forward scan: a connection is usable when the
 * traveller is already on its vehicle, or has arrived somewhere in the same place early enough
 * to make the change (journeyRules.ts). Nothing is pruned beyond the window and the change limit,
 * so the earliest arrival found for each number of legs is the true one. The answer is the Pareto
 * front of (leave later, arrive earlier, fewer changes) over all those journeys.
 */
import { minConnectionMinutes, searchWindow } from './journeyRules.ts';
import { runsOn, type TimetableIndex } from './timetable.ts';
import { VEHICLE_CLASSES, type VehicleClass } from './vehicleClasses.ts';

export interface ReferenceQuery {
  originStations: ReadonlySet<number>;
  destinationStations: ReadonlySet<number>;
  /** Local date at the origin, as a day number. */
  day: number;
  maxChanges: number;
  /** Classes a leg may use; every class when absent. */
  classes?: ReadonlySet<VehicleClass>;
  /** Absolute minutes: leave at or after, arrive at or before. */
  departAfter?: number;
  arriveBy?: number;
}

export interface ReferenceJourney {
  dep: number;
  arr: number;
  changes: number;
}

/** Stations numbered 0…n−1, with each one's place, the stations of its place and the change times among them. */
interface StationTable {
  ix: Map<number, number>;
  placeOf: Int32Array;
  placeStations: number[][];
  /** Minutes to change at one place: key (arriving station·n + leaving station)·C² + arriving class·C + leaving class. */
  change: Map<number, number>;
}

function stationTable(index: TimetableIndex): StationTable {
  const list = [...index.stations.values()];
  const ix = new Map(list.map((s, i) => [s.id, i]));
  const placeIx = new Map<number, number>();
  const placeOf = new Int32Array(list.length);
  const members: number[][] = [];
  list.forEach((s, i) => {
    let p = placeIx.get(s.placeId);
    if (p === undefined) placeIx.set(s.placeId, (p = members.push([]) - 1));
    placeOf[i] = p;
    members[p]?.push(i);
  });
  const n = list.length;
  const C = VEHICLE_CLASSES.length;
  const change = new Map<number, number>();
  for (const group of members)
    for (const a of group)
      for (const b of group)
        VEHICLE_CLASSES.forEach((arriving, ac) => {
          VEHICLE_CLASSES.forEach((leaving, lc) => {
            const sa = list[a];
            const sb = list[b];
            if (!sa || !sb) return;
            const minutes = minConnectionMinutes(
              { kind: sa.kind, id: sa.id, vehicleClass: arriving },
              { kind: sb.kind, id: sb.id, vehicleClass: leaving },
            );
            change.set((a * n + b) * C * C + ac * C + lc, minutes);
          });
        });
  return { ix, placeOf, placeStations: list.map((_, i) => members[placeOf[i] ?? 0] ?? []), change };
}

/** Every elementary connection (one stop to the next) in the window, as parallel arrays sorted by departure. */
interface Connections {
  count: number;
  dep: Int32Array;
  arr: Int32Array;
  /** Stations (StationTable numbers), and the place of the boarding one. */
  from: Int32Array;
  to: Int32Array;
  fromPlace: Int32Array;
  /** Vehicle run (1…trips−1), the stop index it leaves from, and its class (index into VEHICLE_CLASSES). */
  trip: Int32Array;
  stop: Int32Array;
  vehicleClass: Int8Array;
  trips: number;
}

/** Every elementary connection leaving within [from, to] on a permitted class, sorted by departure (then arrival). */
function connectionsBetween(
  index: TimetableIndex,
  stations: StationTable,
  from: number,
  to: number,
  classes?: ReadonlySet<VehicleClass>,
): Connections {
  const rows: [dep: number, arr: number, from: number, to: number, trip: number, stop: number, vehicleClass: number][] = [];
  let trip = 0;
  for (const route of index.routes) {
    if (classes && !classes.has(route.vehicleClass)) continue;
    const last = route.stops.length - 1;
    const longest = route.stops[last]?.arr ?? 0;
    const vehicleClass = VEHICLE_CLASSES.indexOf(route.vehicleClass);
    for (const schedule of route.schedules) {
      // Absolute minute of service day 0's departure from the first stop.
      const start0 = schedule.departureMinute - route.firstOffsetMin;
      for (let day = Math.floor((from - start0 - longest) / 1440) - 1; day * 1440 + start0 <= to; day++) {
        if (!runsOn(schedule, day)) continue;
        trip++;
        for (let i = 0; i < last; i++) {
          const a = route.stops[i];
          const b = route.stops[i + 1];
          if (!a || !b) continue;
          const dep = day * 1440 + start0 + a.dep;
          if (dep < from || dep > to) continue;
          rows.push([
            dep,
            day * 1440 + start0 + b.arr,
            stations.ix.get(a.stationId) ?? 0,
            stations.ix.get(b.stationId) ?? 0,
            trip,
            i,
            vehicleClass,
          ]);
        }
      }
    }
  }
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const n = rows.length;
  const c: Connections = {
    count: n,
    dep: new Int32Array(n),
    arr: new Int32Array(n),
    from: new Int32Array(n),
    to: new Int32Array(n),
    fromPlace: new Int32Array(n),
    trip: new Int32Array(n),
    stop: new Int32Array(n),
    vehicleClass: new Int8Array(n),
    trips: trip + 1,
  };
  rows.forEach(([dep, arr, fromIx, toIx, tripNo, stop, vehicleClass], i) => {
    c.dep[i] = dep;
    c.arr[i] = arr;
    c.from[i] = fromIx;
    c.to[i] = toIx;
    c.fromPlace[i] = stations.placeOf[fromIx] ?? 0;
    c.trip[i] = tripNo;
    c.stop[i] = stop;
    c.vehicleClass[i] = vehicleClass;
  });
  return c;
}

/**
 * The station table and the connections of the last few windows asked, kept per index: building
 * them is most of a query's time, and tests and the benchmark ask many queries of a few dates.
 * (Only for speed: a query's answer never depends on what was asked before.)
 */
const WINDOWS_KEPT = 12;
const tables = new WeakMap<TimetableIndex, { stations: StationTable; windows: Map<string, Connections> }>();
function cachedTables(index: TimetableIndex, from: number, to: number, classes?: ReadonlySet<VehicleClass>) {
  let cached = tables.get(index);
  if (!cached) tables.set(index, (cached = { stations: stationTable(index), windows: new Map() }));
  const key = `${from} ${to} ${classes ? [...classes].sort().join(',') : 'all'}`;
  let connections = cached.windows.get(key);
  if (!connections) {
    connections = connectionsBetween(index, cached.stations, from, to, classes);
    cached.windows.set(key, connections);
    for (const oldest of cached.windows.keys()) {
      if (cached.windows.size <= WINDOWS_KEPT) break;
      cached.windows.delete(oldest);
    }
  }
  return { stations: cached.stations, connections };
}

/** Keeps the journeys no other one beats on departure, arrival and changes together (one of equals). */
export function paretoFront<T extends ReferenceJourney>(journeys: readonly T[]): T[] {
  return journeys.filter(
    (j, i) =>
      !journeys.some(
        (o, k) =>
          o.dep >= j.dep && o.arr <= j.arr && o.changes <= j.changes && (o.dep > j.dep || o.arr < j.arr || o.changes < j.changes || k < i),
      ),
  );
}

export function referenceSearch(index: TimetableIndex, q: ReferenceQuery): ReferenceJourney[] {
  const firstOrigin = index.stations.get([...q.originStations][0] ?? -1);
  if (!firstOrigin) return [];
  const window = searchWindow(q.day, firstOrigin.utcOffsetMin, {
    ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
    ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
  });
  // The whole date's connections (kept for other queries of the date); the asked times limit the scan.
  const whole = searchWindow(q.day, firstOrigin.utcOffsetMin);
  const { stations, connections } = cachedTables(index, whole.dayStart, whole.horizon, q.classes);
  const origin = new Set([...q.originStations].map((id) => stations.ix.get(id)));
  const destination = new Uint8Array(stations.placeOf.length);
  for (const id of q.destinationStations) destination[stations.ix.get(id) ?? -1] = 1;
  const maxLegs = q.maxChanges + 1;
  const destinationPlace = index.stations.get([...q.destinationStations][0] ?? -1)?.placeId ?? -1;
  const fewestLegs = index.hops.get(firstOrigin.placeId)?.has(destinationPlace) ? 1 : 2;
  const originPlace = stations.placeOf[stations.ix.get(firstOrigin.id) ?? -1] ?? -1;
  const scan = connectionScan(stations, connections, destination, maxLegs, window.horizon, fewestLegs, originPlace);
  const candidates: ReferenceJourney[] = [];
  // Latest first boarding first, so that each scan knows what leaving later achieves. First
  // boardings after the asked day count too (one scan that may board at the origin any time after
  // the day): a journey of the day that one leaving later beats (arrives no later, changes no
  // more) is no answer, but theirs are not answers either.
  const best = Array.from({ length: maxLegs + 1 }, () => Infinity);
  scan.fromAnyAfter(window.dayEnd, origin, best);
  for (let first = connections.count - 1; first >= 0; first--) {
    const dep = connections.dep[first] ?? 0;
    if (dep >= window.dayEnd || dep < window.dayStart || !origin.has(connections.from[first])) continue;
    const before = [...best];
    scan(first, best);
    best.forEach((arr, legs) => {
      if (arr < (before[legs] ?? Infinity)) candidates.push({ dep, arr, changes: legs - 1 });
    });
  }
  return paretoFront(candidates);
}

/**
 * One forward Connection Scan per first boarding (the arrays are reused between scans): boards
 * connection `first`'s vehicle there and lowers `best[legs]`, the earliest arrival at the
 * destination with at most that many legs. `best` comes in holding what journeys leaving no
 * earlier achieve: a journey that cannot beat it is no answer (it leaves earlier, arrives no
 * sooner, changes no less), so a connection that arrives no sooner than best[legs aboard] is
 * skipped — every journey through it would be such a journey. `fewestLegs` is 1 when a vehicle
 * runs from the origin's place to the destination's, else 2.
 */
function connectionScan(
  stations: StationTable,
  c: Connections,
  destination: Uint8Array,
  maxLegs: number,
  horizon: number,
  fewestLegs: number,
  originPlace: number,
) {
  const classes = VEHICLE_CLASSES.length;
  const n = stations.placeOf.length;
  /** Legs used by a traveller aboard each vehicle run (the fewest over every boarding so far); 0: not aboard. */
  const aboard = new Int8Array(c.trips);
  /** Earliest minute one can board at [station][leaving class] having used [legs] legs. */
  const ready = new Float64Array(n * classes * (maxLegs + 1));
  const slot = (station: number, vehicleClass: number, legs: number) => (station * classes + vehicleClass) * (maxLegs + 1) + legs;

  /** An arrival at a station: every station of its place can be boarded after the change time. */
  function arrive(station: number, arrivingClass: number, legs: number, at: number) {
    for (const next of stations.placeStations[station] ?? [])
      for (let leaving = 0; leaving < classes; leaving++) {
        const change = stations.change.get((station * n + next) * classes * classes + arrivingClass * classes + leaving) ?? Infinity;
        const k = slot(next, leaving, legs);
        if (at + change < (ready[k] ?? Infinity)) ready[k] = at + change;
      }
  }

  /** Per vehicle run: whether a traveller who boarded it at the origin has left the origin's place on it. */
  const leftOrigin = new Uint8Array(c.trips);

  /**
   * The scan from connection `from` on. `boardsAtOrigin(i)`: whether connection i is a first
   * boarding (one leg) at the origin. A journey never comes back to its origin's place: a first
   * vehicle may call at another station there before it leaves town; any other arrival there gets
   * the traveller off.
   */
  function scanFrom(from: number, best: number[], boardsAtOrigin: (i: number) => boolean): void {
    aboard.fill(0);
    ready.fill(Infinity);
    leftOrigin.fill(0);
    for (let i = from; i < c.count; i++) {
      // From here on every connection arrives no sooner than the best with the fewest legs possible.
      if ((c.dep[i] ?? 0) >= (best[fewestLegs] ?? Infinity)) break;
      const arr = c.arr[i] ?? Infinity;
      if (arr > horizon) continue;
      const trip = c.trip[i] ?? 0;
      if (aboard[trip] !== 1 && boardsAtOrigin(i)) {
        aboard[trip] = 1;
        leftOrigin[trip] = 0;
      }
      let legs = aboard[trip] ?? 0;
      const station = c.from[i] ?? 0;
      const leaving = c.vehicleClass[i] ?? 0;
      for (let before = 1; before < maxLegs && (legs === 0 || before + 1 < legs); before++)
        if ((ready[slot(station, leaving, before)] ?? Infinity) <= (c.dep[i] ?? 0)) {
          aboard[trip] = legs = before + 1;
          break;
        }
      if (legs === 0) continue;
      const to = c.to[i] ?? 0;
      if (stations.placeOf[to] === originPlace) {
        if (legs !== 1 || leftOrigin[trip]) aboard[trip] = 0;
        continue;
      }
      if (legs === 1) leftOrigin[trip] = 1;
      if (arr >= (best[legs] ?? Infinity)) continue;
      if (destination[to]) for (let more = legs; more <= maxLegs; more++) best[more] = Math.min(best[more] ?? Infinity, arr);
      else if (legs < maxLegs) arrive(to, c.vehicleClass[i] ?? 0, legs, arr);
    }
  }

  /** One first boarding: connection `first`'s vehicle at the origin. */
  const scan = (first: number, best: number[]): void => {
    scanFrom(first, best, (i) => i === first);
  };
  /** Every first boarding at an origin station from minute `after` on, at once: the earliest arrivals of journeys leaving then. */
  scan.fromAnyAfter = (after: number, origin: ReadonlySet<number | undefined>, best: number[]): void => {
    let from = 0;
    while (from < c.count && (c.dep[from] ?? 0) < after) from++;
    scanFrom(from, best, (i) => origin.has(c.from[i]));
  };
  return scan;
}

/**
 * The reference journeys that nothing in `found` matches: no found journey leaves at least as
 * late, arrives at least as early and changes at most as often. Empty when the engine is right.
 */
export function unmatched(reference: readonly ReferenceJourney[], found: readonly ReferenceJourney[]): ReferenceJourney[] {
  return reference.filter((r) => !found.some((f) => f.dep >= r.dep && f.arr <= r.arr && f.changes <= r.changes));
}

/** The earliest arrival of a set of journeys (Infinity for none). */
export function earliestArrival(journeys: readonly ReferenceJourney[]): number {
  return journeys.reduce((min, j) => Math.min(min, j.arr), Infinity);
}
