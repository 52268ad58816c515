/**
 * Departures grouped by the part of the day they leave in: the new results layout (the /new
 * variant) lists trips under Night, Morning, Afternoon and Evening. The parts are the SPEC §9
 * departure-time buckets of the filters, so a heading and its filter checkbox always agree.
 */
import type { Trip } from '../search/trips.ts';
import { TIME_BUCKETS } from './filters.ts';

export type TimeBucket = (typeof TIME_BUCKETS)[number];
export type DayPart = 'night' | 'morning' | 'afternoon' | 'evening' | 'anytime';

/** The name of each time bucket (translation key `results.time.<name>`). */
export const TIME_BUCKET_NAMES: Record<TimeBucket, Exclude<DayPart, 'anytime'>> = {
  '00-06': 'night',
  '06-12': 'morning',
  '12-18': 'afternoon',
  '18-24': 'evening',
};

/** Charter taxis leave whenever the traveller wants: they get their own group at the end. */
export function dayPartOf(trip: Trip): DayPart {
  if (trip.params.vehclasses.includes('charter')) return 'anytime';
  const hour = Number(trip.params.dep_time.slice(11, 13));
  const bucket = TIME_BUCKETS.find((b) => hour >= Number(b.slice(0, 2)) && hour < Number(b.slice(3, 5)));
  return bucket ? TIME_BUCKET_NAMES[bucket] : 'anytime';
}

export interface DayPartGroup<T> {
  part: DayPart;
  trips: T[];
}

const ORDER: readonly DayPart[] = ['night', 'morning', 'afternoon', 'evening', 'anytime'];

/**
 * Groups in the order of the day, empty parts left out; inside a group the trips keep the
 * list's order, so the chosen sort (cheapest, fastest, …) still applies within each part.
 */
export function groupByDayPart<T extends Trip>(trips: readonly T[]): DayPartGroup<T>[] {
  const groups = new Map<DayPart, T[]>();
  for (const trip of trips) {
    const part = dayPartOf(trip);
    const list = groups.get(part) ?? [];
    list.push(trip);
    groups.set(part, list);
  }
  return ORDER.flatMap((part) => {
    const list = groups.get(part);
    return list ? [{ part, trips: list }] : [];
  });
}
