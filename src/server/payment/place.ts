/**
 * Placing an order: a booking that holds seats (or whose hold lapsed — the seats are re-checked
 * when the money arrives) gets a payment row and is handed to its paygate, which says where the
 * traveller goes next. The booking waits for payment from then on.
 *
 * One open session per booking and paygate: a new one ends the previous one (its payment is
 * marked failed with SUPERSEDED, and money that still arrives for it is refunded — confirm.ts).
 * The booking (then its payments) is locked while this happens, so two orders at once cannot both
 * stay open; the lifecycle's `place_order` transition records who opened it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isPaid, startingStatuses } from '../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { payments } from '../db/schema.ts';
import { getBooking, type BookingRow } from '../booking/bookings.ts';
import { changeInTransaction, lockForChange } from '../booking/lifecycle/locks.ts';
import { applyTransition } from '../booking/lifecycle/transition.ts';
import { counterGateway } from './counter.ts';
import { SUPERSEDED, type Paygate, type PaygateCode } from './paygates.ts';
import { sandboxCardGateway } from './sandbox.ts';
import { yunoGateway } from './yuno/gateway.ts';
import { finapiGateway } from './finapi/gateway.ts';

export const GATEWAYS: Record<PaygateCode, Paygate> = {
  'sandbox-card': sandboxCardGateway,
  counter: counterGateway,
  yuno: yunoGateway,
  finapi: finapiGateway,
};

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
      embedSession: string | null;
    }
  | { ok: false; code: 'booking_not_found' | 'already_paid' | 'booking_not_payable' };

export async function placeOrder(
  db: Db,
  input: {
    bookingId: number;
    paygate: PaygateCode;
    origin: string;
    now: number;
    ctx: ChangeContext;
    booking?: BookingRow;
    /** The order call's Idempotency-Key, passed on to the provider's session call. */
    idempotencyKey?: string | undefined;
    /** The paygates to use (tests hand in providers wired to their local sandbox). */
    gateways?: Record<PaygateCode, Paygate>;
  },
): Promise<PlaceOrderResult> {
  // The caller may have just read the booking (with its lapsed hold released): no second read.
  const booking = input.booking?.id === input.bookingId ? input.booking : await getBooking(db, input.bookingId, new Date(input.now));
  if (!booking) return { ok: false, code: 'booking_not_found' };
  if (isPaid(booking.status)) return { ok: false, code: 'already_paid' };
  if (!startingStatuses('place_order').includes(booking.status)) return { ok: false, code: 'booking_not_payable' };
  const gateway = (input.gateways ?? GATEWAYS)[input.paygate];
  // The gateway's session needs nothing from the payment row, so the row is written once, complete.
  const started = await gateway.start(db, {
    bookingId: booking.id,
    bookingPublicId: booking.publicId,
    amountMinor: booking.totalMinor,
    currency: booking.currency,
    lang: booking.lang,
    origin: input.origin,
    now: input.now,
    idempotencyKey: `start:${String(booking.id)}:${input.paygate}:${input.idempotencyKey ?? randomUUID()}`,
  });
  const payment = await changeInTransaction(db, async (tx) => {
    const {
      bookings: [locked],
    } = await lockForChange(tx, { bookings: [booking.id], paymentsOfBookings: true });
    // Paid in another tab meanwhile, or no longer payable: no new session.
    if (!locked || !startingStatuses('place_order').includes(locked.status)) return { refused: locked?.status };
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
    // A lapsed booking keeps its status until the money arrives (its seats are re-checked then).
    await applyTransition(tx, {
      booking: locked,
      transition: 'place_order',
      to: locked.status === 'reserved' ? 'awaiting_payment' : locked.status,
      ctx: input.ctx,
      now: new Date(input.now),
      amountMinor: booking.totalMinor,
    });
    return row;
  });
  if ('refused' in payment) return { ok: false, code: payment.refused && isPaid(payment.refused) ? 'already_paid' : 'booking_not_payable' };
  return {
    ok: true,
    paymentId: payment.id,
    bookingId: booking.id,
    bookingPublicId: booking.publicId,
    paygate: gateway.code,
    redirectUrl: started.redirectUrl,
    providerRef: started.providerRef,
    expiresAt: started.expiresAt,
    embedSession: started.embedSession ?? null,
  };
}
