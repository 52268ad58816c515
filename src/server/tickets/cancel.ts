/**
 * Cancelling a paid booking from the ticket page: the refund preview from the legs' free
 * cancellation deadlines (src/domain/tickets/refund.ts), and the cancellation itself — the
 * lifecycle's `cancel` transition (src/server/booking/lifecycle/cancel.ts) returns the seats and
 * refunds by that preview; its `booking.cancelled` event pays the money back through the paygate
 * that took it and sends the mail (src/server/events).
 */
import { eq } from 'drizzle-orm';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { refundPreview, type RefundPreview } from '../../domain/tickets/refund.ts';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { refundTermsOfCart } from '../products/lines.ts';
import { cancelPaidBooking } from '../booking/lifecycle/cancel.ts';

type Reader = Pick<Db, 'select'>;

async function preview(db: Reader, booking: typeof bookings.$inferSelect, now: Date): Promise<RefundPreview> {
  // Each line refunds by its own product's terms (src/server/products): seats by their class and
  // operator, a pass or an add-on by its rule. Whatever the total holds beyond them (insurance and
  // other extras) comes back only with a full refund.
  const { terms, fareMinor } = await refundTermsOfCart(db, booking, booking.people);
  return refundPreview(terms, Math.max(0, booking.totalMinor - fareMinor), now);
}

export async function cancellationPreview(
  db: Db,
  bookingId: number,
  now: Date,
): Promise<(RefundPreview & { currency: string }) | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !isPaid(booking.status)) return undefined;
  return { ...(await preview(db, booking, now)), currency: booking.currency };
}

export type CancelResult =
  { ok: true; refundMinor: number; currency: string } | { ok: false; code: 'booking_not_found' | 'not_cancellable' };

/** The traveller (or staff for them) cancels by the fare rules; the refund and the mail follow from its event. */
export async function cancelBooking(db: Db, bookingId: number, now: Date, ctx: ChangeContext): Promise<CancelResult> {
  const result = await cancelPaidBooking(db, {
    bookingId,
    now,
    ctx,
    mode: {
      transition: 'cancel',
      refundFor: async (tx, booking) => {
        const refund = await preview(tx, booking, now);
        return refund.cancellable ? refund.refundMinor : undefined;
      },
    },
  });
  if (!result.ok) return result;
  return { ok: true, refundMinor: result.refundMinor, currency: result.currency };
}
