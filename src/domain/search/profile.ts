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
 * What keeps it quick without losing any answer: per query, backwards from the destination, each
 * place's fewest vehicles to it and a lower bound on the minutes left (shortest rides and
 * changes); a label or a boarding that cannot beat, even by that bound, the best arrival already
 * found with as many legs as it still needs is dropped. A round boards only at places the round
 * before improved, and only routes with a vehicle that became catchable in this run (earlier runs
 * rode the others from the same boarding times).
 */
import { byRoutes, journeyOf, type Journey } from './connections.ts';
import { MAX_CHANGES, minConnectionMinutes, searchWindow, SHORTEST_CHANGE_MIN } from './journeyRules.ts';
import { byText } from './contentOrder.ts';
import { type Leg, type RouteNode, type ScheduleNode, type StationNode, type TimetableIndex } from './timetable.ts';
import type { VehicleClass } from './vehicleClasses.ts';

const NEVER = 0x7fffffff;
/** Label parent marker: the label was copied from the round before (fewer legs, same arrival). */
const INHERITED = -2;
const MAX_LEGS = MAX_CHANGES + 1;

/** The index rearranged into dense arrays, with the scratch space one search needs (searches run one at a time). */
interface ProfileNetwork {
  stationIx: Map<number, number>;
  stationPlace: Int32Array;
  /**
   * Per station b: the stations of its place (b included) are transferFrom[transferStart[b] …
   * transferStart[b + 1]), and the change minutes from the j-th of them are transferMinutes[j·4 +
   * arrived by air·2 + leaving by air]. Flat arrays: a round reads them for every improved place.
   */
  transferStart: Int32Array;
  transferFrom: Int32Array;
  transferMinutes: Int32Array;
  placeIx: Map<number, number>;
  /** Per place: the places with a vehicle to it. */
  placeIn: Int32Array[];
  /** Per place, aligned with placeIn: the shortest ride from that place to this one, in minutes. */
  placeInMinutes: Int32Array[];
  /**
   * The same, plus the shortest change one can make here after that ride (it depends on the
   * station the ride ends at and on whether it was a flight: 90 minutes after landing, 20 at a
   * pickup point): the lower bound on the time left is that much tighter at every change.
   */
  placeInMinutesChanging: Int32Array[];
  /**
   * placeIn turned around, flat: the places place p has a vehicle to are placeOutTo[placeOutStart[p]
   * … placeOutStart[p + 1]), with the same two minutes (placeOutMinutes: into the destination, no
   * change after; placeOutMinutesChanging: anywhere else). The bounds of the origin and of the
   * places one ride from it are computed forwards from them (boundsFrom).
   */
  placeOutStart: Int32Array;
  placeOutTo: Int32Array;
  placeOutMinutes: Int32Array;
  placeOutMinutesChanging: Int32Array;
  /** Per station · 2 + arrived by air: the shortest change there (to any station of its place, leaving by any vehicle). */
  changeAfter: Int32Array;
  routes: RouteNode[];
  routeAir: Uint8Array;
  /** Per route: schedules by departure time (as the index keeps them: an earliest vehicle search stops at the first that runs). */
  routeSchedules: ScheduleNode[][];
  /** Per station: pairs (route, stop index) that call there, at callPairs[callStart[station] … callStart[station + 1]). */
  callStart: Int32Array;
  callPairs: Int32Array;
  /**
   * Per station and kind of vehicle (station · 2 + by air): every scheduled departure from it,
   * sorted by minute of the day (UTC), at departureStart[station · 2 + by air] … of the flat
   * departure arrays — to find the vehicles leaving within a short window without visiting every
   * route. `departureBase` is the absolute minute of the departure on service day 0,
   * `departureSchedule` the flat schedule index (routeScheduleStart[route] + its rank).
   */
  departureStart: Int32Array;
  departureMinuteOfDay: Int32Array;
  departureBase: Int32Array;
  departureRoute: Int32Array;
  departureStop: Int32Array;
  departureSchedule: Int32Array;
  /**
   * Per route: where its schedules (sorted as routeSchedules) start in the flat schedule arrays;
   * per schedule: its first-stop departure on service day 0 (absolute minute), weekday bits and
   * first and last service day — what finding a route's next vehicle reads, without objects.
   */
  routeScheduleStart: Int32Array;
  scheduleBase: Int32Array;
  scheduleWeekdays: Int32Array;
  scheduleFrom: Int32Array;
  /** Service days with sales closed, per flat schedule (undefined: none). */
  scheduleClosedDays: (ReadonlySet<number> | undefined)[];
  /** Per flat schedule: 1 when it has closed days (so the common case reads no object). */
  scheduleHasClosed: Uint8Array;
  scheduleTo: Int32Array;
  /** Per route: where its stops start in the flat per-stop arrays (routeStart[r] + stop index). */
  routeStart: Int32Array;
  /** Per stop of every route: its arrival and departure offsets (minutes from the route's first departure). */
  stopArr: Int32Array;
  stopDep: Int32Array;
  /** Per stop of every route: the place it is in, and its station. */
  stopPlace: Int32Array;
  stopStation: Int32Array;
  scratch: Scratch;
  /** Per destination place and number of legs: its bounds (boundsTo), least recently used first. */
  bounds: Map<number, PlaceBounds>;
  /** The same keys: what riding on can achieve toward that place (reachTo), least recently used first. */
  reaches: Map<number, DestinationReach>;
  /** How many DestinationReach are kept (each is a few bytes per stop of every route, and one per departure). */
  keptReaches: number;
}

/**
 * What riding on from a stop can achieve at best toward one destination place, filled lazily by
 * the queries to it and kept (reachTo): most entries a query reads an earlier query to the same
 * place filled. Per stop of every route (flat, like stopArr), over this and the later stops: the
 * least of (arrival offset + remaining from its place + the change after) and the fewest vehicles
 * left from its place. Per station · 2 + leaving by air: the fewest vehicles left and least
 * minutes (from leaving) over the vehicles of that kind leaving it.
 *
 * Built from the destination's own bounds (over maxLegs − 2 vehicles, with any station of its
 * place as arrived), not a query's: these entries guard second and later vehicles only, after
 * which at most maxLegs − 2 more ride, so those bounds hold — and they hold for every query to
 * the place, whatever its origin or which of the place's stations it asked for.
 */
interface DestinationReach {
  minutes: Int32Array;
  legs: Int8Array;
  /** Per route: 1 once its stops are filled. */
  routeFilled: Uint8Array;
  callLegsLeft: Int8Array;
  callMinutesLeft: Int32Array;
  /** Per station list: 1 once filled. */
  callFilled: Uint8Array;
  /**
   * Per scheduled departure (aligned with departureRoute…), filled with its station list: the
   * fewest vehicles left toward the destination after boarding it (MAX_LEGS + 1: none reach). A
   * round's window scan reads it in list order — one byte — where it read four arrays at random.
   */
  departureLegs: Int8Array;
}

