/**
 * The fastest journeys of a day: every journey on the Pareto front of (leave later, arrive
 * earlier, fewer changes), up to MAX_CHANGES changes, through any place — the guarantee that
 * reference.ts checks. It is a range RAPTOR (Delling, Pajor, Werneck: "Round-Based Public Transit
 * Routing", 2012): one round per vehicle boarded, run once per departure time from the origin,
 * latest first, keeping the arrival labels between runs — a journey that leaves later is still
 * available to one who starts earlier, so each run only works where it improves on the last.
 *
 * A route's schedules share their stop offsets, so its vehicles never overtake one another; that
 * is what lets a route be scanned stop by stop while holding the earliest vehicle one can catch.
 * Changes happen within a place, between any of its stations, after minConnectionMinutes; that
 * time depends on whether a flight arrives, so a station keeps two labels: arrived by air or not.
 *
 * Two bounds keep it quick without losing any answer: a journey that arrives no earlier than the
 * best already found at the destination with as many legs cannot lead anywhere better (target
 * pruning), and a station is only worth reaching if its place is within the remaining number of
 * legs of the destination in the place graph (computed per query, backwards from the destination).
 */
import { journeyOf, type Journey } from './connections.ts';
import { MAX_CHANGES, minConnectionMinutes, searchWindow } from './journeyRules.ts';
import { runsOn, type Leg, type RouteNode, type ScheduleNode, type TimetableIndex } from './timetable.ts';
import type { VehicleClass } from './vehicleClasses.ts';

const NEVER = 0x7fffffff;
/** Label parent marker: the label was copied from the round before (fewer legs, same arrival). */
const INHERITED = -2;
const MAX_LEGS = MAX_CHANGES + 1;

/** The index rearranged into dense arrays, with the scratch space one search needs (searches run one at a time). */
interface ProfileNetwork {
  stationIx: Map<number, number>;
  stationPlace: Int32Array;
  /** Per station: the stations of its place, and the change minutes from each: [j·4 + arrived by air·2 + leaving by air]. */
  transfersInto: { from: Int32Array; minutes: Int32Array }[];
  placeIx: Map<number, number>;
  /** Per place: the places with a vehicle to it. */
  placeIn: Int32Array[];
  routes: RouteNode[];
  routeAir: Uint8Array;
  routeStations: Int32Array[];
  /** Per route: schedules by departure time (an earliest vehicle search stops at the first that runs). */
  routeSchedules: ScheduleNode[][];
  /** Per station: pairs (route, stop index) that call there. */
  stationRoutes: Int32Array[];
  scratch: Scratch;
}

interface Scratch {
  arr: Int32Array;
  /** Parents of a label: route (or INHERITED), the vehicle's first-stop departure, schedule, board and alight stop, source label. */
  route: Int32Array;
  trip: Int32Array;
  schedule: Int32Array;
  board: Int32Array;
  alight: Int32Array;
  from: Int32Array;
  touched: number[];
  destination: Uint8Array;
  distance: Int8Array;
  /** Per route: the first stop to scan from in the current round (NEVER: not to scan). */
  routeFrom: Int32Array;
  /** Per station: the run and round it was last marked in (stampBase + legs). */
  markStamp: Int32Array;
  stampBase: number;
}

const networks = new WeakMap<TimetableIndex, ProfileNetwork>();

/** The dense network of an index, built on first use (loadIndex builds it with the index). */
export function profileNetwork(index: TimetableIndex): ProfileNetwork {
  let network = networks.get(index);
  if (!network) networks.set(index, (network = buildNetwork(index)));
  return network;
}

