/**
 * The trips summary of SPEC §3 and the trip-list rules of §4 that do not depend on filters:
 * recommended picks, classes on offer, price bounds, the high-demand flag, recheck merging and
 * disabled trips.
 */
import type { Money } from '../search/money.ts';
import { cardOption } from '../search/cardOption.ts';
import type { Trip } from '../search/trips.ts';
import type { VehicleClass } from '../search/vehicleClasses.ts';

export const RECOMMENDED_RULES = ['cheapest', 'fastest', 'best_rated'] as const;
export type RecommendedRule = (typeof RECOMMENDED_RULES)[number];

export interface TripsSummary {
  /** Trip key picked by each of the three recommended rules. */
  recommended: Partial<Record<RecommendedRule, string>>;
  availableClasses: VehicleClass[];
  hasAutoconnection: boolean;
  minPrice: Money;
  maxPrice: Money;
  highDemandRoute: { enabled: boolean };
}

/** SPEC §3 default price when there is nothing to price: 0 in THB. */
export const ZERO_PRICE: Money = { value: 0, fxcode: 'THB', minor: 0 };

/** A route is in high demand when at least a third of its bookable trips have 5 seats or fewer. */
const HIGH_DEMAND_SEATS = 5;

export function summarize(trips: readonly Trip[]): TripsSummary {
  const bookable = trips.filter((t) => t.params.is_bookable);
  const pick = (better: (a: Trip, b: Trip) => boolean) =>
    bookable.reduce<Trip | undefined>((best, t) => (!best || better(t, best) ? t : best), undefined)?.key;
  const recommended: TripsSummary['recommended'] = {};
  const cheapest = pick((a, b) => a.min_price.minor < b.min_price.minor);
  const fastest = pick((a, b) => a.params.duration_min < b.params.duration_min);
  const rated = pick((a, b) => (a.rating ?? -1) > (b.rating ?? -1));
  if (cheapest) recommended.cheapest = cheapest;
  if (fastest) recommended.fastest = fastest;
  if (rated) recommended.best_rated = rated;
  const scarce = bookable.filter(
    (t) => Math.min(...t.travel_options.filter((o) => o.bookable).map((o) => o.seats_left)) <= HIGH_DEMAND_SEATS,
  );
  return {
    recommended,
    availableClasses: [...new Set(trips.flatMap((t) => t.params.vehclasses))].sort(),
    hasAutoconnection: trips.some((t) => t.params.is_auto_pack),
    // Only what can be booked now counts: a sold-out cheap class is no price anyone can pay.
    minPrice: (bookable.length ? bookable : trips)
      .map((t) => t.min_price)
      .reduce((a, b) => (b.minor < a.minor ? b : a), (bookable[0] ?? trips[0])?.min_price ?? ZERO_PRICE),
    maxPrice: trips.map((t) => t.max_price).reduce((a, b) => (b.minor > a.minor ? b : a), trips[0]?.max_price ?? ZERO_PRICE),
    highDemandRoute: { enabled: bookable.length >= 3 && scarce.length * 3 >= bookable.length },
  };
}

/** What a recheck answers per trip: fresh seats, prices and options. */
export type RecheckedTrip = Pick<Trip, 'key' | 'params' | 'min_price' | 'max_price' | 'travel_options'>;

/** SPEC §4: recheck results are merged into the trips by key; trips the recheck does not know stay. */
export function mergeRecheck(trips: readonly Trip[], rechecked: readonly RecheckedTrip[]): Trip[] {
  const byKey = new Map(rechecked.map((r) => [r.key, r]));
  return trips.map((t) => {
    const r = byKey.get(t.key);
    return r ? { ...t, params: r.params, min_price: r.min_price, max_price: r.max_price, travel_options: r.travel_options } : t;
  });
}

/**
 * SPEC §4: a trip reported disabled (e.g. sold out when adding to the cart) makes the matching
 * travel options unbookable; when none is left the trip itself is not bookable.
 */
export function disableTrip(trips: readonly Trip[], key: string, optionIds?: readonly string[]): Trip[] {
  return trips.map((t) => {
    if (t.key !== key) return t;
    const options = t.travel_options.map((o) => (!optionIds || optionIds.includes(o.id) ? { ...o, bookable: 0 as const } : o));
    const left = options.filter((o) => o.bookable).length;
    // The card's price follows the class it now books.
    const shown = cardOption(options);
    return {
      ...t,
      travel_options: options,
      min_price: shown?.price ?? t.min_price,
      params: { ...t.params, bookable: left, is_bookable: left > 0 },
    };
  });
}
