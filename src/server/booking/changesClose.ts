/**
 * When a paid booking's passengers can no longer be changed: the first leg's departure minus its
 * operator's booking cut-off (the operator's manifest is final then). Staff (src/server/ops/) and
 * the traveller's own correction (src/server/selfservice/) both stop there.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, cartLegs, travelOptions } from '../db/schema.ts';

/** null for a booking without legs (a rail pass only): nothing closes its passenger list. */
export async function changesCloseAt(db: Pick<Db, 'select'>, cartId: number): Promise<Date | null> {
  const legs = await db
    .select({ departureAt: cartLegs.departureAt, cutoffMin: travelOptions.bookingCutoffMin })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(travelOptions, eq(travelOptions.id, cartLegs.travelOptionId))
    .where(eq(cartItems.cartId, cartId));
  const times = legs.map((l) => l.departureAt.getTime() - l.cutoffMin * 60_000);
  return times.length ? new Date(Math.min(...times)) : null;
}
