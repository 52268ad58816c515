/**
 * Cancelling a paid booking from the ticket page: the refund preview from the legs' free
 * cancellation deadlines (src/domain/tickets/refund.ts), and the cancellation itself — the
 * lifecycle's `cancel` transition (src/server/booking/lifecycle/cancel.ts) returns the seats and
 * refunds by that preview, then the money goes back through the paygate that took it.
 */
import { eq } from 'drizzle-orm';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { refundPreview, type RefundPreview } from '../../domain/tickets/refund.ts';
import type { Db } from '../db/client.ts';
import { bookings, cartItems, cartLegs, operators, routes, travelOptions } from '../db/schema.ts';
import { cancelPaidBooking } from '../booking/lifecycle/cancel.ts';
import { GATEWAYS } from '../payment/place.ts';
import type { PaygateCode } from '../payment/paygates.ts';

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
  if (!booking || !isPaid(booking.status)) return undefined;
  return { ...(await preview(db, booking, now)), currency: booking.currency };
}

export type CancelResult =
  { ok: true; refundMinor: number; currency: string } | { ok: false; code: 'booking_not_found' | 'not_cancellable' };

/** The traveller (or staff for them) cancels by the fare rules; the money goes back through its paygate. */
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
  for (const p of result.refunds) await GATEWAYS[p.paygate as PaygateCode].refund(p.ref);
  return { ok: true, refundMinor: result.refundMinor, currency: result.currency };
}
