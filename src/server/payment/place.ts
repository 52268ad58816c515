/**
 * Placing an order: a booking that holds seats (or whose hold lapsed — the seats are re-checked
 * when the money arrives) gets a payment row and is handed to its paygate, which says where the
 * traveller goes next. The booking waits for payment from then on.
 *
 * One open session per booking and paygate: a new one ends the previous one (its payment is
 * marked failed with SUPERSEDED, and money that still arrives for it is refunded — confirm.ts).
 * The booking row is locked while this happens, so two orders at once cannot both stay open.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, payments } from '../db/schema.ts';
import { getBooking, isPaidStatus, type BookingRow } from '../booking/bookings.ts';
import { counterGateway } from './counter.ts';
import { SUPERSEDED, type Paygate, type PaygateCode } from './paygates.ts';
import { sandboxCardGateway } from './sandbox.ts';

export const GATEWAYS: Record<PaygateCode, Paygate> = { 'sandbox-card': sandboxCardGateway, counter: counterGateway };

export type PlaceOrderResult =
  | {
      ok: true;
      paymentId: number;
      bookingId: number;
      bookingPublicId: string;
      paygate: PaygateCode;
      redirectUrl: string;
      providerRef: string;
      expiresAt: Date | null;
    }
  | { ok: false; code: 'booking_not_found' | 'already_paid' | 'booking_not_payable' };

const PAYABLE = new Set(['reserved', 'awaiting_payment', 'expired']);

export async function placeOrder(
  db: Db,
  input: { bookingId: number; paygate: PaygateCode; origin: string; now: number; booking?: BookingRow },
): Promise<PlaceOrderResult> {
  // The caller may have just read the booking (with its lapsed hold released): no second read.
  const booking = input.booking?.id === input.bookingId ? input.booking : await getBooking(db, input.bookingId, new Date(input.now));
  if (!booking) return { ok: false, code: 'booking_not_found' };
  if (isPaidStatus(booking.status)) return { ok: false, code: 'already_paid' };
  if (!PAYABLE.has(booking.status)) return { ok: false, code: 'booking_not_payable' };
  const gateway = GATEWAYS[input.paygate];
  // The gateway's session needs nothing from the payment row, so the row is written once, complete.
  const started = gateway.start(db, {
    bookingId: booking.id,
    bookingPublicId: booking.publicId,
    amountMinor: booking.totalMinor,
    currency: booking.currency,
    lang: booking.lang,
    origin: input.origin,
    now: input.now,
  });
  const payment = await db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    await tx
      .update(payments)
      .set({ status: 'failed', failureCode: SUPERSEDED, updatedAt: new Date(input.now) })
      .where(and(eq(payments.bookingId, booking.id), eq(payments.paygate, gateway.code), eq(payments.status, 'pending')));
    const [row] = await tx
      .insert(payments)
      .values({
        bookingId: booking.id,
        paygate: gateway.code,
        providerRef: started.providerRef,
        amountMinor: booking.totalMinor,
        currency: booking.currency,
        status: 'pending',
        expiresAt: started.expiresAt,
      })
      .returning({ id: payments.id });
    if (!row) throw new Error('payment insert returned nothing');
    if (booking.status === 'reserved')
      await tx
        .update(bookings)
        .set({ status: 'awaiting_payment', updatedAt: new Date(input.now) })
        .where(eq(bookings.id, booking.id));
    return row;
  });
  return {
    ok: true,
    paymentId: payment.id,
    bookingId: booking.id,
    bookingPublicId: booking.publicId,
    paygate: gateway.code,
    redirectUrl: started.redirectUrl,
    providerRef: started.providerRef,
    expiresAt: started.expiresAt,
  };
}
