/**
 * Turns journeys into the Trip shape of SPEC §3, priced in the requested currency. Everything
 * a traveller decides on is here: times in the boarding station's zone, per-person prices after
 * pricing rules, seats left, whether sales are still open, free cancellation.
 */
import { fromDayNumber } from './dates.ts';
import { convertMinor, toMoney, type Money } from './money.ts';
import { applyRules, legUnitPrice, type DiscountData } from './pricing.ts';
import { fareShare, legStation, seatsLeftOf, type Leg, type OptionNode, type RouteNode, type TimetableIndex } from './timetable.ts';
import type { Journey } from './connections.ts';
import { cardOption } from './cardOption.ts';
import { classId } from './classNames.ts';
import type { VehicleClass } from './vehicleClasses.ts';

export interface TravelOption {
  id: string;
  /** The class name, translated for the traveller (classNames.ts). */
  class: string;
  /** The class as a language-independent id (SPEC §3 "class id"). */
  class_id: string;
  booking_uri: string;
  bookable: 0 | 1;
  seats_left: number;
  price: Money;
  rating: number | null;
  dep_datetime: string;
  discount_data: DiscountData | null;
  round_trip_discount_pct: number | null;
  full_refund_until: string | null;
  /** What the class includes (air conditioning, toilet, meal…): every leg's, for a connection. */
  features: string[];
}

export interface Segment {
  type: 'trip';
  vehclasses: VehicleClass[];
  operator: number;
  route_code: string;
  from: number;
  to: number;
  dep_time: string;
  arr_time: string;
  duration_min: number;
}

export interface Trip {
  /** Stable id of this departure (schedule, stations, service date per leg); recheck merges by it. */
  key: string;
  params: {
    is_bookable: boolean;
    is_auto_pack: boolean;
    /** The operator sells the legs only together, as one package. */
    is_manual_pack: boolean;
    /** Sold only on the operator's own site: the card links there instead of booking here. */
    external_purchase_url: string | null;
    operators: number[];
    vehclasses: VehicleClass[];
    from: number;
    to: number;
    dep_time: string;
    arr_time: string;
    duration_min: number;
    changes: number;
    bookable: number;
    rating_count: number;
  };
  min_price: Money;
  max_price: Money;
  rating: number | null;
  segments: Segment[];
  features: string[];
  approximate: boolean;
  is_boosted: boolean;
  sales_sorting: number;
  travel_options: TravelOption[];
}

export interface PricingContext {
  index: TimetableIndex;
  currency: string;
  people: number;
  /** Now, in absolute minutes (sales close at departure minus the cut-off). */
  nowMin: number;
  today: number;
  bookingBase: string;
  /** Price each leg as part of a round trip: its round-trip discount applies (src/domain/cart/quote.ts). */
  roundTrip?: boolean;
  /** Live seat counts from a recheck; falls back to the index. */
  seatsLeft?: (leg: Leg, option: OptionNode) => number | undefined;
}