function buildNetwork(index: TimetableIndex): ProfileNetwork {
  const stations = [...index.stations.values()];
  const stationIx = new Map(stations.map((s, i) => [s.id, i]));
  const placeIx = new Map([...index.places.keys()].map((id, i) => [id, i]));
  const stationPlace = Int32Array.from(stations, (s) => placeIx.get(s.placeId) ?? -1);
  const transfersInto = stations.map((b) => {
    const others = (index.places.get(b.placeId)?.stationIds ?? []).map((id) => index.stations.get(id)).filter((x) => x !== undefined);
    const minutes = new Int32Array(others.length * 4);
    others.forEach((a, j) => {
      for (const byAir of [0, 1])
        for (const leavingByAir of [0, 1])
          minutes[j * 4 + byAir * 2 + leavingByAir] = minConnectionMinutes(
            { kind: a.kind, id: a.id, vehicleClass: byAir ? 'avia' : 'bus' },
            { kind: b.kind, id: b.id, vehicleClass: leavingByAir ? 'avia' : 'bus' },
          );
    });
    return { from: Int32Array.from(others, (a) => stationIx.get(a.id) ?? -1), minutes };
  });
  const placeIn = [...index.places.keys()].map((id) => Int32Array.from(index.into.get(id) ?? [], (p) => placeIx.get(p) ?? -1));
  const routes = index.routes;
  const stationRouteLists: number[][] = stations.map(() => []);
  routes.forEach((route, r) => {
    route.stops.forEach((stop, i) => {
      if (i < route.stops.length - 1) stationRouteLists[stationIx.get(stop.stationId) ?? -1]?.push(r, i);
    });
  });
  const labels = (MAX_LEGS + 1) * stations.length * 2;
  return {
    stationIx,
    stationPlace,
    transfersInto,
    placeIx,
    placeIn,
    routes,
    routeAir: Uint8Array.from(routes, (r) => (r.vehicleClass === 'avia' ? 1 : 0)),
    routeStations: routes.map((r) => Int32Array.from(r.stops, (s) => stationIx.get(s.stationId) ?? -1)),
    routeSchedules: routes.map((r) => [...r.schedules].sort((a, b) => a.departureMinute - b.departureMinute)),
    stationRoutes: stationRouteLists.map((list) => Int32Array.from(list)),
    scratch: {
      arr: new Int32Array(labels).fill(NEVER),
      route: new Int32Array(labels),
      trip: new Int32Array(labels),
      schedule: new Int32Array(labels),
      board: new Int32Array(labels),
      alight: new Int32Array(labels),
      from: new Int32Array(labels),
      touched: [],
      destination: new Uint8Array(stations.length),
      distance: new Int8Array(placeIx.size).fill(MAX_LEGS + 1),
      routeFrom: new Int32Array(routes.length).fill(NEVER),
      markStamp: new Int32Array(stations.length),
      stampBase: 0,
    },
  };
}

export interface ProfileQuery {
  originStations: ReadonlySet<number>;
  destinationStations: ReadonlySet<number>;
  /** Local date at the origin, as a day number. */
  day: number;
  maxChanges?: number;
  /** Classes a leg may use; every class when absent. */
  classes?: ReadonlySet<VehicleClass>;
  /** Absolute minutes: leave at or after, arrive at or before. */
  departAfter?: number;
  arriveBy?: number;
}

interface Departure {
  dep: number;
  route: number;
  stop: number;
  schedule: number;
  /** Absolute minute the vehicle leaves its first stop. */
  trip: number;
}

