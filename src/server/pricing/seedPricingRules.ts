/**
 * A few pricing rules for the seeded network, so that searches show promotions the way the
 * live site does: early booking on trains and flights, one operator's own promotion, and a
 * round-trip discount on ferries. Deterministic: the operator chosen is the lowest id with
 * ferries, so a reseed gives the same rules.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operators, pricingRules } from '../db/schema.ts';

export async function seedPricingRules(db: Db): Promise<number> {
  await db.delete(pricingRules);
  const busOperator = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`'bus' = any(${operators.vehicleClasses})`)
    .orderBy(asc(operators.id))
    .limit(1);
  const rows: (typeof pricingRules.$inferInsert)[] = [
    { kind: 'early_booking', vehicleClass: 'train', minDaysAhead: 14, discountPct: 10 },
    { kind: 'early_booking', vehicleClass: 'avia', minDaysAhead: 30, discountPct: 15 },
    { kind: 'round_trip', vehicleClass: 'ferry', discountPct: 5 },
  ];
  const promoted = busOperator[0];
  if (promoted) rows.push({ kind: 'early_booking', operatorId: promoted.id, minDaysAhead: 3, discountPct: 8 });
  await db.insert(pricingRules).values(rows);
  return rows.length;
}
