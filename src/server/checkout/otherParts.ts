/**
 * A cart paid in parts (issue 26) is paid one part at a time: while one part is paid or being
 * paid, another may still hold its seats unpaid. The success and payment status pages of a part
 * lead back to the cart's pay step then, where the next part is paid.
 */
import { isHolding } from '../../domain/booking/lifecycle.ts';
import { bookingsOfCart, type BookingRow } from '../booking/bookings.ts';
import type { Db } from '../db/client.ts';

/** The cart's pay step when a part other than `booking` still holds seats unpaid; null otherwise (a cart paid as one: always null). */
export async function payStepOfOtherParts(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'cartId' | 'paymentPart'>,
  cartHash: string,
  segment: string,
  now: Date,
): Promise<string | null> {
  if (booking.paymentPart === null) return null;
  const parts = await bookingsOfCart(db, booking.cartId, now);
  return parts.some((part) => part.id !== booking.id && isHolding(part.status)) ? `/${segment}/pay/${cartHash}` : null;
}