interface Scratch {
  arr: Int32Array;
  /** Per label: the run (stampBase) that last improved it, and its arrival before that run. */
  labelRun: Int32Array;
  arrBeforeRun: Int32Array;
  /** Parents of a label: route (or INHERITED), the vehicle's first-stop departure, schedule, board and alight stop, source label. */
  route: Int32Array;
  trip: Int32Array;
  schedule: Int32Array;
  board: Int32Array;
  alight: Int32Array;
  from: Int32Array;
  /** The labels the current query set, each once (reset to NEVER after it). */
  touched: number[];
  /** Per label: the query (queryStamp) that last added it to touched. */
  touchedStamp: Int32Array;
  destination: Uint8Array;
  /** The current destination's bounds (boundsTo): per place, the fewest vehicles to it… */
  distance: Int8Array;
  /** …and a lower bound on the minutes from it to the destination (NEVER: out of reach). */
  remaining: Int32Array;
  /** The current destination's reach (reachTo), its own bounds and place. */
  reach: DestinationReach;
  destinationBounds: PlaceBounds;
  destinationPlace: number;
  queryStamp: number;
  /** Per route: the first stop to scan from in the current round (NEVER: not to scan). */
  routeFrom: Int32Array;
  /** Per round k and place (k · places + place): the last run in which a label there improved in that round (stampBase). */
  markStamp: Int32Array;
  stampBase: number;
  /** The origin's place in the current query: a journey never comes back to it (see ride). */
  originPlace: number;
}

const networks = new WeakMap<TimetableIndex, ProfileNetwork>();

/** The dense network of an index, built on first use (the server builds it with the index: src/server/search/cache.ts). */
export function profileNetwork(index: TimetableIndex): ProfileNetwork {
  let network = networks.get(index);
  if (!network) networks.set(index, (network = buildNetwork(index)));
  return network;
}

/**
 * The order the engine meets places, stations and routes in decides which of two equally good
 * journeys (same departure, arrival and changes) it keeps: the first it meets, and what the
 * bounds prune before. So all are in an order of what they are — places and stations by slug,
 * routes as the index keeps them (contentOrder.ts) — never of database ids: a network imported
 * again (new ids, same content) gives the same journeys.
 */
function contentOrder(index: TimetableIndex): { placeIds: number[]; into: Map<number, number[]>; stations: StationNode[] } {
  const placeIds = [...index.places.values()].sort((a, b) => byText(a.slug, b.slug)).map((p) => p.id);
  // The places with a vehicle into each, in the same order (listed by walking the places in
  // order, not sorted per list: on the scale network that sorting doubled this build): the bounds
  // are computed round by round over them, and a round reads what earlier places of it improved.
  const into = new Map(placeIds.map((id) => [id, [] as number[]]));
  for (const from of placeIds) for (const to of index.hops.get(from)?.keys() ?? []) into.get(to)?.push(from);
  const stations = [...index.stations.values()].sort((a, b) => byText(a.slug, b.slug));
  return { placeIds, into, stations };
}

