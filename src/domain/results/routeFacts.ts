/**
 * Route facts for readers and crawlers on the results page (SPEC §2): the cheapest price, how
 * many trips run on a day, who runs them and how long the trip usually takes.
 */
import type { Money } from '../search/money.ts';
import type { Trip } from '../search/trips.ts';

export interface RouteSummaryFacts {
  dailyTrips: number;
  cheapest: Money | null;
  typicalDurationMin: number | null;
  fastestDurationMin: number | null;
  operatorIds: number[];
  vehclasses: string[];
  firstDeparture: string | null;
  lastDeparture: string | null;
}

export function summarizeRoute(trips: readonly Trip[]): RouteSummaryFacts {
  const durations = trips.map((t) => t.params.duration_min).sort((a, b) => a - b);
  const times = trips.map((t) => t.params.dep_time.slice(11, 16)).sort();
  // The cheapest fare is one that can be booked now.
  const cheapest = trips
    .filter((t) => t.params.is_bookable)
    .reduce<Trip | undefined>((best, t) => (!best || t.min_price.minor < best.min_price.minor ? t : best), undefined);
  return {
    dailyTrips: trips.length,
    cheapest: cheapest ? cheapest.min_price : null,
    // The median, so one slow connection does not skew what "usually" means.
    typicalDurationMin: durations.length ? (durations[Math.floor((durations.length - 1) / 2)] ?? null) : null,
    fastestDurationMin: durations[0] ?? null,
    operatorIds: [...new Set(trips.flatMap((t) => t.params.operators))],
    vehclasses: [...new Set(trips.flatMap((t) => t.params.vehclasses))].sort(),
    firstDeparture: times[0] ?? null,
    lastDeparture: times.at(-1) ?? null,
  };
}
