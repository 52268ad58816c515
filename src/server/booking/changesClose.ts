/**
 * When a paid booking's passengers can no longer be changed: its first leg's departure minus that
 * leg's operator booking cut-off (the operator's manifest is final then). Staff (src/server/ops/)
 * and the traveller's own correction (src/server/selfservice/) both stop there. A booking that is
 * one part of a cart paid in parts (issue 26) closes with its own legs, not the cart's: the ferry
 * part of a bus-and-ferry trip stays open while the bus, which leaves first, is closed.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { travelOptions } from '../db/schema.ts';
import { loadBookedCart, type BookingShare } from './bookedCart.ts';
import type { BookingRow } from './bookings.ts';

/** null for a booking without legs (a rail pass only): nothing closes its passenger list. */
export async function changesCloseAt(db: Db, booking: BookingShare & Pick<BookingRow, 'cartId'>): Promise<Date | null> {
  const legs = (await loadBookedCart(db, booking))?.items.flatMap((item) => item.legs) ?? [];
  if (legs.length === 0) return null;
  const cutoffs = await db
    .select({ id: travelOptions.id, cutoffMin: travelOptions.bookingCutoffMin })
    .from(travelOptions)
    .where(
      inArray(
        travelOptions.id,
        legs.map((leg) => leg.travelOptionId),
      ),
    );
  const cutoffMin = new Map(cutoffs.map((option) => [option.id, option.cutoffMin]));
  return new Date(Math.min(...legs.map((leg) => leg.departureAt.getTime() - (cutoffMin.get(leg.travelOptionId) ?? 0) * 60_000)));
}