function buildNetwork(index: TimetableIndex): ProfileNetwork {
  const { placeIds, into, stations } = contentOrder(index);
  // Already in content order, and so are each route's schedules (contentOrder.ts).
  const routes = index.routes;
  const stationIx = new Map(stations.map((s, i) => [s.id, i]));
  const placeIx = new Map(placeIds.map((id, i) => [id, i]));
  const stationPlace = Int32Array.from(stations, (s) => placeIx.get(s.placeId) ?? -1);
  const transferStart = new Int32Array(stations.length + 1);
  const transferLists = stations.map((b, i) => {
    const others = (index.places.get(b.placeId)?.stationIds ?? [])
      .map((id) => index.stations.get(id))
      .filter((x) => x !== undefined)
      .sort((x, y) => (stationIx.get(x.id) ?? 0) - (stationIx.get(y.id) ?? 0));
    transferStart[i + 1] = (transferStart[i] ?? 0) + others.length;
    return { b, others };
  });
  const transferFrom = new Int32Array(transferStart[stations.length] ?? 0);
  const transferMinutes = new Int32Array(transferFrom.length * 4);
  transferLists.forEach(({ b, others }, i) => {
    const offset = transferStart[i] ?? 0;
    others.forEach((a, j) => {
      transferFrom[offset + j] = stationIx.get(a.id) ?? -1;
      for (const byAir of [0, 1])
        for (const leavingByAir of [0, 1])
          transferMinutes[(offset + j) * 4 + byAir * 2 + leavingByAir] = minConnectionMinutes(
            { kind: a.kind, id: a.id, vehicleClass: byAir ? 'avia' : 'bus' },
            { kind: b.kind, id: b.id, vehicleClass: leavingByAir ? 'avia' : 'bus' },
          );
    });
  });
  const placeIn = placeIds.map((id) => Int32Array.from(into.get(id) ?? [], (p) => placeIx.get(p) ?? -1));
  const placeInMinutes = placeIds.map((id) =>
    Int32Array.from(into.get(id) ?? [], (from) => {
      let shortest = NEVER;
      for (const hop of index.hops.get(from)?.get(id) ?? [])
        shortest = Math.min(shortest, (hop.route.stops[hop.alight]?.arr ?? 0) - (hop.route.stops[hop.board]?.dep ?? 0));
      return shortest;
    }),
  );
  // Per station and arrival by air or not: the shortest change there to any station of its place, leaving by any vehicle.
  const changeAfter = new Int32Array(stations.length * 2);
  stations.forEach((a, i) => {
    for (const byAir of [0, 1]) {
      let shortest = NEVER;
      for (const id of index.places.get(a.placeId)?.stationIds ?? []) {
        const b = index.stations.get(id);
        if (!b) continue;
        for (const leaving of ['bus', 'avia'] as const)
          shortest = Math.min(
            shortest,
            minConnectionMinutes(
              { kind: a.kind, id: a.id, vehicleClass: byAir ? 'avia' : 'bus' },
              { kind: b.kind, id: b.id, vehicleClass: leaving },
            ),
          );
      }
      changeAfter[i * 2 + byAir] = shortest;
    }
  });
  const placeInMinutesChanging = placeIds.map((id) =>
    Int32Array.from(into.get(id) ?? [], (from) => {
      let shortest = NEVER;
      for (const hop of index.hops.get(from)?.get(id) ?? []) {
        const ride = (hop.route.stops[hop.alight]?.arr ?? 0) - (hop.route.stops[hop.board]?.dep ?? 0);
        const station = stationIx.get(hop.route.stops[hop.alight]?.stationId ?? -1) ?? -1;
        const change = changeAfter[station * 2 + (hop.route.vehicleClass === 'avia' ? 1 : 0)] ?? SHORTEST_CHANGE_MIN;
        shortest = Math.min(shortest, ride + change);
      }
      return shortest;
    }),
  );
  const placeOut = turnAround(placeIn, placeInMinutes, placeInMinutesChanging);
  const stationRouteLists: number[][] = stations.map(() => []);
  routes.forEach((route, r) => {
    route.stops.forEach((stop, i) => {
      if (i < route.stops.length - 1) stationRouteLists[stationIx.get(stop.stationId) ?? -1]?.push(r, i);
    });
  });
  const labels = (MAX_LEGS + 1) * stations.length * 2;
  const routeStart = new Int32Array(routes.length + 1);
  routes.forEach((route, r) => (routeStart[r + 1] = (routeStart[r] ?? 0) + route.stops.length));
  const stopCount = routeStart[routes.length] ?? 0;
  const stopArr = new Int32Array(stopCount);
  const stopDep = new Int32Array(stopCount);
  const stopPlace = new Int32Array(stopCount);
  const stopStation = new Int32Array(stopCount);
  routes.forEach((route, r) => {
    route.stops.forEach((stop, i) => {
      const station = stationIx.get(stop.stationId) ?? -1;
      stopArr[(routeStart[r] ?? 0) + i] = stop.arr;
      stopDep[(routeStart[r] ?? 0) + i] = stop.dep;
      stopPlace[(routeStart[r] ?? 0) + i] = stationPlace[station] ?? -1;
      stopStation[(routeStart[r] ?? 0) + i] = station;
    });
  });
  const routeSchedules = routes.map((r) => r.schedules);
  const routeScheduleStart = new Int32Array(routes.length + 1);
  routeSchedules.forEach((list, r) => (routeScheduleStart[r + 1] = (routeScheduleStart[r] ?? 0) + list.length));
  const flat = routeSchedules.flatMap((list, r) => list.map((schedule) => ({ schedule, route: routes[r] })));
  const callStart = new Int32Array(stations.length + 1);
  stationRouteLists.forEach((list, i) => (callStart[i + 1] = (callStart[i] ?? 0) + list.length));
  const departures = stationRouteLists.flatMap((list) =>
    [0, 1].map((byAir) => departuresFrom(routes, routeScheduleStart, list, (r) => (routes[r]?.vehicleClass === 'avia' ? 1 : 0) === byAir)),
  );
  const departureStart = new Int32Array(departures.length + 1);
  departures.forEach((list, i) => (departureStart[i + 1] = (departureStart[i] ?? 0) + list.length));
  // Filled with plain loops: TypedArray.from with a mapping function is several times slower on the scale network.
  const departureCount = departureStart[departures.length] ?? 0;
  const flatDepartures = {
    departureMinuteOfDay: new Int32Array(departureCount),
    departureBase: new Int32Array(departureCount),
    departureRoute: new Int32Array(departureCount),
    departureStop: new Int32Array(departureCount),
    departureSchedule: new Int32Array(departureCount),
  };
  let e = 0;
  for (const list of departures)
    for (const d of list) {
      flatDepartures.departureMinuteOfDay[e] = d.minuteOfDay;
      flatDepartures.departureBase[e] = d.base;
      flatDepartures.departureRoute[e] = d.route;
      flatDepartures.departureStop[e] = d.stop;
      flatDepartures.departureSchedule[e++] = d.schedule;
    }
  return {
    stationIx,
    routeScheduleStart,
    scheduleBase: Int32Array.from(flat, ({ schedule, route }) => schedule.departureMinute - (route?.firstOffsetMin ?? 0)),
    scheduleWeekdays: Int32Array.from(flat, ({ schedule }) => schedule.weekdays),
    scheduleFrom: Int32Array.from(flat, ({ schedule }) => schedule.validFrom),
    scheduleClosedDays: flat.map(({ schedule }) => schedule.closedDays),
    scheduleHasClosed: Uint8Array.from(flat, ({ schedule }) => (schedule.closedDays && schedule.closedDays.size > 0 ? 1 : 0)),
    scheduleTo: Int32Array.from(flat, ({ schedule }) => schedule.validTo),
    stationPlace,
    transferStart,
    transferFrom,
    transferMinutes,
    placeIx,
    placeIn,
    placeInMinutes,
    placeInMinutesChanging,
    ...placeOut,
    changeAfter,
    routes,
    routeAir: Uint8Array.from(routes, (r) => (r.vehicleClass === 'avia' ? 1 : 0)),
    routeSchedules,
    callStart,
    callPairs: Int32Array.from(stationRouteLists.flat()),
    departureStart,
    ...flatDepartures,
    routeStart,
    stopArr,
    stopDep,
    stopPlace,
    stopStation,
    bounds: new Map(),
    reaches: new Map(),
    keptReaches: Math.max(
      8,
      Math.min(KEPT_BOUNDS, Math.floor(KEPT_REACH_BYTES / ((stopCount + 1) * 5 + routes.length + stations.length * 12 + departureCount))),
    ),
    scratch: {
      arr: new Int32Array(labels).fill(NEVER),
      labelRun: new Int32Array(labels),
      arrBeforeRun: new Int32Array(labels),
      route: new Int32Array(labels),
      trip: new Int32Array(labels),
      schedule: new Int32Array(labels),
      board: new Int32Array(labels),
      alight: new Int32Array(labels),
      from: new Int32Array(labels),
      touched: [],
      touchedStamp: new Int32Array(labels),
      destination: new Uint8Array(stations.length),
      distance: new Int8Array(placeIx.size).fill(MAX_LEGS + 1),
      remaining: new Int32Array(placeIx.size).fill(NEVER),
      // Set by each query (reachTo).
      reach: emptyReach(0, 0, 0, 0),
      destinationBounds: { distance: new Int8Array(0), remaining: new Int32Array(0) },
      destinationPlace: -1,
      queryStamp: 0,
      routeFrom: new Int32Array(routes.length).fill(NEVER),
      markStamp: new Int32Array(placeIx.size * (MAX_LEGS + 1)),
      stampBase: 0,
      originPlace: -1,
    },
  };
}

interface ScheduledDeparture {
  minuteOfDay: number;
  base: number;
  route: number;
  stop: number;
  /** Flat schedule index. */
  schedule: number;
}

/** A station's departures (of the routes `keep` accepts), sorted by minute of the day. */
function departuresFrom(
  routes: readonly RouteNode[],
  routeScheduleStart: Int32Array,
  calls: readonly number[],
  keep: (route: number) => boolean,
): ScheduledDeparture[] {
  const list: ScheduledDeparture[] = [];
  for (let c = 0; c < calls.length; c += 2) {
    const r = calls[c] ?? 0;
    const stop = calls[c + 1] ?? 0;
    const route = routes[r];
    if (!route || !keep(r)) continue;
    route.schedules.forEach((schedule, k) => {
      const base = schedule.departureMinute + (route.stops[stop]?.dep ?? 0) - route.firstOffsetMin;
      list.push({ minuteOfDay: ((base % 1440) + 1440) % 1440, base, route: r, stop, schedule: (routeScheduleStart[r] ?? 0) + k });
    });
  }
  return list.sort((a, b) => a.minuteOfDay - b.minuteOfDay);
}

/** The place graph's edges turned around (per place, where its vehicles go), flat, with both edge minutes. */
function turnAround(
  placeIn: readonly Int32Array[],
  minutes: readonly Int32Array[],
  minutesChanging: readonly Int32Array[],
): Pick<ProfileNetwork, 'placeOutStart' | 'placeOutTo' | 'placeOutMinutes' | 'placeOutMinutesChanging'> {
  const placeOutStart = new Int32Array(placeIn.length + 1);
  for (const into of placeIn) for (const from of into) if (from >= 0) placeOutStart[from + 1] = (placeOutStart[from + 1] ?? 0) + 1;
  for (let p = 0; p < placeIn.length; p++) placeOutStart[p + 1] = (placeOutStart[p + 1] ?? 0) + (placeOutStart[p] ?? 0);
  const edges = placeOutStart[placeIn.length] ?? 0;
  const placeOutTo = new Int32Array(edges);
  const placeOutMinutes = new Int32Array(edges);
  const placeOutMinutesChanging = new Int32Array(edges);
  const next = placeOutStart.slice(0, placeIn.length);
  placeIn.forEach((into, to) => {
    into.forEach((from, i) => {
      if (from < 0) return;
      const e = next[from] ?? 0;
      next[from] = e + 1;
      placeOutTo[e] = to;
      placeOutMinutes[e] = minutes[to]?.[i] ?? NEVER;
      placeOutMinutesChanging[e] = minutesChanging[to]?.[i] ?? NEVER;
    });
  });
  return { placeOutStart, placeOutTo, placeOutMinutes, placeOutMinutesChanging };
}

