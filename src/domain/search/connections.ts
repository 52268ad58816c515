/**
 * Journeys with changes ("auto-connections"): bus + ferry to the islands, train + bus,
 * flight + van. A journey is a list of legs; a change happens only inside one place (the
 * traveller walks or takes a taxi across town, never rides an unlisted vehicle), after a
 * minimum connection time that depends on where they change and on what they ride.
 *
 * The search expands place by place (at most two changes), keeping at each station only the
 * Pareto-best partial journeys (leave later, arrive earlier, pay less), and only through places
 * that are roughly on the way — a detour of more than half the direct distance is not a
 * connection anyone would buy. Then dominated and near-duplicate journeys are removed.
 *
 * Since issue 20 this search supplies a search's cheaper journeys (compared by price too); the
 * fastest ones, through any place and with up to three changes, come from profile.ts.
 */
import {
  fareShare,
  legsInWindow,
  legStation,
  placeDistanceKm,
  type Hop,
  type Leg,
  type PlaceNode,
  type StationKind,
  type TimetableIndex,
} from './timetable.ts';
import { minConnectionMinutes } from './journeyRules.ts';
import type { VehicleClass } from './vehicleClasses.ts';

/** Longest wait at a change; overnight waits for a morning boat are common, longer ones are not a connection. */
export const MAX_WAIT_MIN = 12 * 60;
/** Two journeys this close at both ends, on the same kinds of vehicles, are the same offer to a traveller. */
const NEAR_DUPLICATE_MIN = 15;

/** Continuations kept per partial journey, and partial journeys kept per station. */
const MAX_CONTINUATIONS = 4;
const MAX_PARTIALS_PER_STATION = 12;

function legUsd(leg: Leg): number {
  return leg.route.minUsd * fareShare(leg);
}

export interface Journey {
  legs: Leg[];
  dep: number;
  arr: number;
  /** Cheapest fare of the whole journey in USD, for comparisons only. */
  usd: number;
}

export function journeyOf(legs: Leg[]): Journey {
  const first = legs[0];
  const last = legs.at(-1);
  return { legs, dep: first?.dep ?? 0, arr: last?.arr ?? 0, usd: legs.reduce((sum, l) => sum + l.route.minUsd * fareShare(l), 0) };
}

/**
 * Journeys equal on every count a traveller compares, in content order: leg by leg, the route
 * first in the index's order (contentOrder.ts), then where and when it is boarded. The last
 * word of every sort below, so which of two equal journeys is kept never follows database ids.
 */
export function byRoutes(a: Journey, b: Journey): number {
  const shared = Math.min(a.legs.length, b.legs.length);
  for (let i = 0; i < shared; i++) {
    const x = a.legs[i];
    const y = b.legs[i];
    if (!x || !y) break;
    const order = byLeg(x, y);
    if (order !== 0) return order;
  }
  return a.legs.length - b.legs.length;
}

function byLeg(x: Leg, y: Leg): number {
  return x.route.rank - y.route.rank || x.board - y.board || x.alight - y.alight || x.dep - y.dep;
}

/** True when `a` is at least as good as `b` on every count a traveller compares. */
function dominates(a: Journey, b: Journey): boolean {
  return a.dep >= b.dep && a.arr <= b.arr && a.usd <= b.usd + 1e-9 && a.legs.length <= b.legs.length;
}

function classSignature(j: Journey): string {
  return j.legs.map((l) => l.route.vehicleClass).join('+');
}

/**
 * Removes connections that another journey (direct or not) beats on departure, arrival,
 * price and number of changes, and near-duplicates of a cheaper one. Direct trips always stay:
 * each is a real departure that someone may want.
 */
