/**
 * The two banner kinds of SPEC §3 Fact besides plain `travel` facts, worked out from the trips of
 * the searched day:
 * - `travelBannerRecommended`: the trip the recommended order puts first, with the recommended
 *   rules it also wins (cheapest, fastest, best rated) — the reason a traveller should trust it;
 * - `travelBannerGroups`: the day's trips grouped by the way they travel (same vehicle classes),
 *   each group with its count, first and last departure and lowest bookable price.
 * Each is produced only where it tells more than the list itself: a pick needs a choice, groups
 * need more than one group.
 */
import { RECOMMENDED_RULES, summarize, type RecommendedRule } from '../results/summary.ts';
import type { Money } from './money.ts';
import type { Trip } from './trips.ts';
import type { VehicleClass } from './vehicleClasses.ts';

export interface RecommendedBanner {
  id: 'recommended_trip';
  type: 'travelBannerRecommended';
  /** The trip's key, so the page can point at its card. */
  key: string;
  vehclasses: VehicleClass[];
  /** Local departure time of the first leg, HH:MM. */
  dep_time: string;
  price: Money;
  /** The recommended rules this trip wins, in RECOMMENDED_RULES order. */
  reasons: RecommendedRule[];
}

export interface TripGroup {
  vehclasses: VehicleClass[];
  count: number;
  /** Local departure times (HH:MM) of the group's first and last trip. */
  first_dep: string;
  last_dep: string;
  /** The lowest price that can be booked now; null when nothing in the group is bookable. */
  min_price: Money | null;
}

export interface GroupsBanner {
  id: 'trip_groups';
  type: 'travelBannerGroups';
  groups: TripGroup[];
}

/** A pick is worth a banner only among this many bookable trips (with fewer the list is the pick). */
const MIN_CHOICE = 2;

const clock = (localDateTime: string) => localDateTime.slice(11, 16);

/**
 * The first bookable trip in the recommended order, when it also wins at least one recommended
 * rule: "ranked first" alone is no reason a traveller can check.
 */
export function recommendedBanner(trips: readonly Trip[]): RecommendedBanner | undefined {
  const bookable = trips.filter((t) => t.params.is_bookable);
  if (bookable.length < MIN_CHOICE) return undefined;
  const top = bookable.reduce((a, b) => (b.sales_sorting < a.sales_sorting ? b : a));
  const picks = summarize(trips).recommended;
  const reasons = RECOMMENDED_RULES.filter((rule) => picks[rule] === top.key);
  if (reasons.length === 0) return undefined;
  return {
    id: 'recommended_trip',
    type: 'travelBannerRecommended',
    key: top.key,
    vehclasses: top.params.vehclasses,
    dep_time: clock(top.params.dep_time),
    price: top.min_price,
    reasons,
  };
}

/** The day's trips by vehicle classes, the largest group first; undefined when there is one group. */
export function groupsBanner(trips: readonly Trip[]): GroupsBanner | undefined {
  const byClasses = new Map<string, Trip[]>();
  for (const trip of trips) {
    const id = trip.params.vehclasses.join('-');
    byClasses.set(id, [...(byClasses.get(id) ?? []), trip]);
  }
  if (byClasses.size < 2) return undefined;
  const groups = [...byClasses.values()].map((members): TripGroup => {
    const departures = members.map((t) => t.params.dep_time).sort();
    const prices = members.filter((t) => t.params.is_bookable).map((t) => t.min_price);
    return {
      vehclasses: members[0]?.params.vehclasses ?? [],
      count: members.length,
      first_dep: clock(departures[0] ?? ''),
      last_dep: clock(departures.at(-1) ?? ''),
      min_price: prices.reduce<Money | null>((a, b) => (!a || b.minor < a.minor ? b : a), null),
    };
  });
  groups.sort((a, b) => b.count - a.count || a.first_dep.localeCompare(b.first_dep));
  return { id: 'trip_groups', type: 'travelBannerGroups', groups };
}
