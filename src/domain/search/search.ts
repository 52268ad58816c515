/**
 * One search: endpoints (a place or a single station), a local date, passengers and classes
 * → trips. Direct departures come from one hop lookup; connections from two searches that
 * answer different questions: the fastest journeys (profile.ts — every journey on the Pareto
 * front of departure, arrival and changes, up to three changes through any place, what
 * reference.ts checks) and the cheaper ones (connections.ts — on-the-way connections compared
 * by price too, so a slower, much cheaper journey still shows).
 * Pure: the caller passes the index and "now", so the same query always gives the same answer.
 */
import { byText } from './contentOrder.ts';
import { byRoutes, findConnections, journeyOf, onTheWay, pruneConnections, type Journey } from './connections.ts';
import { dayNumber, fromDayNumber } from './dates.ts';
import { MAX_CHANGES } from './journeyRules.ts';
import { fastestJourneys, fastestJourneysAndLater } from './profile.ts';
import { pricingCurrency } from './money.ts';
import { legsOnDay, placeDistanceKm, type Leg, type OptionNode, type PlaceNode, type TimetableIndex } from './timetable.ts';
import { assignSalesSorting, buildTrip, type Trip } from './trips.ts';
import { tripMatchesClasses, type ClassFilter, type VehicleClass } from './vehicleClasses.ts';

/** With this many direct departures on the day, connections are not searched. */
export const DIRECT_ENOUGH = 10;
/** With this many trips of at most one change, two-change connections are not searched. */
export const ONE_CHANGE_ENOUGH = 10;
/** The most connections one answer lists (the best by price, then arrival). */
export const MAX_CONNECTIONS = 40;

/**
 * Places worth a first leg: on the way, and from which the destination is reachable with the
 * changes left (directly, or through one more place that has a hop to it).
 */
function connectionPlaces(index: TimetableIndex, origin: PlaceNode, destination: PlaceNode, maxChanges: 1 | 2): number[] {
  const out = index.hops.get(origin.id);
  const into = index.into.get(destination.id);
  if (!out || !into) return [];
  const directKm = placeDistanceKm(origin, destination);
  const result: number[] = [];
  for (const placeId of out.keys()) {
    if (placeId === destination.id) continue;
    const via = index.places.get(placeId);
    if (!via || !onTheWay(origin, via, destination, directKm)) continue;
    if (into.has(placeId)) {
      result.push(placeId);
      continue;
    }
    if (maxChanges < 2) continue;
    const onward = index.hops.get(placeId);
    if (!onward) continue;
    for (const second of into) {
      if (second !== origin.id && onward.has(second)) {
        result.push(placeId);
        break;
      }
    }
  }
  return result;
}

export interface Endpoint {
  kind: 'place' | 'station';
  id: number;
}

export interface SearchQuery {
  from: Endpoint;
  to: Endpoint;
  /** Local date at the departure station. */
  date: string;
  people: number;
  classes: ClassFilter;
  currency: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** At most this many changes (MAX_CHANGES when absent; the classic engine stops at 2). */
  maxChanges?: 0 | 1 | 2 | 3;
  /** SEARCH_ENGINE when absent. */
  engine?: SearchEngine;
  /** Absolute minutes (UTC): the first leg leaves at or after, the last one arrives at or before. */
  departAfter?: number;
  arriveBy?: number;
  /**
   * One leg of a round trip (outbound with a return date, or the return itself): prices carry
   * each leg's round-trip discount, as the cart with both legs charges them.
   */
  roundTrip?: boolean;
  bookingBase?: string;
  seatsLeft?: (leg: Leg, option: OptionNode) => number | undefined;
}

export interface ResolvedEndpoint {
  place: PlaceNode;
  stations: Set<number>;
}