export function pruneConnections(direct: readonly Journey[], connections: readonly Journey[]): Journey[] {
  const sorted = [...connections].sort((a, b) => a.usd - b.usd || a.arr - b.arr || b.dep - a.dep || byRoutes(a, b));
  const kept: Journey[] = [];
  // A journey's vehicle classes, kept alongside: compared against every later candidate.
  const keptSignatures: string[] = [];
  for (const candidate of sorted) {
    if (direct.some((d) => dominates(d, candidate))) continue;
    if (kept.some((k) => dominates(k, candidate))) continue;
    const signature = classSignature(candidate);
    const duplicate = kept.some(
      (k, i) =>
        keptSignatures[i] === signature &&
        Math.abs(k.dep - candidate.dep) <= NEAR_DUPLICATE_MIN &&
        Math.abs(k.arr - candidate.arr) <= NEAR_DUPLICATE_MIN,
    );
    if (!duplicate) {
      kept.push(candidate);
      keptSignatures.push(signature);
    }
  }
  return kept;
}

/** Keeps the partial journeys that no other one beats (leave later, arrive earlier, cheaper). */
function paretoPartials(partials: Journey[]): Journey[] {
  const sorted = [...partials].sort((a, b) => a.arr - b.arr || a.usd - b.usd || b.dep - a.dep || byRoutes(a, b));
  const kept: Journey[] = [];
  for (const p of sorted) if (!kept.some((k) => dominates(k, p))) kept.push(p);
  return kept;
}

export function onTheWay(from: PlaceNode, via: PlaceNode, to: PlaceNode, directKm: number): boolean {
  return placeDistanceKm(from, via) + placeDistanceKm(via, to) <= directKm * 1.5 + 100;
}

export interface ConnectionQuery {
  origin: PlaceNode;
  destination: PlaceNode;
  /** First legs from the origin, already limited to the asked date and boarding stations. */
  firstLegs: Leg[];
  /** Alighting stations accepted at the destination. */
  destinationStations: ReadonlySet<number>;
  maxChanges: 1 | 2;
  /** Vehicle classes a leg may use (a class filter allows only its own classes), all when absent. */
  classes?: ReadonlySet<VehicleClass>;
  /**
   * Stop before searching more changes once the journeys found so far are enough: a second
   * change is worth its hassle only where one change offers too little.
   */
  enough?: (found: readonly Journey[]) => boolean;
}

/** Extends each partial journey by one leg along `hops`, respecting connection times. */
function extend(index: TimetableIndex, partials: Journey[], hops: readonly Hop[], accept: (leg: Leg) => boolean): Journey[] {
  if (partials.length === 0 || hops.length === 0) return [];
  let earliest = Infinity;
  let latest = -Infinity;
  for (const p of partials) {
    earliest = Math.min(earliest, p.arr);
    latest = Math.max(latest, p.arr);
  }
  // Every candidate's boarding station and fare are looked up once for all partial journeys
  // (a plain loop: this runs for every place pair a search expands, and allocations add up).
  const candidates: { leg: Leg; board: { kind: StationKind; id: number; vehicleClass: VehicleClass }; usd: number }[] = [];
  for (const leg of legsInWindow(hops, earliest + 20, latest + MAX_WAIT_MIN)) {
    if (!accept(leg)) continue;
    const board = legStation(index, leg, 'board');
    if (board) candidates.push({ leg, board: { kind: board.kind, id: board.id, vehicleClass: leg.route.vehicleClass }, usd: legUsd(leg) });
  }
  if (candidates.length === 0) return [];
  // Sorted by arrival, then fare, then departure: a partial journey's best continuations are
  // the first feasible ones in this order that each undercut the last kept fare — a staircase
  // found without sorting anything per partial journey.
  const byArrival = candidates.sort((a, b) => a.leg.arr - b.leg.arr || a.usd - b.usd || a.leg.dep - b.leg.dep || byLeg(a.leg, b.leg));
  const out: Journey[] = [];
  for (const partial of partials) {
    const last = partial.legs.at(-1);
    if (!last) continue;
    const arrivalStation = legStation(index, last, 'alight');
    if (!arrivalStation) continue;
    const arrival = { kind: arrivalStation.kind, id: arrivalStation.id, vehicleClass: last.route.vehicleClass };
    const earliestDeparture = partial.arr + 20;
    const latestDeparture = partial.arr + MAX_WAIT_MIN;
    let cheapest = Infinity;
    let kept = 0;
    // Nothing arriving before the earliest possible departure can be boarded.
    for (let i = firstArrivingAt(byArrival, earliestDeparture); i < byArrival.length && kept < MAX_CONTINUATIONS; i++) {
      const candidate = byArrival[i];
      if (!candidate || candidate.usd >= cheapest) continue;
      const { leg } = candidate;
      if (leg.dep < earliestDeparture || leg.dep > latestDeparture || leg.route === last.route) continue;
      if (leg.dep < partial.arr + minConnectionMinutes(arrival, candidate.board)) continue;
      cheapest = candidate.usd;
      kept++;
      out.push({ legs: [...partial.legs, leg], dep: partial.dep, arr: leg.arr, usd: partial.usd + candidate.usd });
    }
  }
  return out;
}

