/**
 * A few pricing rules for the seeded network, so that searches show promotions the way the
 * live site does: early booking on trains and flights, one bus operator's own promotion, one
 * train operator's own promotion on top of the site's train rule (SPEC §3 promo type
 * `normal+pricing_rule`), and a round-trip discount on ferries. Deterministic: the operators
 * chosen are the lowest ids of their class, so a reseed gives the same rules.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operators, pricingRules } from '../db/schema.ts';

export async function seedPricingRules(db: Db): Promise<number> {
  await db.delete(pricingRules);
  const firstOperatorOf = (vehicleClass: string) =>
    db
      .select({ id: operators.id })
      .from(operators)
      .where(sql`${vehicleClass} = any(${operators.vehicleClasses})`)
      .orderBy(asc(operators.id))
      .limit(1);
  const busOperator = await firstOperatorOf('bus');
  const trainOperator = await firstOperatorOf('train');
  const rows: (typeof pricingRules.$inferInsert)[] = [
    { kind: 'early_booking', vehicleClass: 'train', minDaysAhead: 14, discountPct: 10 },
    { kind: 'early_booking', vehicleClass: 'avia', minDaysAhead: 30, discountPct: 15 },
    { kind: 'round_trip', vehicleClass: 'ferry', discountPct: 5 },
  ];
  const promoted = busOperator[0];
  if (promoted) rows.push({ kind: 'early_booking', operatorId: promoted.id, minDaysAhead: 3, discountPct: 8 });
  // Smaller than the site's train rule, so prices stay the same: the promo type says both apply.
  const trainPromoted = trainOperator[0];
  if (trainPromoted) rows.push({ kind: 'early_booking', operatorId: trainPromoted.id, minDaysAhead: 14, discountPct: 5 });
  await db.insert(pricingRules).values(rows);
  return rows.length;
}
