/**
 * The `cancel` and `refund` transitions of a paid booking: its sold seats go back on sale, the
 * booking becomes refunded (or cancelled when nothing is due) and its succeeded payments are marked
 * refunded, all in one transaction under the one lock order (booking → payments → inventory).
 * `cancel` refunds what the fare rules give back (the caller's preview); `refund` is staff giving
 * everything back whatever the rules say. The `booking.cancelled` event is recorded in the same
 * transaction: the paygate refund and the cancellation mail follow from it (src/server/events).
 */
import { and, eq } from 'drizzle-orm';
import { isPaid } from '../../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../../domain/booking/actor.ts';
import type { Db } from '../../db/client.ts';
import { departureInventory, payments, seatHolds } from '../../db/schema.ts';
import type { RefundDue } from '../../events/kinds.ts';
import { recordEvent } from '../../events/record.ts';
import { changeInTransaction, lockForChange, type BookingRow, type Tx } from './locks.ts';
import { releaseProductStock } from './productStock.ts';
import { applyTransition } from './transition.ts';

export type CancelOutcome =
  { ok: true; refundMinor: number; currency: string; refunds: RefundDue[] } | { ok: false; code: 'booking_not_found' | 'not_cancellable' };

export interface CancelInput {
  bookingId: number;
  now: Date;
  ctx: ChangeContext;
  /**
   * `cancel`: what the fare rules give back now, read under the lock (undefined: not cancellable);
   * `refund`: everything paid.
   */
  mode: { transition: 'cancel'; refundFor: (tx: Tx, booking: BookingRow) => Promise<number | undefined> } | { transition: 'refund' };
  /** Test-only: take no row locks, to show in the race tests what they prevent. */
  unsafeNoLocks?: boolean;
}

/** The refund taken from the captured payments in turn, never more than each took (there is normally one). */
function splitRefund(
  paid: { id: number; providerRef: string; paygate: string; amountMinor: number }[],
  refundMinor: number,
  currency: string,
): RefundDue[] {
  let left = refundMinor;
  const refunds: RefundDue[] = [];
  for (const p of paid) {
    const amountMinor = Math.min(p.amountMinor, left);
    left -= amountMinor;
    if (amountMinor > 0) refunds.push({ paymentId: p.id, paygate: p.paygate, providerRef: p.providerRef, amountMinor, currency });
  }
  return refunds;
}

export async function cancelPaidBooking(db: Db, input: CancelInput): Promise<CancelOutcome> {
  const { bookingId, now, ctx } = input;
  return changeInTransaction(db, async (tx): Promise<CancelOutcome> => {
    const locked = await lockForChange(tx, {
      bookings: [bookingId],
      paymentsOfBookings: true,
      inventoryOfBookings: true,
      unsafeNoLocks: input.unsafeNoLocks === true,
    });
    const booking = locked.bookings[0];
    if (!booking) return { ok: false, code: 'booking_not_found' };
    if (!isPaid(booking.status)) return { ok: false, code: 'not_cancellable' };
    const refundMinor = input.mode.transition === 'refund' ? booking.totalMinor : await input.mode.refundFor(tx, booking);
    if (refundMinor === undefined) return { ok: false, code: 'not_cancellable' };
    const sold = await tx
      .select()
      .from(seatHolds)
      .where(and(eq(seatHolds.bookingId, bookingId), eq(seatHolds.status, 'sold')));
    for (const row of locked.inventory) {
      const seats = sold.filter((h) => h.departureInventoryId === row.id).reduce((s, h) => s + h.seats, 0);
      if (seats > 0)
        await tx
          .update(departureInventory)
          .set({ seatsSold: row.seatsSold - seats, updatedAt: now })
          .where(eq(departureInventory.id, row.id));
    }
    await tx.update(seatHolds).set({ status: 'released' }).where(eq(seatHolds.bookingId, bookingId));
    // Then the other products' units (after inventory in the lock order).
    await releaseProductStock(tx, [bookingId], now);
    await applyTransition(tx, {
      booking,
      transition: input.mode.transition,
      to: refundMinor > 0 ? 'refunded' : 'cancelled',
      ctx,
      now,
      amountMinor: refundMinor,
      set: { refundMinor, cancelledAt: now },
    });
    const paid = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
      .returning({ id: payments.id, providerRef: payments.providerRef, paygate: payments.paygate, amountMinor: payments.amountMinor });
    // The money is owed by the event, in this transaction: the payment side's subscriber pays it
    // back and the tickets side mails the traveller (src/server/events).
    const refunds = splitRefund(paid, refundMinor, booking.currency);
    await recordEvent(tx, { kind: 'booking.cancelled', bookingId, payload: { refundMinor, currency: booking.currency, refunds } }, now);
    return { ok: true, refundMinor, currency: booking.currency, refunds };
  });
}
