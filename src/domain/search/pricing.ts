/**
 * Pricing rules on top of the operator's fare (SPEC §3 discount_data). An early-booking rule
 * lowers the price when the traveller books far enough ahead; a round-trip rule applies to the
 * legs of a round trip: a search for one (outbound with a return date, or the return) shows it
 * in its prices, as the cart with both legs charges it.
 * When several rules match, the traveller gets the largest discount, never a sum.
 *
 * SPEC §3 promo types: `pricing_rule` is a discount from the site's rules; `normal+pricing_rule`
 * says the operator's own promotion (a rule for that operator) and a site-wide rule both cover
 * the departure, so an app can show "operator deal" next to the discount.
 */
import type { PricingRule } from './timetable.ts';
import type { VehicleClass } from './vehicleClasses.ts';

export const PROMO_TYPES = ['pricing_rule', 'normal+pricing_rule'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

export interface DiscountData {
  promo_type: PromoType;
  discount_pct: number;
}

export interface RuleTarget {
  operatorId: number;
  vehicleClass: VehicleClass;
  /** Service day of the departure and the day of the search (day numbers). */
  departureDay: number;
  today: number;
}

function matches(rule: PricingRule, t: RuleTarget): boolean {
  if (rule.operatorId !== null && rule.operatorId !== t.operatorId) return false;
  if (rule.vehicleClass !== null && rule.vehicleClass !== t.vehicleClass) return false;
  if (rule.validFrom !== null && t.departureDay < rule.validFrom) return false;
  if (rule.validTo !== null && t.departureDay > rule.validTo) return false;
  return t.departureDay - t.today >= rule.minDaysAhead;
}

export interface AppliedRules {
  discount: DiscountData | null;
  roundTripPct: number | null;
  /** An operator-specific promotion matched: such trips are boosted in the list. */
  operatorPromotion: boolean;
}

export function applyRules(rules: readonly PricingRule[], target: RuleTarget): AppliedRules {
  let early = 0;
  let roundTrip = 0;
  let operatorPromotion = false;
  let siteRule = false;
  for (const rule of rules) {
    if (!matches(rule, target)) continue;
    if (rule.kind === 'early_booking') {
      early = Math.max(early, rule.discountPct);
      if (rule.operatorId !== null) operatorPromotion = true;
      else siteRule = true;
    } else roundTrip = Math.max(roundTrip, rule.discountPct);
  }
  const promoType: PromoType = operatorPromotion && siteRule ? 'normal+pricing_rule' : 'pricing_rule';
  return {
    discount: early > 0 ? { promo_type: promoType, discount_pct: early } : null,
    roundTripPct: roundTrip > 0 ? roundTrip : null,
    operatorPromotion,
  };
}

/** The discounted amount, rounded to whole minor units. */
export function discounted(amountMinor: number, discount: DiscountData | null): number {
  return discount ? Math.round((amountMinor * (100 - discount.discount_pct)) / 100) : amountMinor;
}

/**
 * A leg's price per passenger, the same in the search and in the cart: the early-booking
 * discount, then, when the leg is part of a round trip, its round-trip discount.
 */
export function legUnitPrice(baseMinor: number, rules: AppliedRules, roundTrip: boolean): number {
  const early = discounted(baseMinor, rules.discount);
  return roundTrip && rules.roundTripPct ? discounted(early, { promo_type: 'pricing_rule', discount_pct: rules.roundTripPct }) : early;
}
