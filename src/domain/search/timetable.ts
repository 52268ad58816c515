/**
 * The in-memory timetable index: the inventory rows rearranged so that a search never scans
 * what it cannot use. The central structure is `hops`: for every ordered pair of places, every
 * (route, boarding stop, alighting stop) that carries a traveller from one to the other. A
 * direct search is one map lookup; a connection search walks hops place by place.
 *
 * Time: a departure is an absolute minute since 1970-01-01 UTC ("abs"). Timetable minutes are
 * local to the route's first stop, so abs = serviceDay·1440 + departureMinute + stopOffset −
 * firstStopUtcOffset. Southeast Asia keeps no daylight saving time, so each zone's offset is
 * taken once when the index is built.
 */
import type { RailpassCatalogue } from '../railpass/types.ts';
import type { VehicleClass } from './vehicleClasses.ts';
import { dayNumber, weekdayIndex } from './dates.ts';
import { bySchedule, rankRoutes } from './contentOrder.ts';

export type StationKind = 'bus_terminal' | 'pier' | 'airport' | 'railway_station' | 'pickup_point';
export type Localized = Record<string, string> & { en: string };

export interface PlaceNode {
  id: number;
  slug: string;
  kind: string;
  names: Localized;
  /** Other names travellers type (former names, other romanisations), for the typeahead. */
  aliases?: readonly string[];
  lat: number;
  lon: number;
  timeZone: string;
  countryCode: string;
  popularity: number;
  utcOffsetMin: number;
  stationIds: number[];
}

export interface StationNode {
  id: number;
  slug: string;
  kind: StationKind;
  names: Localized;
  aliases?: readonly string[];
  lat: number;
  lon: number;
  placeId: number;
  code: string | null;
  utcOffsetMin: number;
}

export interface OperatorNode {
  id: number;
  slug: string;
  name: string;
  logo: string;
  rating: number | null;
  reviewCount: number;
  confirmation: 'instant' | 'manual';
  currency: string;
  vehicleClasses: VehicleClass[];
}

export interface StopNode {
  stationId: number;
  placeId: number;
  arr: number;
  dep: number;
  /** Distance from the first stop, scaled so that the last stop sits at the route's distance. */
  km: number;
}

export interface ScheduleNode {
  id: number;
  departureMinute: number;
  weekdays: number;
  validFrom: number;
  validTo: number;
  timesConfirmed: boolean;
  /** Service days whose sales staff closed (departure_sales_closures): the schedule does not run for search. */
  closedDays?: ReadonlySet<number>;
}

export interface OptionNode {
  id: number;
  className: string;
  priceMinor: number;
  currency: string;
  seats: number;
  features: string[];
  fullRefundHours: number | null;
  confirmation: 'instant' | 'manual';
  cutoffMin: number;
  /** The whole-route fare in US dollars, for comparing trips priced in different currencies. */
  usd: number;
}

export interface RouteNode {
  id: number;
  operatorId: number;
  vehicleClass: VehicleClass;
  code: string;
  distanceKm: number;
  /** The operator sells it only as one package (SPEC §3 is_manual_pack). */
  manualPack?: boolean;
  /** Sold only on the operator's site (SPEC §3 external_purchase_url): never bookable here. */
  externalPurchaseUrl?: string | null;
  stops: StopNode[];
  schedules: ScheduleNode[];
  options: OptionNode[];
  firstOffsetMin: number;
  /** Cheapest whole-route fare in USD (dominance checks). */
  minUsd: number;
  /**
   * Place in the content order of the index's routes (contentOrder.ts): of equally good
   * journeys, the one with the lower-ranked route is kept — never the lower database id.
   */
  rank: number;
}

export interface Hop {
  route: RouteNode;
  board: number;
  alight: number;
}

export interface FxRate {
  perUsd: number;
  minorUnits: number;
}

export interface PricingRule {
  id: number;
  kind: 'early_booking' | 'round_trip';
  operatorId: number | null;
  vehicleClass: VehicleClass | null;
  minDaysAhead: number;
  discountPct: number;
  validFrom: number | null;
  validTo: number | null;
}