/** 'YYYY-MM-DD HH:mm' in the zone with the given offset. */
export function localDateTime(absMin: number, offsetMin: number): string {
  const local = absMin + offsetMin;
  const day = Math.floor(local / 1440);
  const minute = local - day * 1440;
  return `${fromDayNumber(day)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** An absolute minute as `Date#toISOString` writes it, without a Date (a search writes one per option). */
export function isoMinute(absMin: number): string {
  const day = Math.floor(absMin / 1440);
  const minute = absMin - day * 1440;
  return `${fromDayNumber(day)}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;
}

export function legKey(leg: Leg): string {
  return `${leg.schedule.id}.${leg.route.stops[leg.board]?.stationId ?? 0}.${leg.route.stops[leg.alight]?.stationId ?? 0}.${fromDayNumber(leg.serviceDay)}`;
}

export function journeyKey(legs: readonly Leg[]): string {
  return legs.map(legKey).join('~');
}

function seatsOf(ctx: PricingContext, leg: Leg, option: OptionNode): number {
  return ctx.seatsLeft?.(leg, option) ?? seatsLeftOf(ctx.index, leg.schedule.id, option.id, leg.serviceDay) ?? option.seats;
}

interface PricedOption {
  option: OptionNode;
  minor: number;
  seats: number;
  open: boolean;
  rules: ReturnType<typeof applyRules>;
}

function priceLeg(ctx: PricingContext, leg: Leg): PricedOption[] {
  const priced: PricedOption[] = [];
  // Pricing rules depend on the operator, class and day, the same for every option of the leg.
  const rules = applyRules(ctx.index.rules, {
    operatorId: leg.route.operatorId,
    vehicleClass: leg.route.vehicleClass,
    departureDay: leg.serviceDay,
    today: ctx.today,
  });
  const share = fareShare(leg);
  for (const option of leg.route.options) {
    const base = convertMinor(Math.round(option.priceMinor * share), option.currency, ctx.currency, ctx.index.fx);
    if (base === undefined) continue;
    priced.push({
      option,
      minor: legUnitPrice(base, rules, ctx.roundTrip ?? false),
      seats: seatsOf(ctx, leg, option),
      open: ctx.nowMin <= leg.dep - option.cutoffMin,
      rules,
    });
  }
  return priced;
}

function refundUntil(leg: Leg, option: OptionNode): string | null {
  if (option.fullRefundHours === null) return null;
  return isoMinute(leg.dep - option.fullRefundHours * 60);
}

/**
 * A package's discount: the smallest leg discount (every leg has at least that much off); it is
 * `normal+pricing_rule` only when every leg's is.
 */
function packageDiscount(discounts: readonly (DiscountData | null)[]): DiscountData {
  const pct = Math.min(...discounts.map((d) => d?.discount_pct ?? 0));
  const both = discounts.every((d) => d?.promo_type === 'normal+pricing_rule');
  return { promo_type: both ? 'normal+pricing_rule' : 'pricing_rule', discount_pct: pct };
}

interface RouteFeatures {
  /** Every feature of the route's classes, each once, sorted. */
  features: readonly string[];
  /** Every class confirms at once. */
  instant: boolean;
  /** What a one-leg trip on it shows: the features and 'instant_confirmation' when instant, sorted. */
  shown: readonly string[];
}

const featuresOfRoute = new WeakMap<RouteNode, RouteFeatures>();

/** Kept per route: a search prices many journeys on the same routes. */
function routeFeatures(route: RouteNode): RouteFeatures {
  let kept = featuresOfRoute.get(route);
  if (!kept) {
    const features = [...new Set(route.options.flatMap((o) => o.features))].sort();
    const instant = route.options.every((o) => o.confirmation === 'instant');
    kept = { features, instant, shown: tripFeatures(features, instant) };
    featuresOfRoute.set(route, kept);
  }
  return kept;
}

/** 'instant_confirmation' feeds the quick filter (SPEC §3): every class of every leg confirms at once. */
function tripFeatures(features: readonly string[], instant: boolean): string[] {
  return instant ? unionOfSorted(features, ['instant_confirmation']) : [...features];
}

/** Two sorted lists of distinct strings as one (sorted, each once): a merge, not a sort per trip. */
function unionOfSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) {
      out.push(x ?? '');
      i++;
    } else if (x === undefined || y < x) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  return out;
}

export function buildTrip(ctx: PricingContext, journey: Journey): Trip | undefined {
  const { index } = ctx;
  const legs = journey.legs;
  const first = legs[0];
  const last = legs.at(-1);
  if (!first || !last) return undefined;
  const from = legStation(index, first, 'board');
  const to = legStation(index, last, 'alight');
  if (!from || !to) return undefined;
  // A leg sold only on its operator's site cannot be part of a connection booked here.
  const externalUrl = legs.length === 1 ? (first.route.externalPurchaseUrl ?? null) : null;
  if (legs.length > 1 && legs.some((l) => l.route.externalPurchaseUrl)) return undefined;
  const sellsHere = externalUrl === null;
  const pricedLegs = legs.map((leg) => priceLeg(ctx, leg));
  if (pricedLegs.some((p) => p.length === 0)) return undefined;
  const key = journeyKey(legs);
  const depTime = localDateTime(first.dep, from.utcOffsetMin);
  const operatorIds = [...new Set(legs.map((l) => l.route.operatorId))];
  const operators = operatorIds.map((id) => index.operators.get(id));
  const ratings = operators.map((o) => o?.rating).filter((r): r is number => typeof r === 'number');
  const rating = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null;

  let options: TravelOption[];
  let maxMinor: number;
  if (legs.length === 1) {
    const priced = pricedLegs[0] ?? [];
    options = priced.map((p) => ({
      id: String(p.option.id),
      class: p.option.className,
      class_id: classId(p.option.className),
      booking_uri: `${ctx.bookingBase}${key}/${p.option.id}`,
      bookable: sellsHere && p.open && p.seats >= ctx.people ? 1 : 0,
      seats_left: p.seats,
      price: toMoney(p.minor, ctx.currency, index.fx),
      rating,
      dep_datetime: depTime,
      discount_data: p.rules.discount,
      round_trip_discount_pct: p.rules.roundTripPct,
      full_refund_until: refundUntil(first, p.option),
      features: [...p.option.features].sort(),
    }));
    const open = priced.filter((p) => p.open && p.seats >= ctx.people);
    maxMinor = Math.max(...(open.length ? open : priced).map((p) => p.minor));
  } else {
    // A connection is sold as one package: the cheapest option of each leg that can still be booked.
    const picks = pricedLegs.map((priced) => {
      const open = priced.filter((p) => p.open && p.seats >= ctx.people);
      return (open.length ? open : priced).reduce((best, p) => (p.minor < best.minor ? p : best));
    });
    const bookable = picks.every((p) => p.open && p.seats >= ctx.people);
    const refunds = picks.map((p, i) => (legs[i] ? refundUntil(legs[i], p.option) : null));
    const pcts = picks.map((p) => p.rules.discount?.discount_pct ?? 0);
    const roundTrip = picks.map((p) => p.rules.roundTripPct ?? 0);
    options = [
      {
        id: picks.map((p) => p.option.id).join('+'),
        class: picks.map((p) => p.option.className).join(' + '),
        class_id: picks.map((p) => classId(p.option.className)).join('+'),
        booking_uri: `${ctx.bookingBase}${key}/${picks.map((p) => p.option.id).join('+')}`,
        bookable: bookable ? 1 : 0,
        seats_left: Math.min(...picks.map((p) => p.seats)),
        price: toMoney(
          picks.reduce((sum, p) => sum + p.minor, 0),
          ctx.currency,
          index.fx,
        ),
        rating,
        dep_datetime: depTime,
        discount_data: Math.max(...pcts) > 0 ? packageDiscount(picks.map((p) => p.rules.discount)) : null,
        round_trip_discount_pct: Math.min(...roundTrip) > 0 ? Math.min(...roundTrip) : null,
        // Free cancellation of a package ends when the first leg's ends; a leg without it spoils the whole.
        full_refund_until: refunds.every((r) => r !== null) ? ([...refunds].sort()[0] ?? null) : null,
        features: (picks[0]?.option.features ?? []).filter((f) => picks.every((p) => p.option.features.includes(f))).sort(),
      },
    ];
    maxMinor = pricedLegs.reduce((sum, priced) => sum + Math.max(...priced.map((p) => p.minor)), 0);
  }
  // The card's price is the price of the class it books: the cheapest that can be booked now.
  const minMinor = cardOption(options)?.price.minor ?? 0;
  const features =
    legs.length === 1
      ? [...routeFeatures(first.route).shown]
      : tripFeatures(
          legs.reduce<readonly string[]>((all, l) => unionOfSorted(all, routeFeatures(l.route).features), []),
          legs.every((l) => routeFeatures(l.route).instant),
        );
  const bookableCount = options.filter((o) => o.bookable).length;
  const vehclasses = [...new Set(legs.map((l) => l.route.vehicleClass))];

  return {
    key,
    params: {
      is_bookable: bookableCount > 0,
      is_auto_pack: legs.length > 1,
      is_manual_pack: legs.some((l) => l.route.manualPack === true),
      external_purchase_url: externalUrl,
      operators: operatorIds,
      vehclasses,
      from: from.id,
      to: to.id,
      dep_time: depTime,
      arr_time: localDateTime(last.arr, to.utcOffsetMin),
      duration_min: last.arr - first.dep,
      changes: legs.length - 1,
      bookable: bookableCount,
      rating_count: operators.reduce((sum, o) => sum + (o?.reviewCount ?? 0), 0),
    },
    min_price: toMoney(minMinor, ctx.currency, index.fx),
    max_price: toMoney(Math.max(maxMinor, minMinor), ctx.currency, index.fx),
    rating,
    segments: legs.map((leg) => {
      const a = legStation(index, leg, 'board');
      const b = legStation(index, leg, 'alight');
      return {
        type: 'trip' as const,
        vehclasses: [leg.route.vehicleClass],
        operator: leg.route.operatorId,
        route_code: leg.route.code,
        from: a?.id ?? 0,
        to: b?.id ?? 0,
        dep_time: localDateTime(leg.dep, a?.utcOffsetMin ?? 0),
        arr_time: localDateTime(leg.arr, b?.utcOffsetMin ?? 0),
        duration_min: leg.arr - leg.dep,
      };
    }),
    features,
    approximate: legs.some((l) => !l.schedule.timesConfirmed),
    is_boosted: pricedLegs.some((priced) => priced.some((p) => p.rules.operatorPromotion)),
    sales_sorting: 0,
    travel_options: options,
  };
}

/**
 * The recommended order (SPEC §4 default sort): bookable first, then a score that rewards a
 * good rating and punishes price and duration relative to the cheapest and fastest trip here.
 * `sales_sorting` is the rank in that order, so the client sorts without knowing the formula.
 */
export function assignSalesSorting(trips: Trip[]): void {
  if (trips.length === 0) return;
  const cheapest = Math.min(...trips.map((t) => t.min_price.minor)) || 1;
  const fastest = Math.min(...trips.map((t) => t.params.duration_min)) || 1;
  const score = (t: Trip) =>
    (t.params.is_bookable ? 100 : 0) +
    (t.rating ?? 3.5) * 4 -
    (t.min_price.minor / cheapest) * 6 -
    (t.params.duration_min / fastest) * 6 -
    t.params.changes * 3 +
    (t.is_boosted ? 2 : 0);
  const ranked = trips.map((t) => ({ t, s: score(t) })).sort((a, b) => b.s - a.s);
  ranked.forEach((r, i) => (r.t.sales_sorting = i + 1));
}