/** runsOn for flat schedule k (1970-01-01, day 0, was a Thursday: weekday index 3). */
function runsOnDay(net: ProfileNetwork, k: number, day: number): boolean {
  return (
    day >= (net.scheduleFrom[k] ?? 0) &&
    day <= (net.scheduleTo[k] ?? 0) &&
    ((net.scheduleWeekdays[k] ?? 0) & (1 << ((day + 3) % 7))) !== 0 &&
    (net.scheduleHasClosed[k] === 0 || net.scheduleClosedDays[k]?.has(day) !== true)
  );
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
  /**
   * Only the earliest arrival (for each number of changes), not the whole front: one run that
   * boards every departure of the day at once instead of one run per departure minute. Enough
   * to tell whether a day has any journey (next dates), at the cost of one run.
   */
  earliestOnly?: boolean;
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
  return fastestJourneysAndLater(index, q).journeys;
}

export interface FastestAnswer {
  journeys: Journey[];
  /**
   * Per number of legs (index 1…4): the earliest arrival, absolute minutes, of a journey with at
   * most that many legs leaving after the asked day — known only as far as it matters: Infinity
   * when none arrives as early as the latest of the answers (journeys and companions) with as many
   * legs. A journey of the day that arrives no earlier with as many legs is not worth showing: one
   * can leave later.
   */
  later: number[];
  /** The latest arrival the search allowed (absolute minutes): the arrival horizon, or the asked arrive-by. */
  horizon: number;
  /** What `companionsOf` returned (not yet filtered by `later`: the caller does that). */
  companions: Journey[];
}

/**
 * Journeys found by another search to show next to the fastest ones (search.ts: the cheaper
 * connections), given those: `later` is then also known for their arrivals.
 */
export type Companions = (fastest: readonly Journey[]) => Journey[];

/**
 * fastestJourneys, and what journeys leaving after the day achieve. The day's runs come first;
 * then one run boarding every departure after the day at once, its targets the latest arrivals
 * among the day's answers (and the companions), so it only looks as far as they need: a journey
 * of the day must beat it (a journey that leaves on the day, goes elsewhere and comes back is not
 * an answer when the next day's boat arrives as early).
 */
export function fastestJourneysAndLater(index: TimetableIndex, q: ProfileQuery, companionsOf?: Companions): FastestAnswer {
  const none: FastestAnswer = { journeys: [], later: [], horizon: -Infinity, companions: [] };
  const net = profileNetwork(index);
  // In the network's order (contentOrder), not the query's: it decides ties between origin stations.
  const origins = [...q.originStations]
    .map((id) => net.stationIx.get(id))
    .filter((s) => s !== undefined)
    .sort((a, b) => a - b);
  const destinations = [...q.destinationStations].map((id) => net.stationIx.get(id)).filter((s) => s !== undefined);
  const firstOrigin = index.stations.get([...q.originStations][0] ?? -1);
  const firstDestination = destinations[0];
  if (!firstOrigin || firstDestination === undefined || origins.length === 0) return none;
  const maxLegs = Math.min(MAX_LEGS, (q.maxChanges ?? MAX_CHANGES) + 1);
  const window = searchWindow(q.day, firstOrigin.utcOffsetMin, {
    ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
    ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
  });
  const s = net.scratch;
  s.originPlace = net.stationPlace[origins[0] ?? -1] ?? -1;
  const destinationPlace = net.stationPlace[firstDestination] ?? -1;
  const destinationBounds = boundsTo(net, destinationPlace, Math.max(0, maxLegs - 2));
  boundsFrom(net, destinationBounds, s.originPlace, destinationPlace);
  s.destinationBounds = destinationBounds;
  s.destinationPlace = destinationPlace;
  s.queryStamp++;
  try {
    if ((s.distance[s.originPlace] ?? MAX_LEGS + 1) > maxLegs) return { ...none, companions: companionsOf?.([]) ?? [] };
    // Only now: an origin that cannot reach the destination must not take (or evict) a kept reach.
    s.reach = reachTo(net, destinationPlace, Math.max(0, maxLegs - 2));
    for (const d of destinations) s.destination[d] = 1;
    const runs = departures(net, origins, q.classes, window);
    // One run: every departure starts at the same "minute" (runs are grouped by it).
    if (q.earliestOnly) for (const run of runs) run.dep = window.dayStart;
    const afterDay = departures(net, origins, q.classes, { dayStart: window.dayEnd, dayEnd: window.horizon + 1 }, true);
    return { ...rangeRaptor(net, q.classes, maxLegs, window.horizon, runs, afterDay, companionsOf), horizon: window.horizon };
  } finally {
    s.originPlace = -1;
    for (const d of destinations) s.destination[d] = 0;
    clearLabels(s);
  }
}

/** Every label the query set back to NEVER (and listed again when set anew). */
function clearLabels(s: Scratch): void {
  for (const label of s.touched) {
    s.arr[label] = NEVER;
    s.touchedStamp[label] = 0;
  }
  s.touched.length = 0;
}

/** Destinations whose bounds (boundsTo) are kept: a popular destination is searched again and again. */
const KEPT_BOUNDS = 256;
/** Memory for kept DestinationReach: every destination on the default network (96 KB each), 38 on the scale one (871 KB). */
const KEPT_REACH_BYTES = 32 * 2 ** 20;

function emptyReach(stops: number, routes: number, stations: number, departures: number): DestinationReach {
  return {
    minutes: new Int32Array(stops + 1),
    legs: new Int8Array(stops + 1),
    routeFilled: new Uint8Array(routes),
    callLegsLeft: new Int8Array(stations * 2),
    callMinutesLeft: new Int32Array(stations * 2),
    callFilled: new Uint8Array(stations * 2),
    departureLegs: new Int8Array(departures),
  };
}

/**
 * The entry of `key` in a map kept in least-recently-used order (a Map iterates in insertion
 * order, so taking an entry out and setting it again marks it used): made when missing, and
 * given the least recently used entry, taken out, when the map already holds `limit`.
 */
function keptEntry<V>(kept: Map<number, V>, key: number, limit: number, make: (evicted: V | undefined) => V): V {
  let entry = kept.get(key);
  if (entry !== undefined) kept.delete(key);
  else {
    let evicted: V | undefined;
    const oldest = kept.size >= limit ? kept.keys().next().value : undefined;
    if (oldest !== undefined) {
      evicted = kept.get(oldest);
      kept.delete(oldest);
    }
    entry = make(evicted);
  }
  kept.set(key, entry);
  return entry;
}

