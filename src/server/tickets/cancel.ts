/**
 * Cancelling a paid booking from the ticket page: the refund preview from the legs' free
 * cancellation deadlines (src/domain/tickets/refund.ts), and the cancellation itself — sold
 * seats go back on sale under the inventory row locks, the booking becomes refunded (or
 * cancelled when nothing is due), and the money goes back through the paygate that took it.
 */
import { and, eq } from 'drizzle-orm';
import { refundPreview, type RefundPreview } from '../../domain/tickets/refund.ts';
import type { Db } from '../db/client.ts';
import { bookings, cartItems, cartLegs, departureInventory, operators, payments, routes, seatHolds, travelOptions } from '../db/schema.ts';
import { isPaidStatus } from '../booking/bookings.ts';
import { lockInventoryRows } from '../booking/holds.ts';
import type { RefundDue } from '../events/kinds.ts';
import { recordEvent } from '../events/record.ts';

type Reader = Pick<Db, 'select'>;

async function preview(db: Reader, booking: typeof bookings.$inferSelect, now: Date): Promise<RefundPreview> {
  const legs = await db
    .select({
      departureAt: cartLegs.departureAt,
      unit: cartLegs.unitPriceMinor,
      hours: travelOptions.fullRefundHours,
      lateRefundPct: operators.lateRefundPct,
    })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(travelOptions, eq(travelOptions.id, cartLegs.travelOptionId))
    .innerJoin(routes, eq(routes.id, travelOptions.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(eq(cartItems.cartId, booking.cartId));
  const fare = legs.reduce((s, l) => s + l.unit * booking.people, 0);
  return refundPreview(
    legs.map((l) => ({
      departureAt: l.departureAt,
      fullRefundUntil: l.hours === null ? null : new Date(l.departureAt.getTime() - l.hours * 3_600_000),
      fareMinor: l.unit * booking.people,
      lateRefundPct: l.lateRefundPct,
    })),
    Math.max(0, booking.totalMinor - fare),
    now,
  );
}

export async function cancellationPreview(
  db: Db,
  bookingId: number,
  now: Date,
): Promise<(RefundPreview & { currency: string }) | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !isPaidStatus(booking.status)) return undefined;
  return { ...(await preview(db, booking, now)), currency: booking.currency };
}

export type CancelResult =
  { ok: true; refundMinor: number; currency: string } | { ok: false; code: 'booking_not_found' | 'not_cancellable' };

export async function cancelBooking(db: Db, bookingId: number, now: Date): Promise<CancelResult> {
  const result = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) return { ok: false as const, code: 'booking_not_found' as const };
    if (!isPaidStatus(booking.status)) return { ok: false as const, code: 'not_cancellable' as const };
    const refund = await preview(tx, booking, now);
    if (!refund.cancellable) return { ok: false as const, code: 'not_cancellable' as const };
    const holds = await tx
      .select()
      .from(seatHolds)
      .where(and(eq(seatHolds.bookingId, bookingId), eq(seatHolds.status, 'sold')));
    const rows = await lockInventoryRows(tx, [...new Set(holds.map((h) => h.departureInventoryId))]);
    for (const row of rows) {
      const seats = holds.filter((h) => h.departureInventoryId === row.id).reduce((s, h) => s + h.seats, 0);
      await tx
        .update(departureInventory)
        .set({ seatsSold: row.seatsSold - seats, updatedAt: now })
        .where(eq(departureInventory.id, row.id));
    }
    await tx.update(seatHolds).set({ status: 'released' }).where(eq(seatHolds.bookingId, bookingId));
    await tx
      .update(bookings)
      .set({ status: refund.refundMinor > 0 ? 'refunded' : 'cancelled', refundMinor: refund.refundMinor, cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    const paid = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
      .returning({ id: payments.id, providerRef: payments.providerRef, paygate: payments.paygate, amountMinor: payments.amountMinor });
    // The refund is owed by the event: the payment side's subscriber pays it back (src/server/events).
    const refunds = splitRefund(paid, refund.refundMinor, booking.currency);
    await recordEvent(
      tx,
      { kind: 'booking.cancelled', bookingId, payload: { refundMinor: refund.refundMinor, currency: booking.currency, refunds } },
      now,
    );
    return { ok: true as const, refundMinor: refund.refundMinor, currency: booking.currency };
  });
  return result;
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