export interface TimetableIndex {
  version: number;
  places: Map<number, PlaceNode>;
  stations: Map<number, StationNode>;
  operators: Map<number, OperatorNode>;
  routes: RouteNode[];
  placesBySlug: Map<string, PlaceNode>;
  stationsBySlug: Map<string, StationNode>;
  /** hops.get(fromPlace).get(toPlace) */
  hops: Map<number, Map<number, Hop[]>>;
  /** into.get(toPlace): the places with a direct hop to it (prunes connection searches). */
  into: Map<number, Set<number>>;
  fx: Map<string, FxRate>;
  rules: PricingRule[];
  /** Seats left from departure_inventory (read with seatsLeftOf); absent means seats_per_departure. */
  seats: SeatsLeft;
  /** The rail pass catalogue, loaded with the network (src/server/railpass/catalogue.ts); absent: none sold. */
  railpasses?: RailpassCatalogue;
}

/** Raw inventory rows, as the loader reads them (dates as 'YYYY-MM-DD'). */
export interface TimetableRows {
  version: number;
  places: Omit<PlaceNode, 'utcOffsetMin' | 'stationIds'>[];
  stations: Omit<StationNode, 'utcOffsetMin'>[];
  operators: OperatorNode[];
  routes: {
    id: number;
    operatorId: number;
    vehicleClass: VehicleClass;
    code: string;
    distanceKm: number;
    manualPack?: boolean;
    externalPurchaseUrl?: string | null;
  }[];
  stops: { routeId: number; stopIndex: number; stationId: number; arrivalOffsetMin: number; departureOffsetMin: number }[];
  schedules: {
    id: number;
    routeId: number;
    departureMinute: number;
    weekdays: number;
    validFrom: string;
    validTo: string;
    timesConfirmed: boolean;
  }[];
  options: (Omit<OptionNode, 'usd'> & { routeId: number })[];
  fx: ({ currency: string } & FxRate)[];
  rules: (Omit<PricingRule, 'validFrom' | 'validTo'> & { validFrom: string | null; validTo: string | null })[];
  inventory: { scheduleId: number; travelOptionId: number; serviceDate: string; seatsLeft: number }[];
  /** Departures whose sales are closed (absent: none). */
  closures?: { scheduleId: number; serviceDate: string }[];
}

/**
 * Seats left per schedule, then service day, then travel option: nested by number, because a
 * search reads it for every class of every leg it prices, and most schedules have no entry.
 */
export type SeatsLeft = Map<number, Map<number, Map<number, number>>>;

/** The seats departure_inventory says are left (undefined: none recorded, seats_per_departure holds). */
export function seatsLeftOf(
  index: Pick<TimetableIndex, 'seats'>,
  scheduleId: number,
  optionId: number,
  serviceDay: number,
): number | undefined {
  return index.seats.get(scheduleId)?.get(serviceDay)?.get(optionId);
}

/** Minutes a zone is ahead of UTC at an instant, from Intl (no time-zone library needed). */
export function utcOffsetMinutes(timeZone: string, atMs: number): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(atMs)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export function placeDistanceKm(a: PlaceNode, b: PlaceNode): number {
  return haversineKm(a, b);
}

