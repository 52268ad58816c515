/**
 * Managers keep the site's pricing rules (issue 22, src/server/ops/pricingRules.ts) on PGlite and
 * PostgreSQL: adding, changing and removing a rule is audited before → after, announced on the
 * bus, and the next search index prices with it; support is refused; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyRules } from '../../src/domain/search/pricing.ts';
import { dayNumber } from '../../src/domain/search/dates.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { networkAudit, pricingRules } from '../../src/server/db/schema.ts';
import { OpForbidden } from '../../src/server/ops/access.ts';
import { networkHistory } from '../../src/server/ops/networkAudit.ts';
import { listPricingRules, pricingRuleForm, removePricingRule, savePricingRule } from '../../src/server/ops/pricingRules.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { NOW, TODAY, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { MANAGER, networkWithStaff, SUPPORT } from './opsFixtures.ts';

const FORM = {
  id: '',
  kind: 'early_booking',
  operatorId: '1',
  vehicleClass: 'bus',
  minDaysAhead: '2',
  discountPct: '15',
  validFrom: '',
  validTo: '',
};

describe('the pricing rule form', () => {
  it('reads empty scope as "all", and names every failing field', () => {
    expect(pricingRuleForm.parse({ ...FORM, operatorId: '', vehicleClass: '' })).toEqual({
      id: null,
      kind: 'early_booking',
      operatorId: null,
      vehicleClass: null,
      minDaysAhead: 2,
      discountPct: 15,
      validFrom: null,
      validTo: null,
    });
    const refused = pricingRuleForm.safeParse({
      ...FORM,
      kind: 'black_friday',
      vehicleClass: 'rocket',
      minDaysAhead: '-1',
      discountPct: '91',
      validFrom: '2025-07-01',
      validTo: 'someday',
    });
    expect(new Set(refused.error?.issues.map((i) => i.path[0]))).toEqual(
      new Set(['kind', 'vehicleClass', 'minDaysAhead', 'discountPct', 'validTo']),
    );
    const backwards = pricingRuleForm.safeParse({ ...FORM, validFrom: '2025-07-01', validTo: '2025-06-01' });
    expect(backwards.error?.issues.map((i) => i.path[0])).toEqual(['validTo']);
    expect(pricingRuleForm.safeParse({ ...FORM, discountPct: '0' }).success).toBe(false);
  });
});

describe.each(DATABASES)('pricing rules on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let bus: Awaited<ReturnType<typeof networkWithStaff>>['bus'];
  let announced: number[] = [];

  /** The early-booking discount search gives the bus of TRAVEL_DATE, booked today. */
  const discountInSearch = async () => {
    const index = await loadIndex(db, NOW);
    const day = dayNumber(TRAVEL_DATE) ?? 0;
    return applyRules(index.rules, { operatorId: 1, vehicleClass: 'bus', departureDay: day, today: dayNumber(TODAY) ?? 0 }).discount;
  };
  const rows = async () => ({ rules: await db.select().from(pricingRules), audit: await db.select().from(networkAudit) });

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    ({ bus, announced } = await networkWithStaff(db));
  });

  afterAll(async () => {
    await handle.close();
  });

  it('a manager adds, changes and removes a rule: audited, announced, and search prices with it', async () => {
    expect(await discountInSearch()).toBeNull();
    const added = await savePricingRule(db, MANAGER, pricingRuleForm.parse(FORM), 'req-rule-1', bus);
    expect(added.result).toBe('added');
    if (added.result !== 'added') return;
    await vi.waitFor(() => {
      expect(announced).toContain(added.version);
    });
    expect(await discountInSearch()).toEqual({ promo_type: 'pricing_rule', discount_pct: 15 });
    expect(await listPricingRules(db)).toMatchObject([{ id: added.id, operatorName: 'Green Bus', discountPct: 15 }]);
    const id = String(added.id);
    expect((await networkHistory(db, 'pricing_rule', id))[0]).toMatchObject({ action: 'create', requestId: 'req-rule-1', before: null });

    // Booked only two days ahead: a rule for three days ahead no longer matches.
    const changed = await savePricingRule(db, MANAGER, pricingRuleForm.parse({ ...FORM, id, minDaysAhead: '3' }), null, bus);
    expect(changed.result).toBe('saved');
    expect(await discountInSearch()).toBeNull();
    expect((await networkHistory(db, 'pricing_rule', id))[0]).toMatchObject({
      action: 'update',
      before: { minDaysAhead: 2, discountPct: 15 },
      after: { minDaysAhead: 3, discountPct: 15 },
    });

    const before = await rows();
    await expect(savePricingRule(db, SUPPORT, pricingRuleForm.parse({ ...FORM, id }), null, bus)).rejects.toBeInstanceOf(OpForbidden);
    await expect(removePricingRule(db, SUPPORT, added.id, null, bus)).rejects.toBeInstanceOf(OpForbidden);
    expect(await savePricingRule(db, MANAGER, pricingRuleForm.parse({ ...FORM, id, minDaysAhead: '3' }), null, bus)).toEqual({
      result: 'unchanged',
    });
    expect(await savePricingRule(db, MANAGER, pricingRuleForm.parse({ ...FORM, id: '999' }), null, bus)).toEqual({ result: 'unknown' });
    expect(await savePricingRule(db, MANAGER, pricingRuleForm.parse({ ...FORM, operatorId: '999' }), null, bus)).toEqual({
      result: 'unknown_operator',
    });
    expect(await rows()).toEqual(before);

    const removed = await removePricingRule(db, MANAGER, added.id, 'req-rule-3', bus);
    expect(removed.result).toBe('removed');
    expect(await listPricingRules(db)).toEqual([]);
    expect((await networkHistory(db, 'pricing_rule', id))[0]).toMatchObject({
      action: 'delete',
      before: { minDaysAhead: 3 },
      after: null,
    });
    expect(await removePricingRule(db, MANAGER, added.id, null, bus)).toEqual({ result: 'unknown' });
  });
});