/** A place, or a station standing for its place but limited to itself. */
export function resolveEndpoint(index: TimetableIndex, e: Endpoint): ResolvedEndpoint | undefined {
  if (e.kind === 'place') {
    const place = index.places.get(e.id);
    return place && { place, stations: new Set(place.stationIds) };
  }
  const station = index.stations.get(e.id);
  const place = station && index.places.get(station.placeId);
  return station && place && { place, stations: new Set([station.id]) };
}

export interface SearchResult {
  trips: Trip[];
  currency: string;
  hasAutoconnection: boolean;
}

/**
 * The two engines behind a search's connections:
 * - `fastest` (issue 20): the fastest journeys (profile.ts: every journey on the Pareto front of
 *   departure, arrival and changes, up to three changes through any place — what reference.ts
 *   checks) plus the cheaper connections (connections.ts) next to them;
 * - `classic`: the cheaper-connections search alone (places on the way, at most two changes,
 *   waits of at most 12 hours) — what searches answered with before issue 20. It misses better
 *   journeys (hubs off the straight line, a third change) but is several times faster.
 */
export type SearchEngine = 'fastest' | 'classic';

/**
 * The engine searches use: `fastest`, every journey on the Pareto front of (leave later, arrive
 * earlier, fewer changes) up to MAX_CHANGES changes through any place, with the cheaper
 * connections beside it. A whole search's p95 is 1.2–1.3 ms default / 0.7–0.8 ms scale (budget
 * 2 / 1 ms), but it costs about 0.3 ms more CPU on average than `classic`, which misses a better
 * journey in a quarter of searches: a process serving it answers as many searches a second as
 * before issue 20, and about 30 % fewer than `classic` would with today's request path
 * (docs/BENCHMARKS.md, "Search quality", session 22). Of equally good journeys it keeps the same
 * whatever the database ids (contentOrder.ts). `classic` stays for comparison: a query's
 * `engine`, the benchmarks — and serving it again is this one line.
 */
export const SEARCH_ENGINE: SearchEngine = 'fastest';

type JourneyQuery = Pick<SearchQuery, 'from' | 'to' | 'classes' | 'maxChanges' | 'departAfter' | 'arriveBy' | 'engine'>;

/** Journeys (not yet priced) for a query: direct ones, the fastest connections and cheaper ones, class-filtered. */
export function findJourneys(index: TimetableIndex, q: JourneyQuery & Pick<SearchQuery, 'date'>): Journey[] {
  const day = dayNumber(q.date);
  return day === undefined ? [] : journeysOnDay(index, q, day);
}