export function buildTimetableIndex(rows: TimetableRows, nowMs: number = Date.now()): TimetableIndex {
  const offsets = new Map<string, number>();
  const offsetOf = (tz: string) => {
    let o = offsets.get(tz);
    if (o === undefined) offsets.set(tz, (o = utcOffsetMinutes(tz, nowMs)));
    return o;
  };
  const places = new Map<number, PlaceNode>();
  for (const p of rows.places) places.set(p.id, { ...p, utcOffsetMin: offsetOf(p.timeZone), stationIds: [] });
  const stations = new Map<number, StationNode>();
  for (const s of rows.stations) {
    const place = places.get(s.placeId);
    if (!place) continue;
    place.stationIds.push(s.id);
    stations.set(s.id, { ...s, utcOffsetMin: place.utcOffsetMin });
  }
  const fx = new Map(rows.fx.map((r) => [r.currency, { perUsd: r.perUsd, minorUnits: r.minorUnits }]));
  const toUsd = (minor: number, currency: string) => {
    const rate = fx.get(currency);
    return rate ? minor / 10 ** rate.minorUnits / rate.perUsd : Number.POSITIVE_INFINITY;
  };

  const routes = new Map<number, RouteNode>();
  for (const r of rows.routes)
    routes.set(r.id, { ...r, stops: [], schedules: [], options: [], firstOffsetMin: 0, minUsd: Infinity, rank: 0 });
  const stopsByRoute = new Map<number, TimetableRows['stops']>();
  for (const s of rows.stops) {
    let list = stopsByRoute.get(s.routeId);
    if (!list) stopsByRoute.set(s.routeId, (list = []));
    list.push(s);
  }
  for (const [routeId, list] of stopsByRoute) {
    const route = routes.get(routeId);
    if (!route) continue;
    list.sort((a, b) => a.stopIndex - b.stopIndex);
    // Fares are pro-rated by distance: the crow-flies distances between stops, scaled to the route's road distance.
    const cumulative = [0];
    for (let i = 1; i < list.length; i++) {
      const a = stations.get(list[i - 1]?.stationId ?? -1);
      const b = stations.get(list[i]?.stationId ?? -1);
      cumulative.push((cumulative[i - 1] ?? 0) + (a && b ? haversineKm(a, b) : 0));
    }
    const total = cumulative.at(-1) ?? 0;
    // Stops without coordinates apart (all at one spot) share the distance evenly instead.
    const even = total <= 0;
    const scale = even ? route.distanceKm / Math.max(1, list.length - 1) : route.distanceKm / total;
    list.forEach((s, i) => {
      const station = stations.get(s.stationId);
      if (!station) return;
      const km = (even ? i : (cumulative[i] ?? 0)) * scale;
      route.stops.push({ stationId: s.stationId, placeId: station.placeId, arr: s.arrivalOffsetMin, dep: s.departureOffsetMin, km });
    });
    const first = stations.get(route.stops[0]?.stationId ?? -1);
    route.firstOffsetMin = first?.utcOffsetMin ?? 0;
  }
  const closedDays = new Map<number, Set<number>>();
  for (const c of rows.closures ?? []) {
    const day = dayNumber(c.serviceDate);
    if (day === undefined) continue;
    let days = closedDays.get(c.scheduleId);
    if (!days) closedDays.set(c.scheduleId, (days = new Set()));
    days.add(day);
  }
  for (const s of rows.schedules) {
    const validFrom = dayNumber(s.validFrom);
    const validTo = dayNumber(s.validTo);
    if (validFrom === undefined || validTo === undefined) continue;
    const closed = closedDays.get(s.id);
    routes.get(s.routeId)?.schedules.push({
      id: s.id,
      departureMinute: s.departureMinute,
      weekdays: s.weekdays,
      validFrom,
      validTo,
      timesConfirmed: s.timesConfirmed,
      ...(closed ? { closedDays: closed } : {}),
    });
  }
  for (const o of rows.options) {
    const route = routes.get(o.routeId);
    if (!route) continue;
    const usd = toUsd(o.priceMinor, o.currency);
    route.options.push({
      id: o.id,
      className: o.className,
      priceMinor: o.priceMinor,
      currency: o.currency,
      seats: o.seats,
      features: o.features,
      fullRefundHours: o.fullRefundHours,
      confirmation: o.confirmation,
      cutoffMin: o.cutoffMin,
      usd,
    });
    route.minUsd = Math.min(route.minUsd, usd);
  }

  const operatorSlugs = new Map(rows.operators.map((o) => [o.id, o.slug]));
  // In content order (so every list built from it below is too), each route's schedules as well.
  const usable = rankRoutes(
    [...routes.values()].filter((r) => r.stops.length >= 2 && r.schedules.length > 0 && r.options.length > 0),
    (id) => operatorSlugs.get(id) ?? '',
    (id) => stations.get(id)?.slug ?? '',
  );
  for (const route of usable) route.schedules.sort(bySchedule);
  const hops = new Map<number, Map<number, Hop[]>>();
  for (const route of usable) {
    for (let b = 0; b < route.stops.length - 1; b++) {
      const from = route.stops[b]?.placeId ?? -1;
      let byDest = hops.get(from);
      if (!byDest) hops.set(from, (byDest = new Map<number, Hop[]>()));
      for (let a = b + 1; a < route.stops.length; a++) {
        const to = route.stops[a]?.placeId ?? -1;
        if (to === from) continue;
        let list = byDest.get(to);
        if (!list) byDest.set(to, (list = []));
        list.push({ route, board: b, alight: a });
      }
    }
  }

  const into = new Map<number, Set<number>>();
  for (const [from, byDest] of hops)
    for (const to of byDest.keys()) {
      let set = into.get(to);
      if (!set) into.set(to, (set = new Set()));
      set.add(from);
    }

  const seats: SeatsLeft = new Map();
  for (const row of rows.inventory) {
    const day = dayNumber(row.serviceDate);
    if (day === undefined) continue;
    let days = seats.get(row.scheduleId);
    if (!days) seats.set(row.scheduleId, (days = new Map<number, Map<number, number>>()));
    let options = days.get(day);
    if (!options) days.set(day, (options = new Map<number, number>()));
    options.set(row.travelOptionId, row.seatsLeft);
  }
  const rules: PricingRule[] = rows.rules.map((r) => ({
    ...r,
    validFrom: r.validFrom ? (dayNumber(r.validFrom) ?? null) : null,
    validTo: r.validTo ? (dayNumber(r.validTo) ?? null) : null,
  }));

  return {
    version: rows.version,
    places,
    stations,
    operators: new Map(rows.operators.map((o) => [o.id, o])),
    routes: usable,
    placesBySlug: new Map([...places.values()].map((p) => [p.slug, p])),
    stationsBySlug: new Map([...stations.values()].map((s) => [s.slug, s])),
    hops,
    into,
    fx,
    rules,
    seats,
  };
}

