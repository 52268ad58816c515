/**
 * Small hand-made trips for the results tests: only the fields the list rules read.
 */
import type { Trip } from '../search/trips.ts';
import type { VehicleClass } from '../search/vehicleClasses.ts';

export interface TripSpec {
  key: string;
  dep: string;
  arr: string;
  price: number;
  classes?: VehicleClass[];
  from?: number;
  to?: number;
  operators?: number[];
  rating?: number | null;
  duration?: number;
  refundable?: boolean;
  instant?: boolean;
  rank?: number;
  seats?: number;
  bookable?: boolean;
}

export function makeTrip(s: TripSpec): Trip {
  const classes = s.classes ?? ['bus'];
  const bookable = s.bookable ?? true;
  return {
    key: s.key,
    params: {
      is_bookable: bookable,
      is_auto_pack: classes.length > 1,
      is_manual_pack: false,
      external_purchase_url: null,
      operators: s.operators ?? [1],
      vehclasses: classes,
      from: s.from ?? 10,
      to: s.to ?? 20,
      dep_time: `2026-12-01 ${s.dep}`,
      arr_time: `2026-12-01 ${s.arr}`,
      duration_min: s.duration ?? 300,
      changes: classes.length - 1,
      bookable: bookable ? 1 : 0,
      rating_count: 10,
    },
    min_price: { value: s.price, fxcode: 'USD', minor: Math.round(s.price * 100) },
    max_price: { value: s.price + 5, fxcode: 'USD', minor: Math.round((s.price + 5) * 100) },
    rating: s.rating === undefined ? 4 : s.rating,
    segments: [],
    features: s.instant ? ['instant_confirmation'] : [],
    approximate: false,
    is_boosted: false,
    sales_sorting: s.rank ?? 0,
    travel_options: [
      {
        id: `${s.key}-o`,
        class: 'Standard',
        class_id: 'standard',
        booking_uri: `/en/add-to-cart/${s.key}/1`,
        bookable: bookable ? 1 : 0,
        seats_left: s.seats ?? 30,
        price: { value: s.price, fxcode: 'USD', minor: Math.round(s.price * 100) },
        rating: null,
        dep_datetime: `2026-12-01 ${s.dep}`,
        discount_data: null,
        round_trip_discount_pct: null,
        full_refund_until: s.refundable ? '2026-11-30T00:00:00.000Z' : null,
        features: [],
      },
    ],
  };
}
