/**
 * How the search asks an operator for live seats: the recheck step calls one connector per
 * recheck URL. The built-in connector reads our own seat inventory; an operator confirming by
 * hand answers through a slower channel, which the manual connector simulates.
 */
import type { Db } from '../db/client.ts';

export interface SeatQuery {
  scheduleId: number;
  travelOptionId: number;
  /** Local service date at the first stop, YYYY-MM-DD. */
  serviceDate: string;
  seatsPerDeparture: number;
}

export interface OperatorConnector {
  readonly name: 'builtin' | 'manual';
  /** Seats left per query, keyed by `${scheduleId}:${travelOptionId}:${serviceDate}`. */
  seatsLeft(db: Db, queries: readonly SeatQuery[]): Promise<Map<string, number>>;
}

export function seatQueryKey(q: Pick<SeatQuery, 'scheduleId' | 'travelOptionId' | 'serviceDate'>): string {
  return `${q.scheduleId}:${q.travelOptionId}:${q.serviceDate}`;
}
