/**
 * Prices a cart selection against the timetable index, the same way the search does
 * (pro-rated fare, FX through USD, early-booking rules), so the price at checkout is the price
 * the traveller saw unless fares, rates or rules changed in between. A round trip gets each
 * leg's round-trip discount, which the search only announces (pricing.ts).
 */
import { fromDayNumber } from '../search/dates.ts';
import { convertMinor, pricingCurrency } from '../search/money.ts';
import { applyRules, legUnitPrice } from '../search/pricing.ts';
import { fareShare, legStation, seatsLeftOf, type Leg, type TimetableIndex } from '../search/timetable.ts';
import { legFromKey } from '../search/tripInfo.ts';
import type { CartSelection } from './slug.ts';

export interface QuotedLeg {
  scheduleId: number;
  travelOptionId: number;
  serviceDate: string;
  departureAt: Date;
  arrivalAt: Date;
  fromStationId: number;
  toStationId: number;
  operatorId: number;
  /** Per passenger, in `currency` minor units. */
  unitPriceMinor: number;
  currency: string;
  seatsPerDeparture: number;
  salesOpen: boolean;
}

export type QuoteProblem = 'unknown_trip' | 'unknown_option' | 'sales_closed' | 'no_price';

export interface QuoteInput {
  currency: string;
  /** Milliseconds since the epoch. */
  now: number;
  roundTrip: boolean;
}

function quoteLeg(index: TimetableIndex, leg: Leg, optionId: number, q: QuoteInput): QuotedLeg | QuoteProblem {
  const option = leg.route.options.find((o) => o.id === optionId);
  if (!option) return 'unknown_option';
  // Sold only on the operator's site (SPEC §3 external_purchase_url): sales are closed here, as for a crafted link.
  if (leg.route.externalPurchaseUrl) return 'sales_closed';
  const currency = pricingCurrency(q.currency, index.fx);
  const base = convertMinor(Math.round(option.priceMinor * fareShare(leg)), option.currency, currency, index.fx);
  if (base === undefined) return 'no_price';
  const rules = applyRules(index.rules, {
    operatorId: leg.route.operatorId,
    vehicleClass: leg.route.vehicleClass,
    departureDay: leg.serviceDay,
    today: Math.floor(q.now / 86_400_000),
  });
  const unit = legUnitPrice(base, rules, q.roundTrip);
  return {
    scheduleId: leg.schedule.id,
    travelOptionId: option.id,
    serviceDate: fromDayNumber(leg.serviceDay),
    departureAt: new Date(leg.dep * 60_000),
    arrivalAt: new Date(leg.arr * 60_000),
    fromStationId: legStation(index, leg, 'board')?.id ?? 0,
    toStationId: legStation(index, leg, 'alight')?.id ?? 0,
    operatorId: leg.route.operatorId,
    unitPriceMinor: unit,
    currency,
    seatsPerDeparture: option.seats,
    salesOpen: Math.floor(q.now / 60_000) <= leg.dep - option.cutoffMin,
  };
}

/** Every leg of every selected trip, or the first reason it cannot be sold. */
export function quoteSelections(
  index: TimetableIndex,
  selections: readonly CartSelection[],
  q: Omit<QuoteInput, 'roundTrip'>,
): QuotedLeg[][] | QuoteProblem {
  const roundTrip = selections.length === 2;
  const quoted: QuotedLeg[][] = [];
  for (const selection of selections) {
    const keys = selection.tripKey.split('~');
    const legs: QuotedLeg[] = [];
    for (const [i, key] of keys.entries()) {
      const leg = legFromKey(index, key);
      const optionId = selection.optionIds[i];
      if (!leg || optionId === undefined) return 'unknown_trip';
      const priced = quoteLeg(index, leg, optionId, { ...q, roundTrip });
      if (typeof priced === 'string') return priced;
      if (!priced.salesOpen) return 'sales_closed';
      legs.push(priced);
    }
    quoted.push(legs);
  }
  return quoted;
}

export function unitTotal(legs: readonly { unitPriceMinor: number }[]): number {
  return legs.reduce((sum, leg) => sum + leg.unitPriceMinor, 0);
}

/** One class a traveller may switch a cart leg to, priced as the cart would charge it. */
export interface ClassChoice {
  optionId: number;
  className: string;
  /** Per passenger, in the cart currency's minor units (round-trip discount included when due). */
  unitPriceMinor: number;
  currency: string;
  seatsLeft: number;
  /** The free-cancellation deadline (UTC), or null when the operator's refund rules apply. */
  fullRefundUntil: Date | null;
  features: string[];
}

/**
 * The classes of one leg of a cart trip that can be sold now, cheapest first. `seatsLeft`
 * answers the live count (the inventory) or falls back to the timetable's.
 */
export function classChoices(
  index: TimetableIndex,
  legKey: string,
  q: QuoteInput & { people: number; current?: number; seatsLeft?: (optionId: number) => number | undefined },
): ClassChoice[] {
  const leg = legFromKey(index, legKey);
  if (!leg) return [];
  const choices: ClassChoice[] = [];
  for (const option of leg.route.options) {
    const quoted = quoteLeg(index, leg, option.id, q);
    if (typeof quoted === 'string' || !quoted.salesOpen) continue;
    const seatsLeft = q.seatsLeft?.(option.id) ?? seatsLeftOf(index, leg.schedule.id, option.id, leg.serviceDay) ?? option.seats;
    // The class the cart holds stays listed (its seats may be this traveller's own hold).
    if (seatsLeft < q.people && option.id !== q.current) continue;
    choices.push({
      optionId: option.id,
      className: option.className,
      unitPriceMinor: quoted.unitPriceMinor,
      currency: quoted.currency,
      seatsLeft,
      fullRefundUntil: option.fullRefundHours === null ? null : new Date((leg.dep - option.fullRefundHours * 60) * 60_000),
      features: [...option.features].sort(),
    });
  }
  return choices.sort((a, b) => a.unitPriceMinor - b.unitPriceMinor);
}