/** The DestinationReach of a destination and number of legs (kept like boundsTo's bounds). */
function reachTo(net: ProfileNetwork, destination: number, legs: number): DestinationReach {
  return keptEntry(net.reaches, destination * (MAX_LEGS + 1) + legs, net.keptReaches, (evicted) => {
    if (!evicted) return emptyReach(net.stopArr.length, net.routes.length, net.stationPlace.length, net.departureRoute.length);
    // The least recently used one, emptied (its entries are read only once filled again): on the
    // scale network most queries go to another destination, and a fresh one is half a megabyte.
    evicted.routeFilled.fill(0);
    evicted.callFilled.fill(0);
    return evicted;
  });
}

/** placeDistances for a destination and number of legs, kept per network (the least recently used dropped). */
function boundsTo(net: ProfileNetwork, destination: number, legs: number): PlaceBounds {
  return keptEntry(net.bounds, destination * (MAX_LEGS + 1) + legs, KEPT_BOUNDS, () => placeDistances(net, destination, legs));
}

/**
 * The bounds a query reads (scratch distance and remaining), each over as many vehicles as a
 * journey can still take from there: a label one ride from the origin has at most maxLegs − 1
 * legs left, any other at most maxLegs − 2 (it is two rides away), and only the origin maxLegs.
 * So the destination's bounds over maxLegs − 2 vehicles (`base`, from boundsTo) hold everywhere
 * but at the origin and the places one ride from it, which get theirs forwards from `base` here.
 * Backwards over all maxLegs vehicles for every place cost four times as much (the last round
 * reaches nearly every place and is about three quarters of the work), and its bounds, over more
 * vehicles, are looser.
 */
function boundsFrom(net: ProfileNetwork, base: PlaceBounds, origin: number, destination: number): void {
  const s = net.scratch;
  s.distance.set(base.distance);
  s.remaining.set(base.remaining);
  const first = net.placeOutStart[origin] ?? 0;
  const end = net.placeOutStart[origin + 1] ?? 0;
  for (let e = first; e < end; e++) {
    const place = net.placeOutTo[e] ?? 0;
    if (place !== destination) oneMoreVehicle(net, base, place, destination);
  }
  if (origin >= 0) oneMoreVehicle(net, s, origin, destination);
}

/** Place's bounds over one vehicle more than `from`'s: its own, or a ride to a place plus that place's. */
function oneMoreVehicle(net: ProfileNetwork, from: PlaceBounds, place: number, destination: number): void {
  const s = net.scratch;
  let legs = from.distance[place] ?? MAX_LEGS + 1;
  let minutes = from.remaining[place] ?? NEVER;
  for (let e = net.placeOutStart[place] ?? 0; e < (net.placeOutStart[place + 1] ?? 0); e++) {
    const to = net.placeOutTo[e] ?? 0;
    const after = from.remaining[to] ?? NEVER;
    if (after === NEVER) continue;
    const ride = (to === destination ? net.placeOutMinutes[e] : net.placeOutMinutesChanging[e]) ?? NEVER;
    minutes = Math.min(minutes, after + ride);
    legs = Math.min(legs, (from.distance[to] ?? MAX_LEGS) + 1);
  }
  s.distance[place] = legs;
  s.remaining[place] = minutes;
}

interface PlaceBounds {
  distance: Int8Array;
  remaining: Int32Array;
}

/**
 * Per place, backwards from the destination's place over at most maxLegs vehicles: the fewest
 * vehicles to the destination (distance) and a lower bound on the minutes it takes (remaining:
 * the shortest rides plus the shortest change after each, waits ignored). Bellman–Ford by rounds, so each
 * round only looks at the places that improved in the one before. Returns the places touched.
 */
function placeDistances(net: ProfileNetwork, destination: number, maxLegs: number): PlaceBounds {
  const distance = new Int8Array(net.placeIn.length).fill(MAX_LEGS + 1);
  const remaining = new Int32Array(net.placeIn.length).fill(NEVER);
  distance[destination] = 0;
  remaining[destination] = 0;
  let frontier = [destination];
  for (let legs = 1; legs <= maxLegs && frontier.length > 0; legs++) {
    const next: number[] = [];
    for (const place of frontier) {
      const into = net.placeIn[place];
      // Into the destination no change follows; into any other place one does.
      const minutes = place === destination ? net.placeInMinutes[place] : net.placeInMinutesChanging[place];
      if (!into || !minutes) continue;
      const after = remaining[place] ?? 0;
      for (let i = 0; i < into.length; i++) {
        const before = into[i] ?? 0;
        const bound = after + (minutes[i] ?? 0);
        const known = remaining[before] ?? NEVER;
        if ((distance[before] ?? 0) > legs) distance[before] = legs;
        if (bound < known) {
          remaining[before] = bound;
          next.push(before);
        }
      }
    }
    frontier = next;
  }
  return { distance, remaining };
}

/**
 * Every vehicle leaving an origin station within the window, latest first — or, with
 * `earliestOfEachCall`, only the earliest of each route and stop (in no particular order): the
 * run after the day boards them all at once, and a later vehicle of the same route from the same
 * stop arrives later everywhere (vehicles of a route never overtake), so it could improve no label.
 */
function departures(
  net: ProfileNetwork,
  origins: readonly number[],
  classes: ReadonlySet<VehicleClass> | undefined,
  window: { dayStart: number; dayEnd: number },
  earliestOfEachCall = false,
): Departure[] {
  const out: Departure[] = [];
  for (const station of origins) {
    for (let c = net.callStart[station] ?? 0; c < (net.callStart[station + 1] ?? 0); c += 2) {
      const r = net.callPairs[c] ?? 0;
      const stop = net.callPairs[c + 1] ?? 0;
      if (classes && !classes.has(net.routes[r]?.vehicleClass ?? 'bus')) continue;
      const offset = net.stopDep[(net.routeStart[r] ?? 0) + stop] ?? 0;
      const firstSchedule = net.routeScheduleStart[r] ?? 0;
      let earliest: Departure | undefined;
      for (let k = firstSchedule; k < (net.routeScheduleStart[r + 1] ?? 0); k++) {
        const base = (net.scheduleBase[k] ?? 0) + offset;
        const lastDay = net.scheduleTo[k] ?? 0;
        for (let day = Math.max(Math.ceil((window.dayStart - base) / 1440), net.scheduleFrom[k] ?? 0); day <= lastDay; day++) {
          const dep = day * 1440 + base;
          if (dep >= window.dayEnd || (earliest && dep >= earliest.dep)) break;
          if (!runsOnDay(net, k, day)) continue;
          const departure = { dep, route: r, stop, schedule: k - firstSchedule, trip: dep - offset };
          if (!earliestOfEachCall) out.push(departure);
          else {
            earliest = departure;
            break;
          }
        }
      }
      if (earliest) out.push(earliest);
    }
  }
  return earliestOfEachCall ? out : out.sort((a, b) => b.dep - a.dep);
}

/**
 * The rounds, run once per departure time (latest first). Labels are indexed
 * (legs · stations + station) · 2 + arrived by air; they persist from run to run.
 */
