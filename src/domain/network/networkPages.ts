/**
 * What the station and operator pages show, computed once from the timetable index (the same
 * in-memory network the search uses) so that thousands of pre-rendered pages cost one database
 * read per build. Times are local to the station (Southeast Asia keeps no daylight saving time,
 * so the index's fixed UTC offsets are exact).
 */
import { type OperatorNode, type RouteNode, type StationNode, type TimetableIndex } from '../search/timetable.ts';
import type { VehicleClass } from '../search/vehicleClasses.ts';

export interface Departure {
  /** Local minutes after midnight at the station. */
  minute: number;
  weekdays: number;
  routeId: number;
  routeCode: string;
  operatorId: number;
  vehicleClass: VehicleClass;
  /** Last stop of the route. */
  toStationId: number;
  toPlaceId: number;
  durationMin: number;
  approximate: boolean;
}

export interface Connection {
  toPlaceId: number;
  /** Departures a week from this station to that place, over all routes. */
  perWeek: number;
  minDurationMin: number;
  operatorIds: number[];
  vehicleClasses: VehicleClass[];
}

export interface StationSummary {
  departures: Departure[];
  connections: Connection[];
  operatorIds: number[];
  nearby: { stationId: number; km: number }[];
}

export interface OperatorSummary {
  routes: { route: RouteNode; fromPlaceId: number; toPlaceId: number; durationMin: number; perWeek: number }[];
  classNames: string[];
  stationIds: number[];
}

function daysPerWeek(weekdays: number): number {
  let n = 0;
  for (let bit = 0; bit < 7; bit++) if (weekdays & (1 << bit)) n++;
  return n;
}

const mod1440 = (m: number) => ((m % 1440) + 1440) % 1440;

export const MAX_DEPARTURES = 40;
export const MAX_CONNECTIONS = 24;
export const NEARBY_STATIONS = 5;
const NEARBY_MAX_KM = 60;

export interface NetworkPages {
  stations: Map<number, StationSummary>;
  operators: Map<number, OperatorSummary>;
}

/** Every station's and operator's page data in one pass over the routes. */
export function buildNetworkPages(index: TimetableIndex): NetworkPages {
  const departures = new Map<number, Departure[]>();
  const connections = new Map<number, Map<number, Connection>>();
  const stationOperators = new Map<number, Set<number>>();
  const operators = new Map<number, OperatorSummary>();

  for (const route of index.routes) {
    const first = route.stops[0];
    const last = route.stops[route.stops.length - 1];
    if (!first || !last) continue;
    const week = route.schedules.reduce((n, s) => n + daysPerWeek(s.weekdays), 0);
    let op = operators.get(route.operatorId);
    if (!op) operators.set(route.operatorId, (op = { routes: [], classNames: [], stationIds: [] }));
    op.routes.push({ route, fromPlaceId: first.placeId, toPlaceId: last.placeId, durationMin: last.arr - first.dep, perWeek: week });
    for (const o of route.options) if (!op.classNames.includes(o.className)) op.classNames.push(o.className);

    route.stops.forEach((stop, i) => {
      if (!op.stationIds.includes(stop.stationId)) op.stationIds.push(stop.stationId);
      let ops = stationOperators.get(stop.stationId);
      if (!ops) stationOperators.set(stop.stationId, (ops = new Set()));
      ops.add(route.operatorId);
      if (i === route.stops.length - 1) return;
      const station = index.stations.get(stop.stationId);
      const offset = (station?.utcOffsetMin ?? route.firstOffsetMin) - route.firstOffsetMin;
      let list = departures.get(stop.stationId);
      if (!list) departures.set(stop.stationId, (list = []));
      for (const schedule of route.schedules) {
        list.push({
          minute: mod1440(schedule.departureMinute + stop.dep + offset),
          weekdays: schedule.weekdays,
          routeId: route.id,
          routeCode: route.code,
          operatorId: route.operatorId,
          vehicleClass: route.vehicleClass,
          toStationId: last.stationId,
          toPlaceId: last.placeId,
          durationMin: last.arr - stop.dep,
          approximate: !schedule.timesConfirmed,
        });
      }
      let byPlace = connections.get(stop.stationId);
      if (!byPlace) connections.set(stop.stationId, (byPlace = new Map<number, Connection>()));
      for (const later of route.stops.slice(i + 1)) {
        if (later.placeId === stop.placeId) continue;
        let c = byPlace.get(later.placeId);
        if (!c)
          byPlace.set(
            later.placeId,
            (c = { toPlaceId: later.placeId, perWeek: 0, minDurationMin: Infinity, operatorIds: [], vehicleClasses: [] }),
          );
        c.perWeek += week;
        c.minDurationMin = Math.min(c.minDurationMin, later.arr - stop.dep);
        if (!c.operatorIds.includes(route.operatorId)) c.operatorIds.push(route.operatorId);
        if (!c.vehicleClasses.includes(route.vehicleClass)) c.vehicleClasses.push(route.vehicleClass);
      }
    });
  }

  const all = [...index.stations.values()];
  const stations = new Map<number, StationSummary>();
  for (const station of all) {
    const list = (departures.get(station.id) ?? []).sort((a, b) => a.minute - b.minute || a.routeId - b.routeId).slice(0, MAX_DEPARTURES);
    const conns = [...(connections.get(station.id)?.values() ?? [])]
      .sort((a, b) => b.perWeek - a.perWeek || a.minDurationMin - b.minDurationMin || a.toPlaceId - b.toPlaceId)
      .slice(0, MAX_CONNECTIONS);
    stations.set(station.id, {
      departures: list,
      connections: conns,
      operatorIds: [...(stationOperators.get(station.id) ?? [])].sort((a, b) => a - b),
      nearby: nearbyStations(station, all),
    });
  }
  for (const op of operators.values()) op.routes.sort((a, b) => b.perWeek - a.perWeek || a.route.id - b.route.id);
  return { stations, operators };
}