/** findJourneys for a day number (callers that walk many days skip parsing a date for each). */
function journeysOnDay(index: TimetableIndex, q: JourneyQuery, day: number): Journey[] {
  const from = resolveEndpoint(index, q.from);
  const to = resolveEndpoint(index, q.to);
  if (!from || !to || from.place.id === to.place.id) return [];
  const byDest = index.hops.get(from.place.id);
  if (!byDest) return [];
  const departAfter = q.departAfter ?? -Infinity;
  const arriveBy = q.arriveBy ?? Infinity;
  const inTime = (j: { dep: number; arr: number }) => j.dep >= departAfter && j.arr <= arriveBy;
  const boards = (stop: number | undefined) => stop !== undefined && from.stations.has(stop);
  const directHops = byDest.get(to.place.id) ?? [];
  const direct = legsOnDay(
    index,
    directHops,
    day,
    (h) => boards(h.route.stops[h.board]?.stationId) && to.stations.has(h.route.stops[h.alight]?.stationId ?? -1),
  ).map((l) => journeyOf([l]));
  const matches = (j: Journey) =>
    tripMatchesClasses(
      j.legs.map((l) => l.route.vehicleClass),
      q.classes,
    );
  const directKept = direct.filter((j) => inTime(j) && matches(j));
  const maxChanges = q.maxChanges ?? MAX_CHANGES;
  if (maxChanges === 0) return directKept;
  const classes = q.classes === 'all' ? undefined : new Set(q.classes.filter((c): c is VehicleClass => c !== 'railpass'));
  const cheaperNextTo = (shown: readonly Journey[], departAfter?: number) =>
    cheaperConnections(index, {
      from,
      to,
      day,
      classes,
      matches,
      maxChanges: maxChanges >= 2 ? 2 : 1,
      shown,
      ...(departAfter !== undefined ? { departAfter } : {}),
    });
  if ((q.engine ?? SEARCH_ENGINE) === 'classic') {
    // The whole day's answer, then the asked times: the classic search's "enough" rules depend on
    // what it found, so cutting its first legs could add journeys the whole day does not show.
    const dayDirect = direct.filter(matches);
    if (dayDirect.length >= DIRECT_ENOUGH) return directKept;
    const connections = cheaperNextTo(dayDirect);
    return [...directKept, ...pruneConnections(dayDirect, connections).slice(0, MAX_CONNECTIONS).filter(inTime)];
  }
  // The fastest journeys: never one worse than optimal on departure, arrival and changes. Its
  // one-leg journeys are among the direct trips already. Connections (not direct trips: those
  // are the day's departures) that arrive after the arrival horizon, or that a journey leaving
  // after the day beats, are left out: the same journeys the reference considers.
  const directOnly = directKept.length >= DIRECT_ENOUGH;
  const fastestOfDay = (found: readonly Journey[]) => found.filter((j) => j.legs.length > 1 && matches(j));
  const {
    journeys: fastestFound,
    later,
    horizon,
    companions,
  } = fastestJourneysAndLater(
    index,
    {
      originStations: from.stations,
      destinationStations: to.stations,
      day,
      maxChanges,
      ...(classes ? { classes } : {}),
      ...(q.departAfter !== undefined ? { departAfter: q.departAfter } : {}),
      ...(q.arriveBy !== undefined ? { arriveBy: q.arriveBy } : {}),
    },
    // Cheaper connections fill gaps (bus + ferry to an island); a route with plenty of direct
    // departures needs none (they would be noise), and the same rule holds one level up for a
    // second change. They are found next to the fastest journeys, so that the engine knows how
    // far to look after the day for journeys that beat them.
    (front) => (directOnly ? [] : cheaperNextTo([...directKept, ...fastestOfDay(front)], q.departAfter).filter(inTime)),
  );
  const shown = [...directKept, ...fastestOfDay(fastestFound)];
  if (directOnly) return shown;
  // A cheaper connection stays only when no shown journey is as good on every count, price
  // included, and none leaving after the day arrives as early with as many legs (nor does it arrive
  // after the horizon: the same journeys the reference considers).
  const cheaper = companions.filter((j) => j.arr <= horizon && j.arr < (later[j.legs.length] ?? Infinity));
  return [...shown, ...pruneConnections(shown, cheaper).slice(0, MAX_CONNECTIONS)];
}

/**
 * The place-by-place search through places on the way (connections.ts), class-matched: first
 * legs from the origin to every place worth one (leaving at or after departAfter), and a second
 * change only while what is shown leaves fewer than ONE_CHANGE_ENOUGH choices.
 */
function cheaperConnections(
  index: TimetableIndex,
  q: {
    from: ResolvedEndpoint;
    to: ResolvedEndpoint;
    day: number;
    classes: ReadonlySet<VehicleClass> | undefined;
    matches: (j: Journey) => boolean;
    maxChanges: 1 | 2;
    shown: readonly Journey[];
    departAfter?: number;
  },
): Journey[] {
  const byDest = index.hops.get(q.from.place.id);
  const departAfter = q.departAfter ?? -Infinity;
  const firstLegs = [];
  for (const placeId of connectionPlaces(index, q.from.place, q.to.place, q.maxChanges)) {
    const hops = byDest?.get(placeId);
    if (hops)
      firstLegs.push(
        ...legsOnDay(index, hops, q.day, (h) => q.from.stations.has(h.route.stops[h.board]?.stationId ?? -1)).filter(
          (l) => l.dep >= departAfter,
        ),
      );
  }
  return findConnections(index, {
    origin: q.from.place,
    destination: q.to.place,
    firstLegs,
    destinationStations: q.to.stations,
    maxChanges: q.maxChanges,
    ...(q.classes ? { classes: q.classes } : {}),
    enough: (found) => q.shown.length + pruneConnections(q.shown, found.filter(q.matches)).length >= ONE_CHANGE_ENOUGH,
  }).filter(q.matches);
}