/** The Pareto front of (departure, arrival, changes) of a day's journeys; cheapest is not a criterion here. */
export function fastestJourneys(index: TimetableIndex, q: ProfileQuery): Journey[] {
  const net = profileNetwork(index);
  const origins = [...q.originStations].map((id) => net.stationIx.get(id)).filter((s) => s !== undefined);
  const destinations = [...q.destinationStations].map((id) => net.stationIx.get(id)).filter((s) => s !== undefined);
  const firstOrigin = index.stations.get([...q.originStations][0] ?? -1);
  const firstDestination = destinations[0];
  if (!firstOrigin || firstDestination === undefined) return [];
  const maxLegs = Math.min(MAX_LEGS, (q.maxChanges ?? MAX_CHANGES) + 1);
  const window = searchWindow(q.day, firstOrigin.utcOffsetMin, {
    ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
    ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
  });
  const s = net.scratch;
  const touchedPlaces = placeDistances(net, net.stationPlace[firstDestination] ?? -1, maxLegs);
  try {
    if ((s.distance[net.stationPlace[origins[0] ?? -1] ?? -1] ?? MAX_LEGS + 1) > maxLegs) return [];
    for (const d of destinations) s.destination[d] = 1;
    return rangeRaptor(net, q.classes, maxLegs, window.horizon, departures(net, origins, q.classes, window));
  } finally {
    for (const d of destinations) s.destination[d] = 0;
    for (const p of touchedPlaces) s.distance[p] = MAX_LEGS + 1;
    for (const label of s.touched) s.arr[label] = NEVER;
    s.touched.length = 0;
  }
}

/** Fewest vehicles from each place to the destination's place (breadth first, backwards), up to maxLegs. */
function placeDistances(net: ProfileNetwork, destination: number, maxLegs: number): number[] {
  const { distance } = net.scratch;
  const touched = [destination];
  distance[destination] = 0;
  let frontier = [destination];
  for (let legs = 1; legs <= maxLegs && frontier.length > 0; legs++) {
    const next: number[] = [];
    for (const place of frontier)
      for (const before of net.placeIn[place] ?? []) {
        if ((distance[before] ?? 0) <= legs) continue;
        distance[before] = legs;
        touched.push(before);
        next.push(before);
      }
    frontier = next;
  }
  return touched;
}

/** Every vehicle leaving an origin station within the window, latest first. */
function departures(
  net: ProfileNetwork,
  origins: readonly number[],
  classes: ReadonlySet<VehicleClass> | undefined,
  window: { dayStart: number; dayEnd: number; horizon: number },
): Departure[] {
  const out: Departure[] = [];
  for (const station of origins) {
    const calls = net.stationRoutes[station] ?? new Int32Array();
    for (let c = 0; c < calls.length; c += 2) {
      const r = calls[c] ?? 0;
      const stop = calls[c + 1] ?? 0;
      const route = net.routes[r];
      if (!route || (classes && !classes.has(route.vehicleClass))) continue;
      const offset = (route.stops[stop]?.dep ?? 0) - route.firstOffsetMin;
      net.routeSchedules[r]?.forEach((schedule, i) => {
        const base = schedule.departureMinute + offset;
        for (let day = Math.ceil((window.dayStart - base) / 1440); day * 1440 + base < window.dayEnd; day++)
          if (runsOn(schedule, day))
            out.push({ dep: day * 1440 + base, route: r, stop, schedule: i, trip: day * 1440 + base - (route.stops[stop]?.dep ?? 0) });
      });
    }
  }
  return out.sort((a, b) => b.dep - a.dep);
}

/**
 * The rounds, run once per departure time (latest first). Labels are indexed
 * (legs · stations + station) · 2 + arrived by air; they persist from run to run.
 */