function rangeRaptor(
  net: ProfileNetwork,
  classes: ReadonlySet<VehicleClass> | undefined,
  queryMaxLegs: number,
  horizon: number,
  runs: readonly Departure[],
  afterDay: readonly Departure[],
  companionsOf: Companions | undefined,
): Omit<FastestAnswer, 'horizon'> {
  /** The most legs a journey may have: the query's, but two while seeding (below). */
  let maxLegs = queryMaxLegs;
  const s = net.scratch;
  const S = net.stationPlace.length;
  const P = net.placeIn.length;
  const label = (legs: number, station: number, byAir: number) => (legs * S + station) * 2 + byAir;
  /** Earliest arrival at the destination with at most k legs, over every run so far. */
  const targetBest = Array.from({ length: maxLegs + 1 }, () => NEVER);
  /** The destination label that improved in round k of the current run (−1: none). */
  const improved = Array.from({ length: maxLegs + 1 }, () => -1);
  /** Per round k of the current run: one station of each place where a label improved. */
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
    // Only worth keeping if it can still beat, at the destination, every journey found with as
    // many legs as it needs at least (targetBest falls with more legs: this is the weakest test).
    const place = net.stationPlace[station] ?? 0;
    if (place === s.originPlace) return;
    const atLeast = legs + (s.distance[place] ?? MAX_LEGS);
    if (atLeast > maxLegs) return;
    // Anywhere but at the destination, a change comes next.
    const bound = at + (s.remaining[place] ?? 0) + (s.destination[station] ? 0 : (net.changeAfter[station * 2 + byAir] ?? 0));
    if (bound > horizon || bound >= (targetBest[atLeast] ?? NEVER)) return;
    const l = label(legs, station, byAir);
    if (at >= (s.arr[l] ?? NEVER)) return;
    keepBeforeRun(l);
    s.arr[l] = at;
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
      keepBeforeRun(m);
      s.arr[m] = at;
      s.route[m] = INHERITED;
    }
    if (s.destination[station]) {
      for (let more = legs; more <= maxLegs; more++) targetBest[more] = Math.min(targetBest[more] ?? NEVER, at);
      improved[legs] = l;
      return;
    }
    const mark = legs * P + place;
    if (s.markStamp[mark] !== s.stampBase) {
      s.markStamp[mark] = s.stampBase;
      marked[legs]?.push(station);
    }
  }

  /** Before a label's first change in this run: remember its arrival, and list it once per query for the reset. */
  function keepBeforeRun(l: number) {
    if (s.labelRun[l] === s.stampBase) return;
    s.labelRun[l] = s.stampBase;
    s.arrBeforeRun[l] = s.arr[l] ?? NEVER;
    if (s.touchedStamp[l] !== s.queryStamp) {
      s.touchedStamp[l] = s.queryStamp;
      s.touched.push(l);
    }
  }

  /**
   * Earliest minute one can leave `station` (by air or not) having used `legs` legs, from the
   * labels as they are (now) or as they were before the current run (before).
   */
  function readyNowAndBefore(legs: number, station: number, leavingByAir: number): void {
    readyNow = NEVER;
    readyBefore = NEVER;
    const end = net.transferStart[station + 1] ?? 0;
    const row = legs * S;
    for (let j = net.transferStart[station] ?? 0; j < end; j++) {
      const first = (row + (net.transferFrom[j] ?? 0)) * 2;
      for (let byAir = 0; byAir < 2; byAir++) {
        const l = first + byAir;
        const now = s.arr[l] ?? NEVER;
        if (now === NEVER) continue;
        const change = net.transferMinutes[j * 4 + byAir * 2 + leavingByAir] ?? 0;
        readyNow = Math.min(readyNow, now + change);
        const before = s.labelRun[l] === s.stampBase ? (s.arrBeforeRun[l] ?? NEVER) : now;
        if (before !== NEVER) readyBefore = Math.min(readyBefore, before + change);
      }
    }
  }
  let readyNow = NEVER;
  let readyBefore = NEVER;

  /** The label that `ready` last found the earliest boarding from. */
  let readyFrom = -1;
  /** Earliest minute one can leave `station` (by air or not) having used `legs` legs. */
  function ready(legs: number, station: number, leavingByAir: number): number {
    let best = NEVER;
    readyFrom = -1;
    const end = net.transferStart[station + 1] ?? 0;
    const row = legs * S;
    for (let j = net.transferStart[station] ?? 0; j < end; j++) {
      const first = (row + (net.transferFrom[j] ?? 0)) * 2;
      for (let byAir = 0; byAir < 2; byAir++) {
        const l = first + byAir;
        const at = s.arr[l] ?? NEVER;
        if (at === NEVER) continue;
        const t = at + (net.transferMinutes[j * 4 + byAir * 2 + leavingByAir] ?? 0);
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
    earliestSchedule = -1;
    const dep = net.stopDep[(net.routeStart[r] ?? 0) + i] ?? 0;
    const first = net.routeScheduleStart[r] ?? 0;
    const last = net.routeScheduleStart[r + 1] ?? 0;
    if (first === last) return NEVER;
    const earliestBase = (net.scheduleBase[first] ?? 0) + dep;
    const latestBase = (net.scheduleBase[last - 1] ?? 0) + dep;
    // The schedules are sorted by departure and lie within one day: visited in time order from
    // the first at or after `minute`, the first that runs is the earliest vehicle (a frequent
    // route's dozens of schedules are not each tried).
    if (latestBase - earliestBase >= 1440) return earliestTripOfAny(first, last, dep, minute);
    let day = Math.ceil((minute - latestBase) / 1440);
    let lo = first;
    let hi = last - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (day * 1440 + (net.scheduleBase[mid] ?? 0) + dep < minute) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; ; k++) {
      if (k === last) {
        k = first;
        day++;
      }
      const t = day * 1440 + (net.scheduleBase[k] ?? 0) + dep;
      if (t > horizon) return NEVER;
      if (runsOnDay(net, k, day)) {
        earliestSchedule = k - first;
        return t - dep;
      }
    }
  }

  /** earliestTrip for schedules spread over more than a day: each schedule's first running day, the soonest of them. */
  function earliestTripOfAny(first: number, last: number, dep: number, minute: number): number {
    let best = NEVER;
    for (let k = first; k < last; k++) {
      const base = (net.scheduleBase[k] ?? 0) + dep;
      const to = net.scheduleTo[k] ?? 0;
      for (let day = Math.ceil((minute - base) / 1440); ; day++) {
        const t = day * 1440 + base;
        if (t > horizon || t >= best || day > to) break;
        if (runsOnDay(net, k, day)) {
          best = t;
          earliestSchedule = k - first;
          break;
        }
      }
    }
    return best === NEVER ? NEVER : best - dep;
  }

  /** Fills route r's reach entries (suffix minima over its stops; see DestinationReach). */
  function fillReach(r: number) {
    const reach = s.reach;
    const bounds = s.destinationBounds;
    reach.routeFilled[r] = 1;
    const start = net.routeStart[r] ?? 0;
    const air = net.routeAir[r] ?? 0;
    let minutes = NEVER;
    let legsLeft = MAX_LEGS + 1;
    for (let k = (net.routeStart[r + 1] ?? 0) - 1; k >= start; k--) {
      const place = net.stopPlace[k] ?? 0;
      const remaining = bounds.remaining[place] ?? NEVER;
      if (remaining !== NEVER) {
        const change = place === s.destinationPlace ? 0 : (net.changeAfter[(net.stopStation[k] ?? 0) * 2 + air] ?? 0);
        minutes = Math.min(minutes, (net.stopArr[k] ?? 0) + remaining + change);
        legsLeft = Math.min(legsLeft, bounds.distance[place] ?? MAX_LEGS + 1);
      }
      reach.minutes[k] = minutes;
      reach.legs[k] = legsLeft;
    }
  }

  /**
   * Whether any vehicle of a kind (by air or not) leaving `station` can lead to the destination
   * with at most maxLegs − legs + 1 more legs. Three in ten departures a round looked at were at
   * stations where none can: the station is then skipped before its arrivals are read.
   */
  function anyCallReaches(station: number, leavingByAir: number, legs: number): boolean {
    const reach = s.reach;
    const list = station * 2 + leavingByAir;
    if (reach.callFilled[list] === 0) {
      reach.callFilled[list] = 1;
      let fewest = MAX_LEGS + 1;
      let least = NEVER;
      for (let c = net.callStart[station] ?? 0; c < (net.callStart[station + 1] ?? 0); c += 2) {
        const r = net.callPairs[c] ?? 0;
        if ((net.routeAir[r] ?? 0) !== leavingByAir) continue;
        if (reach.routeFilled[r] === 0) fillReach(r);
        const k = (net.routeStart[r] ?? 0) + (net.callPairs[c + 1] ?? 0);
        const best = reach.minutes[k + 1] ?? NEVER;
        if (best === NEVER) continue;
        fewest = Math.min(fewest, reach.legs[k + 1] ?? MAX_LEGS + 1);
        least = Math.min(least, best - (net.stopDep[k] ?? 0));
      }
      reach.callLegsLeft[list] = fewest;
      reach.callMinutesLeft[list] = least;
      // Every route of the list is filled now: each departure's legs left, for the window scans.
      for (let e = net.departureStart[list] ?? 0; e < (net.departureStart[list + 1] ?? 0); e++) {
        const k = (net.routeStart[net.departureRoute[e] ?? 0] ?? 0) + (net.departureStop[e] ?? 0) + 1;
        reach.departureLegs[e] = reach.minutes[k] === NEVER ? MAX_LEGS + 1 : (reach.legs[k] ?? MAX_LEGS + 1);
      }
    }
    return legs + (reach.callLegsLeft[list] ?? MAX_LEGS + 1) <= maxLegs;
  }

  /**
   * Whether boarding route r at stop i at minute `at`, as leg number `legs`, could still lead to
   * a journey that beats those found: not when even the best of its later stops, with the least
   * time and fewest legs left from there, would arrive too late.
   */
  function worthBoarding(r: number, i: number, at: number, legs: number): boolean {
    const reach = s.reach;
    if (reach.routeFilled[r] === 0) fillReach(r);
    const k = (net.routeStart[r] ?? 0) + i;
    const best = reach.minutes[k + 1] ?? NEVER;
    if (best === NEVER) return false;
    const atLeast = legs + (reach.legs[k + 1] ?? MAX_LEGS);
    if (atLeast > maxLegs) return false;
    const bound = at - (net.stopDep[k] ?? 0) + best;
    return bound <= horizon && bound < (targetBest[atLeast] ?? NEVER);
  }

  /**
   * Rides route r from stop `first` on the vehicle leaving its first stop at `trip`, boarding on
   * the way only at places whose mark for round legs − 1 is this run's (a first leg boards nowhere).
   */
  function ride(legs: number, r: number, first: number, trip: number, schedule: number, from: number) {
    const byAir = net.routeAir[r] ?? 0;
    const start = net.routeStart[r] ?? 0;
    const last = (net.routeStart[r + 1] ?? 0) - start - 1;
    const roundBefore = (legs - 1) * P;
    let board = first;
    // A journey never comes back to its origin's place: the first vehicle may still call at
    // another station there before it leaves town, but once away, a vehicle that returns is
    // left before it does (boarding there later is another departure from the origin).
    let away = legs > 1;
    for (let i = first; i <= last; i++) {
      const station = net.stopStation[start + i] ?? 0;
      const place = net.stopPlace[start + i] ?? 0;
      if (trip !== NEVER && i > board) {
        if (place !== s.originPlace) away = true;
        else if (away) trip = NEVER;
        if (trip !== NEVER) relax(legs, station, byAir, trip + (net.stopArr[start + i] ?? 0), r, trip, schedule, board, i, from);
      }
      if (i === last || legs === 1 || s.markStamp[roundBefore + place] !== s.stampBase) continue;
      // A vehicle one can catch here that leaves earlier than the one held (vehicles of a route never overtake).
      const at = ready(legs - 1, station, byAir);
      if (at === NEVER || (trip !== NEVER && trip + (net.stopDep[start + i] ?? 0) <= at)) continue;
      const source = readyFrom;
      if (!worthBoarding(r, i, at, legs)) continue;
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

  function runFrom(all: readonly Departure[]) {
    for (let start = 0; start < all.length;) {
      const dep = all[start]?.dep ?? 0;
      s.stampBase++;
      improved.fill(-1);
      // Round 1: the vehicles leaving the origin at this minute.
      for (; start < all.length && all[start]?.dep === dep; start++) {
        const d = all[start];
        if (d) ride(1, d.route, d.stop, d.trip, d.schedule, -1);
      }
      for (let legs = 2; legs <= maxLegs; legs++) {
        const before = marked[legs - 1] ?? [];
        if (before.length === 0) break;
        // The routes to ride: those with a vehicle one can now catch at a place improved in the
        // round before, which one could not catch before this run (a later departure from the
        // origin already rode every vehicle catchable then), from the first such stop — unless even
        // the best the route reaches from there is too late.
        const routes: number[] = [];
        const consider = (r: number, stop: number, at: number) => {
          const known = s.routeFrom[r] ?? NEVER;
          if (stop >= known) return;
          if (classes && !classes.has(net.routes[r]?.vehicleClass ?? 'bus')) return;
          if (!worthBoarding(r, stop, at, legs)) return;
          if (known === NEVER) routes.push(r);
          s.routeFrom[r] = stop;
        };
        for (const station of before)
          for (let o = net.transferStart[station] ?? 0; o < (net.transferStart[station + 1] ?? 0); o++) {
            const other = net.transferFrom[o] ?? 0;
            // Target pruning: a vehicle leaving this place at t arrives no sooner than t plus the
            // least time left from here, and needs at least the fewest legs left from here.
            const place = net.stationPlace[other] ?? 0;
            const atLeast = legs - 1 + (s.distance[place] ?? MAX_LEGS + 1);
            const left = s.remaining[place] ?? NEVER;
            if (atLeast > maxLegs || left === NEVER) continue;
            const target = Math.min(horizon + 1, targetBest[atLeast] ?? NEVER) - left;
            for (let leavingByAir = 0; leavingByAir < 2; leavingByAir++) {
              // No vehicle of this kind leaves this station (most have only one kind).
              if (net.departureStart[other * 2 + leavingByAir] === net.departureStart[other * 2 + leavingByAir + 1]) continue;
              if (!anyCallReaches(other, leavingByAir, legs)) continue;
              readyNowAndBefore(legs - 1, other, leavingByAir);
              const from = readyNow;
              // A vehicle leaving here at t arrives no sooner than t plus the least minutes any of them needs.
              const list = other * 2 + leavingByAir;
              const stationTarget =
                Math.min(horizon + 1, targetBest[legs + (s.reach.callLegsLeft[list] ?? 0)] ?? NEVER) - (s.reach.callMinutesLeft[list] ?? 0);
              const until = Math.min(readyBefore, target, stationTarget);
              if (from >= until) continue;
              if (until - from >= 1440) {
                // A long window (or a first arrival): every route calling here.
                const callEnd = net.callStart[other + 1] ?? 0;
                for (let c = net.callStart[other] ?? 0; c < callEnd; c += 2) {
                  const r = net.callPairs[c] ?? 0;
                  if ((net.routeAir[r] ?? 0) === leavingByAir) consider(r, net.callPairs[c + 1] ?? 0, from);
                }
                continue;
              }
              // The departures from `from` to `until` (less than a day): from the first at or after
              // from's minute of the day to the end of the list, then round midnight from its start.
              const first = net.departureStart[other * 2 + leavingByAir] ?? 0;
              const end = net.departureStart[other * 2 + leavingByAir + 1] ?? 0;
              const startMinute = ((from % 1440) + 1440) % 1440;
              let lo = first;
              let hi = end;
              while (lo < hi) {
                const mid = (lo + hi) >>> 1;
                if ((net.departureMinuteOfDay[mid] ?? 0) < startMinute) lo = mid + 1;
                else hi = mid;
              }
              let shift = from - startMinute;
              for (let e = lo, n = 0; n < end - first; n++, e++) {
                if (e === end) {
                  e = first;
                  shift += 1440;
                }
                const t = shift + (net.departureMinuteOfDay[e] ?? 0);
                if (t >= until) break;
                // Most departures from a busy station are of routes that cannot reach the destination
                // with the legs left (whatever the time): they are skipped before anything else.
                if (legs + (s.reach.departureLegs[e] ?? MAX_LEGS + 1) > maxLegs) continue;
                // Already to be ridden from this stop or an earlier one: no need to know if it runs.
                // Otherwise judged by this vehicle's own departure: the first of the route here that
                // runs is the one a ride boards, and a later one arrives later still.
                const r = net.departureRoute[e] ?? 0;
                const stop = net.departureStop[e] ?? 0;
                if (stop >= (s.routeFrom[r] ?? NEVER)) continue;
                if (runsOnDay(net, net.departureSchedule[e] ?? 0, (t - (net.departureBase[e] ?? 0)) / 1440)) consider(r, stop, t);
              }
            }
          }
        for (const r of routes) {
          const first = s.routeFrom[r] ?? 0;
          s.routeFrom[r] = NEVER;
          // Boarding only where the round before improved something: elsewhere the labels are those
          // an earlier run or round already rode from.
          ride(legs, r, first, NEVER, -1, -1);
        }
        before.length = 0;
      }
      for (const m of marked) m.length = 0;
      // The run after the day: what it reaches is `later`, not answers.
      if (dep === NEVER) continue;
      for (const l of improved) {
        const journey = l >= 0 ? journeyTo(l) : undefined;
        if (journey) found.push(journey);
      }
    }
  }

  /**
   * `later` as far as `answers` need it: one run boarding every departure after the day, from
   * fresh labels, whose targets start at the latest arrival among the answers with as many legs
   * or more (so it prunes everything that could not beat one of them). An arrival it finds below
   * those targets is exact; none found means none arrives as early as the answers.
   */
  function laterFor(answers: readonly Journey[]): { later: number[]; known: number[]; soonestLater: number } {
    const known = targetBest.map(() => -Infinity);
    // No journey leaving after the day arrives before its first departure plus the least time
    // from the origin: answers arriving sooner need no run (most of a day's, often all of them).
    let firstLater = NEVER;
    for (const d of afterDay) firstLater = Math.min(firstLater, d.dep);
    const soonestLater = firstLater + (s.remaining[s.originPlace] ?? 0);
    for (const j of answers) {
      if (j.arr < soonestLater) continue;
      const legs = Math.min(j.legs.length, maxLegs);
      known[legs] = Math.max(known[legs] ?? -Infinity, j.arr + 1);
    }
    for (let k = maxLegs - 1; k >= 1; k--) known[k] = Math.max(known[k] ?? -Infinity, known[k + 1] ?? -Infinity);
    if (afterDay.length === 0 || (known[1] ?? -Infinity) === -Infinity)
      return { later: targetBest.map(() => Infinity), known, soonestLater };
    clearLabels(s);
    for (let k = 0; k <= maxLegs; k++) {
      const target = known[k] ?? -Infinity;
      targetBest[k] = target === -Infinity ? -NEVER : Math.min(target, NEVER);
    }
    runFrom(afterDay.map((d) => ({ ...d, dep: NEVER })));
    return { later: targetBest.map((t, k) => (t < (known[k] ?? -Infinity) ? t : Infinity)), known, soonestLater };
  }

  // Seeds for the day's first runs, which have nothing yet to prune with (the day's last departure
  // alone rode as many routes as the next nineteen runs): the earliest arrival of a journey of at
  // most two legs leaving after the day — found cheaply, since a second vehicle must then call at
  // the destination. Any journey of the day it beats (no earlier, no fewer legs) would lose to it
  // as a journey leaving later anyway.
  if (afterDay.length > 0 && queryMaxLegs >= 2) {
    maxLegs = 2;
    runFrom(afterDay.map((d) => ({ ...d, dep: NEVER })));
    maxLegs = queryMaxLegs;
    clearLabels(s);
    for (let k = 3; k <= maxLegs; k++) targetBest[k] = Math.min(targetBest[k] ?? NEVER, targetBest[2] ?? NEVER);
  }
  // The day's runs, then `later` for what they found: a journey of the day stays only when none
  // leaving after the day arrives as early with as many legs (of two equal ones, the same
  // journey is kept whichever is filtered first: one that beats another also beats `later`).
  runFrom(runs);
  const candidates = paretoJourneys(found);
  const forCandidates = laterFor(candidates);
  let later = forCandidates.later;
  const beatsLater = (j: Journey) => j.arr < (later[j.legs.length] ?? Infinity);
  const journeys = candidates.filter(beatsLater);
  const companions = companionsOf?.(journeys) ?? [];
  // A companion arriving later than every answer with as many legs: `later` must be known that far too.
  if (
    companions.some(
      (j) => j.legs.length <= maxLegs && j.arr >= forCandidates.soonestLater && j.arr >= (forCandidates.known[j.legs.length] ?? -Infinity),
    )
  )
    later = laterFor([...candidates, ...companions]).later;
  return { journeys, later, companions };
}

/** Journeys no other one beats on departure, arrival and changes (of equals, the cheaper, then the first in content order). */
function paretoJourneys(journeys: Journey[]): Journey[] {
  const sorted = [...journeys].sort(
    (a, b) => a.arr - b.arr || b.dep - a.dep || a.legs.length - b.legs.length || a.usd - b.usd || byRoutes(a, b),
  );
  const kept: Journey[] = [];
  for (const j of sorted) if (!kept.some((k) => k.dep >= j.dep && k.arr <= j.arr && k.legs.length <= j.legs.length)) kept.push(j);
  return kept;
}