/** Index of the first of `sorted` (by arrival) arriving at or after `minute` (binary search). */
function firstArrivingAt(sorted: readonly { leg: Leg }[], minute: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.leg.arr ?? Infinity) < minute) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function findConnections(index: TimetableIndex, q: ConnectionQuery): Journey[] {
  const { origin, destination } = q;
  const directKm = placeDistanceKm(origin, destination);
  const allowed = (leg: Leg) => !q.classes || q.classes.has(leg.route.vehicleClass);
  const fromOrigin = q.firstLegs.filter((l) => {
    if (!allowed(l)) return false;
    const place = l.route.stops[l.alight]?.placeId;
    if (place === undefined || place === destination.id || place === origin.id) return false;
    const via = index.places.get(place);
    return via !== undefined && onTheWay(origin, via, destination, directKm);
  });
  const results: Journey[] = [];
  let frontier = groupByStation(fromOrigin.map((l) => journeyOf([l])));
  for (let changes = 1; changes <= q.maxChanges && frontier.size > 0; changes++) {
    const next: Journey[] = [];
    // Pareto per arrival station (connection times differ by station), then one extension per
    // place, so the legs leaving a place are computed once for all its stations.
    const byPlace = new Map<number, Journey[]>();
    for (const [, group] of frontier) {
      // The earliest arrivals first; beyond a dozen, later ones only repeat what these offer.
      const partials = paretoPartials(group).slice(0, MAX_PARTIALS_PER_STATION);
      const placeId = partials[0] ? lastPlace(partials[0]) : undefined;
      if (placeId === undefined) continue;
      let list = byPlace.get(placeId);
      if (!list) byPlace.set(placeId, (list = []));
      list.push(...partials);
    }
    for (const [placeId, partials] of byPlace) {
      const toDestination = index.hops.get(placeId)?.get(destination.id) ?? [];
      results.push(
        ...extend(
          index,
          partials,
          toDestination,
          (leg) => allowed(leg) && q.destinationStations.has(leg.route.stops[leg.alight]?.stationId ?? -1),
        ),
      );
    }
    // Decided before the next change's partial journeys are built: those are most of the work,
    // and wasted when what is found already is enough.
    if (changes === q.maxChanges || q.enough?.(results)) break;
    // With at most two changes, a second change happens after exactly one leg: origin → here.
    const into = index.into.get(destination.id);
    for (const [placeId, partials] of byPlace) {
      for (const [viaId, hops] of index.hops.get(placeId) ?? []) {
        if (viaId === destination.id || viaId === origin.id || viaId === placeId || !into?.has(viaId)) continue;
        const via = index.places.get(viaId);
        if (!via || !onTheWay(origin, via, destination, directKm)) continue;
        next.push(...extend(index, partials, hops, allowed));
      }
    }
    frontier = groupByStation(next);
  }
  return results;
}

function lastPlace(j: Journey): number | undefined {
  const last = j.legs.at(-1);
  return last?.route.stops[last.alight]?.placeId;
}

function groupByStation(journeys: Journey[]): Map<number, Journey[]> {
  const groups = new Map<number, Journey[]>();
  for (const j of journeys) {
    const last = j.legs.at(-1);
    const station = last?.route.stops[last.alight]?.stationId;
    if (station === undefined) continue;
    let list = groups.get(station);
    if (!list) groups.set(station, (list = []));
    list.push(j);
  }
  return groups;
}