function rangeRaptor(
  net: ProfileNetwork,
  classes: ReadonlySet<VehicleClass> | undefined,
  maxLegs: number,
  horizon: number,
  runs: readonly Departure[],
): Journey[] {
  const s = net.scratch;
  const S = net.stationPlace.length;
  const label = (legs: number, station: number, byAir: number) => (legs * S + station) * 2 + byAir;
  /** Earliest arrival at the destination with at most k legs, over every run so far. */
  const targetBest = Array.from({ length: maxLegs + 1 }, () => NEVER);
  /** The destination label that improved in round k of the current run (−1: none). */
  const improved = Array.from({ length: maxLegs + 1 }, () => -1);
  /** Stations whose label improved in round k of the current run. */
  const marked: number[][] = Array.from({ length: maxLegs + 1 }, () => []);
  const found: Journey[] = [];

  function relax(
    legs: number,
    station: number,
    byAir: number,
    at: number,
    route: number,
    trip: number,
    schedule: number,
    board: number,
    alight: number,
    from: number,
  ) {
    if (at > horizon || at >= (targetBest[legs] ?? NEVER)) return;
    if (legs + (s.distance[net.stationPlace[station] ?? 0] ?? MAX_LEGS) > maxLegs) return;
    const l = label(legs, station, byAir);
    if (at >= (s.arr[l] ?? NEVER)) return;
    s.arr[l] = at;
    s.touched.push(l);
    s.route[l] = route;
    s.trip[l] = trip;
    s.schedule[l] = schedule;
    s.board[l] = board;
    s.alight[l] = alight;
    s.from[l] = from;
    // "At most k legs" includes fewer: the same arrival stands in every later round.
    for (let more = legs + 1; more <= maxLegs; more++) {
      const m = label(more, station, byAir);
      if (at >= (s.arr[m] ?? NEVER)) break;
      s.arr[m] = at;
      s.touched.push(m);
      s.route[m] = INHERITED;
    }
    if (s.destination[station]) {
      for (let more = legs; more <= maxLegs; more++) targetBest[more] = Math.min(targetBest[more] ?? NEVER, at);
      improved[legs] = l;
      return;
    }
    if (s.markStamp[station] !== s.stampBase + legs) {
      s.markStamp[station] = s.stampBase + legs;
      marked[legs]?.push(station);
    }
  }

  /** The label that `ready` last found the earliest boarding from. */
  let readyFrom = -1;
  /** Earliest minute one can leave `station` (by air or not) having used `legs` legs. */
  function ready(legs: number, station: number, leavingByAir: number): number {
    let best = NEVER;
    readyFrom = -1;
    const into = net.transfersInto[station];
    if (!into) return best;
    for (let j = 0; j < into.from.length; j++) {
      const source = into.from[j] ?? 0;
      for (let byAir = 0; byAir < 2; byAir++) {
        const l = label(legs, source, byAir);
        const at = s.arr[l] ?? NEVER;
        if (at === NEVER) continue;
        const t = at + (into.minutes[j * 4 + byAir * 2 + leavingByAir] ?? 0);
        if (t < best) {
          best = t;
          readyFrom = l;
        }
      }
    }
    return best;
  }

  /** The earliest vehicle of route r leaving stop i at or after `minute`: its first-stop departure and schedule. */
  let earliestSchedule = -1;
  function earliestTrip(r: number, i: number, minute: number): number {
    const route = net.routes[r];
    const schedules = net.routeSchedules[r];
    earliestSchedule = -1;
    if (!route || !schedules) return NEVER;
    const offset = (route.stops[i]?.dep ?? 0) - route.firstOffsetMin;
    let best = NEVER;
    schedules.forEach((schedule, k) => {
      const base = schedule.departureMinute + offset;
      for (let day = Math.ceil((minute - base) / 1440); day * 1440 + base <= horizon && day <= schedule.validTo; day++) {
        if (day * 1440 + base >= best) break;
        if (runsOn(schedule, day)) {
          best = day * 1440 + base;
          earliestSchedule = k;
          break;
        }
      }
    });
    return best === NEVER ? NEVER : best - (route.stops[i]?.dep ?? 0);
  }

  /** Rides route r from stop `first` on the vehicle leaving its first stop at `trip`. */
  function ride(legs: number, r: number, first: number, trip: number, schedule: number, from: number, boardFrom: (i: number) => boolean) {
    const route = net.routes[r];
    const stations = net.routeStations[r];
    if (!route || !stations) return;
    const byAir = net.routeAir[r] ?? 0;
    let board = first;
    for (let i = first; i < stations.length; i++) {
      const station = stations[i] ?? 0;
      if (trip !== NEVER && i > board) relax(legs, station, byAir, trip + (route.stops[i]?.arr ?? 0), r, trip, schedule, board, i, from);
      if (i === stations.length - 1 || !boardFrom(i)) continue;
      // A vehicle one can catch here that leaves earlier than the one held (vehicles of a route never overtake).
      const at = ready(legs - 1, station, byAir);
      if (at === NEVER || (trip !== NEVER && trip + (route.stops[i]?.dep ?? 0) <= at)) continue;
      const source = readyFrom;
      const earlier = earliestTrip(r, i, at);
      if (earlier < trip) {
        trip = earlier;
        schedule = earliestSchedule;
        board = i;
        from = source;
      }
    }
  }

  /** The journey behind a label, leg by leg from the origin. */
  function journeyTo(l: number): Journey | undefined {
    const legs: Leg[] = [];
    while (l >= 0) {
      while (s.route[l] === INHERITED) l -= 2 * S;
      const r = s.route[l] ?? -1;
      const route = net.routes[r];
      const schedule = net.routeSchedules[r]?.[s.schedule[l] ?? -1];
      if (!route || !schedule) return undefined;
      const trip = s.trip[l] ?? 0;
      const board = s.board[l] ?? 0;
      const alight = s.alight[l] ?? 0;
      legs.unshift({
        route,
        schedule,
        board,
        alight,
        serviceDay: Math.round((trip - schedule.departureMinute + route.firstOffsetMin) / 1440),
        dep: trip + (route.stops[board]?.dep ?? 0),
        arr: trip + (route.stops[alight]?.arr ?? 0),
      });
      l = s.from[l] ?? -1;
      if (legs.length > maxLegs) return undefined;
    }
    return journeyOf(legs);
  }

  for (let start = 0; start < runs.length;) {
    const dep = runs[start]?.dep ?? 0;
    s.stampBase += maxLegs + 1;
    improved.fill(-1);
    // Round 1: the vehicles leaving the origin at this minute.
    for (; start < runs.length && runs[start]?.dep === dep; start++) {
      const d = runs[start];
      if (d) ride(1, d.route, d.stop, d.trip, d.schedule, -1, () => false);
    }
    for (let legs = 2; legs <= maxLegs; legs++) {
      const before = marked[legs - 1] ?? [];
      if (before.length === 0) break;
      // Every route calling at a station of a place reached in the round before, from its first such stop.
      const routes: number[] = [];
      for (const station of before)
        for (const other of net.transfersInto[station]?.from ?? []) {
          const calls = net.stationRoutes[other] ?? new Int32Array();
          for (let c = 0; c < calls.length; c += 2) {
            const r = calls[c] ?? 0;
            const stop = calls[c + 1] ?? 0;
            if (classes && !classes.has(net.routes[r]?.vehicleClass ?? 'bus')) continue;
            const known = s.routeFrom[r] ?? NEVER;
            if (known === NEVER) routes.push(r);
            if (stop < known) s.routeFrom[r] = stop;
          }
        }
      for (const r of routes) {
        const first = s.routeFrom[r] ?? 0;
        s.routeFrom[r] = NEVER;
        ride(legs, r, first, NEVER, -1, -1, () => true);
      }
      before.length = 0;
    }
    for (const m of marked) m.length = 0;
    for (const l of improved) {
      const journey = l >= 0 ? journeyTo(l) : undefined;
      if (journey) found.push(journey);
    }
  }
  return paretoJourneys(found);
}

/** Journeys no other one beats on departure, arrival and changes (of equals, the cheaper). */
function paretoJourneys(journeys: Journey[]): Journey[] {
  const sorted = [...journeys].sort((a, b) => a.arr - b.arr || b.dep - a.dep || a.legs.length - b.legs.length || a.usd - b.usd);
  const kept: Journey[] = [];
  for (const j of sorted) if (!kept.some((k) => k.dep >= j.dep && k.arr <= j.arr && k.legs.length <= j.legs.length)) kept.push(j);
  return kept;
}