export function search(index: TimetableIndex, q: SearchQuery): SearchResult {
  return priceJourneys(index, findJourneys(index, q), q);
}

/** Prices journeys as trips, sorted by departure, with the recommended rank set. */
export function priceJourneys(
  index: TimetableIndex,
  journeys: readonly Journey[],
  q: Omit<SearchQuery, 'from' | 'to' | 'date' | 'classes'>,
): SearchResult {
  const currency = pricingCurrency(q.currency, index.fx);
  const ctx = {
    index,
    currency,
    people: q.people,
    nowMin: Math.floor(q.now / 60_000),
    today: Math.floor(q.now / 86_400_000),
    bookingBase: q.bookingBase ?? '',
    roundTrip: q.roundTrip ?? false,
    ...(q.seatsLeft ? { seatsLeft: q.seatsLeft } : {}),
  };
  const priced: { trip: Trip; journey: Journey }[] = [];
  for (const journey of journeys) {
    const trip = buildTrip(ctx, journey);
    if (trip) priced.push({ trip, journey });
  }
  // Times are 'YYYY-MM-DD HH:mm' in one format, so they compare as plain strings (localeCompare
  // gives the same order, several times slower). Trips at the same times in the routes' content
  // order (byRoutes), not by their keys: those hold database ids.
  priced.sort(
    (a, b) =>
      byText(a.trip.params.dep_time, b.trip.params.dep_time) ||
      byText(a.trip.params.arr_time, b.trip.params.arr_time) ||
      byRoutes(a.journey, b.journey) ||
      a.trip.key.localeCompare(b.trip.key),
  );
  const trips = priced.map(({ trip }) => trip);
  assignSalesSorting(trips);
  return { trips, currency, hasAutoconnection: trips.some((t) => t.params.is_auto_pack) };
}

/** SPEC §3 next trip dates: the first days after `date` with at least one trip (up to `limit`, within `horizonDays`). */
export function nextDates(
  index: TimetableIndex,
  q: Pick<SearchQuery, 'from' | 'to' | 'date' | 'classes' | 'engine'>,
  limit = 3,
  horizonDays = 60,
): string[] {
  const day = dayNumber(q.date);
  if (day === undefined) return [];
  const found: string[] = [];
  const directOnly = { ...q, maxChanges: 0 as const };
  const withChanges = { ...q, maxChanges: MAX_CHANGES as 3 };
  const from = resolveEndpoint(index, q.from);
  const to = resolveEndpoint(index, q.to);
  // With all classes or one, "a journey exists" is the fastest-journeys search's earliest arrival
  // (one run, not a whole day's front). A list of classes must be matched exactly, which only
  // the whole search does.
  const onlyClass = q.classes === 'all' ? undefined : q.classes.length === 1 ? q.classes[0] : null;
  const anyJourney = (d: number) =>
    (q.engine ?? SEARCH_ENGINE) === 'classic' || onlyClass === null || onlyClass === 'railpass' || !from || !to
      ? journeysOnDay(index, withChanges, d).length > 0
      : fastestJourneys(index, {
          originStations: from.stations,
          destinationStations: to.stations,
          day: d,
          earliestOnly: true,
          ...(onlyClass ? { classes: new Set([onlyClass]) } : {}),
        }).length > 0;
  for (let d = day + 1; d <= day + horizonDays && found.length < limit; d++) {
    // Direct trips first: a day with a direct departure needs no connection search.
    if (journeysOnDay(index, directOnly, d).length > 0 || anyJourney(d)) found.push(fromDayNumber(d));
  }
  return found;
}
