/**
 * Continuing a held booking from another browser, through the short-lived signed link the
 * booking lookup answers with: the browser is added to the cart's sessions (as if it had made
 * the cart), so it may change the passengers and pay. Paid bookings are never resumed this way.
 */
import { isHolding } from '../../domain/booking/lifecycle.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, carts } from '../db/schema.ts';
import { verifyResumeToken } from '../tickets/links.ts';
import { bindCartSession } from './access.ts';
import { getBooking } from './bookings.ts';

/** The cart hash to continue with, or undefined when the link is forged, expired or the booking no longer held. */
export async function resumeHeldBooking(db: Db, token: string, sessionKey: string, now: Date): Promise<string | undefined> {
  const publicId = verifyResumeToken(token, now.getTime());
  if (!publicId) return undefined;
  const [row] = await db
    .select({ id: bookings.id, cartId: bookings.cartId, hash: carts.hash })
    .from(bookings)
    .innerJoin(carts, eq(carts.id, bookings.cartId))
    .where(eq(bookings.publicId, publicId))
    .limit(1);
  const booking = row && (await getBooking(db, row.id, now));
  if (!row || !booking || !isHolding(booking.status)) return undefined;
  await bindCartSession(db, row.cartId, sessionKey);
  return row.hash;
}