/** Great-circle distance; stations a few kilometres apart are "nearby" whatever the road. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function nearbyStations(station: StationNode, all: readonly StationNode[]): { stationId: number; km: number }[] {
  return all
    .filter((s) => s.id !== station.id)
    .map((s) => ({ stationId: s.id, km: distanceKm(station, s) }))
    .filter((s) => s.km <= NEARBY_MAX_KM)
    .sort((a, b) => a.km - b.km || a.stationId - b.stationId)
    .slice(0, NEARBY_STATIONS)
    .map((s) => ({ stationId: s.stationId, km: Math.round(s.km * 10) / 10 }));
}

/** /{lang}/station/{id}-{slug} */
export function stationPath(lang: string, station: Pick<StationNode, 'id' | 'slug'>): string {
  return `/${lang}/station/${station.id}-${station.slug}`;
}

/** /{lang}/operator/{slug} */
export function operatorPath(lang: string, operator: Pick<OperatorNode, 'slug'>): string {
  return `/${lang}/operator/${operator.slug}`;
}

/** A rating shown to one decimal (SPEC §9), as a number for structured data. */
export function roundRating(rating: number): number {
  return Math.round(rating * 10) / 10;
}

/** "07:05" from local minutes after midnight. */
export function clockTime(minute: number): string {
  const m = mod1440(minute);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export interface DestinationDepartures {
  toStationId: number;
  minutes: number[];
  operatorIds: number[];
  vehicleClasses: VehicleClass[];
  durationMin: number;
}

/** The new station page's view: one row per destination with all its times of day. */
export function departuresByDestination(departures: readonly Departure[]): DestinationDepartures[] {
  const rows = new Map<number, DestinationDepartures>();
  for (const d of departures) {
    let row = rows.get(d.toStationId);
    if (!row)
      rows.set(
        d.toStationId,
        (row = { toStationId: d.toStationId, minutes: [], operatorIds: [], vehicleClasses: [], durationMin: d.durationMin }),
      );
    if (!row.minutes.includes(d.minute)) row.minutes.push(d.minute);
    if (!row.operatorIds.includes(d.operatorId)) row.operatorIds.push(d.operatorId);
    if (!row.vehicleClasses.includes(d.vehicleClass)) row.vehicleClasses.push(d.vehicleClass);
    row.durationMin = Math.min(row.durationMin, d.durationMin);
  }
  for (const row of rows.values()) row.minutes.sort((a, b) => a - b);
  return [...rows.values()].sort((a, b) => b.minutes.length - a.minutes.length || a.toStationId - b.toStationId);
}