/** One ride on one vehicle: a schedule's departure on a service day, from one stop to a later one. */
export interface Leg {
  route: RouteNode;
  schedule: ScheduleNode;
  board: number;
  alight: number;
  serviceDay: number;
  dep: number;
  arr: number;
}

/** Whether the schedule runs, and is on sale, on service day `day` (closed sales count as not running). */
export function runsOn(schedule: ScheduleNode, day: number): boolean {
  return (
    day >= schedule.validFrom &&
    day <= schedule.validTo &&
    (schedule.weekdays & (1 << weekdayIndex(day))) !== 0 &&
    !schedule.closedDays?.has(day)
  );
}

/** Absolute minute of service day 0's departure from a stop; add day·1440 for a real day. */
function baseMinute(route: RouteNode, schedule: ScheduleNode, stop: number, field: 'arr' | 'dep'): number {
  return schedule.departureMinute + (route.stops[stop]?.[field] ?? 0) - route.firstOffsetMin;
}

/** Legs of `hops` that leave on local calendar day `day` at their boarding station. */
export function legsOnDay(index: TimetableIndex, hops: readonly Hop[], day: number, accept?: (hop: Hop) => boolean): Leg[] {
  const legs: Leg[] = [];
  for (const hop of hops) {
    if (accept && !accept(hop)) continue;
    const { route, board, alight } = hop;
    const boardOffset = index.stations.get(route.stops[board]?.stationId ?? -1)?.utcOffsetMin ?? 0;
    for (const schedule of route.schedules) {
      const dep0 = baseMinute(route, schedule, board, 'dep');
      // The service day whose departure reaches this stop on the asked local day.
      const serviceDay = day - Math.floor((dep0 + boardOffset) / 1440);
      if (!runsOn(schedule, serviceDay)) continue;
      legs.push({
        route,
        schedule,
        board,
        alight,
        serviceDay,
        dep: serviceDay * 1440 + dep0,
        arr: serviceDay * 1440 + baseMinute(route, schedule, alight, 'arr'),
      });
    }
  }
  return legs;
}

/** Legs of `hops` departing within [from, to] absolute minutes. */
export function legsInWindow(hops: readonly Hop[], from: number, to: number): Leg[] {
  const legs: Leg[] = [];
  for (const hop of hops) {
    const { route, board, alight } = hop;
    for (const schedule of route.schedules) {
      const dep0 = baseMinute(route, schedule, board, 'dep');
      const arr0 = baseMinute(route, schedule, alight, 'arr');
      for (let day = Math.ceil((from - dep0) / 1440); day * 1440 + dep0 <= to; day++) {
        if (runsOn(schedule, day))
          legs.push({ route, schedule, board, alight, serviceDay: day, dep: day * 1440 + dep0, arr: day * 1440 + arr0 });
      }
    }
  }
  return legs;
}

export function legKm(leg: { route: RouteNode; board: number; alight: number }): number {
  return (leg.route.stops[leg.alight]?.km ?? 0) - (leg.route.stops[leg.board]?.km ?? 0);
}

/** Share of the whole-route fare a leg costs (SPEC: shorter legs are pro-rated by distance). */
export function fareShare(leg: { route: RouteNode; board: number; alight: number }): number {
  return leg.route.distanceKm > 0 ? Math.min(1, Math.max(0, legKm(leg) / leg.route.distanceKm)) : 1;
}

export function legStation(index: TimetableIndex, leg: Leg, which: 'board' | 'alight'): StationNode | undefined {
  return index.stations.get(leg.route.stops[which === 'board' ? leg.board : leg.alight]?.stationId ?? -1);
}
