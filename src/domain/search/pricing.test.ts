import { describe, expect, it } from 'vitest';
import { applyRules, discounted } from './pricing.ts';
import type { PricingRule } from './timetable.ts';

const rule = (over: Partial<PricingRule>): PricingRule => ({
  id: 1,
  kind: 'early_booking',
  operatorId: null,
  vehicleClass: null,
  minDaysAhead: 0,
  discountPct: 10,
  validFrom: null,
  validTo: null,
  ...over,
});
const target = { operatorId: 7, vehicleClass: 'bus' as const, departureDay: 100, today: 90 };

describe('applyRules', () => {
  it('gives the early-booking discount only far enough ahead', () => {
    const rules = [rule({ minDaysAhead: 14 })];
    expect(applyRules(rules, target).discount).toBeNull();
    expect(applyRules(rules, { ...target, today: 80 }).discount).toEqual({ promo_type: 'pricing_rule', discount_pct: 10 });
  });

  it('takes the largest matching discount and ignores other operators and classes', () => {
    const rules = [
      rule({ discountPct: 5 }),
      rule({ discountPct: 20, operatorId: 7 }),
      rule({ discountPct: 50, operatorId: 8 }),
      rule({ discountPct: 40, vehicleClass: 'avia' }),
    ];
    const applied = applyRules(rules, target);
    expect(applied.discount?.discount_pct).toBe(20);
    expect(applied.operatorPromotion).toBe(true);
  });

  it("names the operator's own promotion together with a site rule normal+pricing_rule", () => {
    const both = applyRules([rule({ discountPct: 5 }), rule({ discountPct: 20, operatorId: 7 })], target);
    expect(both.discount).toEqual({ promo_type: 'normal+pricing_rule', discount_pct: 20 });
    // Either alone is a plain pricing rule.
    expect(applyRules([rule({ discountPct: 20, operatorId: 7 })], target).discount?.promo_type).toBe('pricing_rule');
    expect(applyRules([rule({ discountPct: 5 })], target).discount?.promo_type).toBe('pricing_rule');
  });

  it('announces round-trip discounts separately', () => {
    expect(applyRules([rule({ kind: 'round_trip', discountPct: 8 })], target)).toEqual({
      discount: null,
      roundTripPct: 8,
      operatorPromotion: false,
    });
  });

  it('respects validity dates', () => {
    expect(applyRules([rule({ validTo: 99 })], target).discount).toBeNull();
  });
});

describe('discounted', () => {
  it('rounds to whole minor units', () => {
    expect(discounted(999, { promo_type: 'pricing_rule', discount_pct: 15 })).toBe(849);
    expect(discounted(999, null)).toBe(999);
  });
});
