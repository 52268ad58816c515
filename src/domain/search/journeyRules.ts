/**
 * What counts as a journey, shared by the engine and by the exhaustive reference search that
 * checks it (reference.ts): how long a change takes, how many changes at most, which departures
 * belong to an asked date and how late a journey may still arrive. Keeping these in one place is
 * what makes "the engine finds what the reference finds" a statement about the same journeys.
 */
import type { StationKind } from './timetable.ts';
import type { VehicleClass } from './vehicleClasses.ts';

const STATION_MCT: Record<StationKind, number> = {
  bus_terminal: 30,
  railway_station: 30,
  pickup_point: 20,
  pier: 45,
  airport: 90,
};
/** Crossing town between two stations of a place. */
const CROSS_TOWN_MIN = 30;
/** Check-in and baggage: any change to or from a flight. */
const FLIGHT_MCT = 90;

/** Minutes between arriving on one vehicle and leaving on the next, in the same place. */
export function minConnectionMinutes(
  arrival: { kind: StationKind; id: number; vehicleClass: VehicleClass },
  departure: { kind: StationKind; id: number; vehicleClass: VehicleClass },
): number {
  const atStations = Math.max(STATION_MCT[arrival.kind], STATION_MCT[departure.kind]) + (arrival.id === departure.id ? 0 : CROSS_TOWN_MIN);
  const flight = arrival.vehicleClass === 'avia' || departure.vehicleClass === 'avia';
  return flight ? Math.max(FLIGHT_MCT, atStations) : atStations;
}

/** The shortest change anywhere (two legs at one pickup point). */
export const SHORTEST_CHANGE_MIN = Math.min(...Object.values(STATION_MCT));

/** The most changes a journey may have (four vehicles). */
export const MAX_CHANGES = 3;

/**
 * A journey must arrive by the end of the second day after its departure date (in the origin's
 * zone): three calendar days in all, enough for the longest routes (33 h) after a late start,
 * and a bound that keeps a search for an unreachable place short.
 */
export const ARRIVAL_HORIZON_DAYS = 2;

export interface SearchWindow {
  /** First minute (absolute, UTC) of the asked local date at the origin. */
  dayStart: number;
  /** First minute after it: a first leg leaves in [dayStart, dayEnd). */
  dayEnd: number;
  /** Latest arrival, inclusive. */
  horizon: number;
}

/**
 * The minutes a search covers: first legs leave on local day `day` at the origin (and not before
 * `departAfter`), every leg arrives by the horizon (and by `arriveBy`). Times are absolute minutes.
 */
export function searchWindow(
  day: number,
  originUtcOffsetMin: number,
  limits: { departAfter?: number; arriveBy?: number } = {},
): SearchWindow {
  const dayStart = day * 1440 - originUtcOffsetMin;
  const dayEnd = dayStart + 1440;
  const horizon = Math.min(dayEnd + ARRIVAL_HORIZON_DAYS * 1440 - 1, limits.arriveBy ?? Infinity);
  return { dayStart: Math.max(dayStart, limits.departAfter ?? -Infinity), dayEnd, horizon };
}
